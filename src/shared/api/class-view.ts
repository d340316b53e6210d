import { z } from '../zod.js';
import { COURSE_INTERVIEW } from '../courses.js';
import { ATTEMPT_KINDS, type AttemptKind } from './admin-attempts.js';

/*
 * The teacher's class view: GET /api/admin/class?courseId=<id>. Per course, the
 * activated students' latest overall bands, each criterion's class average per school week, who has
 * not practised lately, and the attempts waiting for a teacher's review. Without a course: the course
 * picker and the attempts waiting for review in every course.
 */

/** The weeks of criterion averages shown: the current school week (Monday first) and the ones before it. */
export const CLASS_WEEKS = 12;
/** A student with no attempt in this many days (counted back from now) has stopped practising. */
export const INACTIVE_DAYS = 14;
/** Rows shown in each list; the total says how many there are. */
export const CLASS_LIST_LIMIT = 20;
/** The awaiting-review total is counted up to this; beyond it the answer says "1,000 or more". */
export const AWAITING_COUNT_CAP = 1000;

/** Which kind of attempt a course's students take: the Interview Aspirant course interviews, every other course takes the IELTS test (routeForCourse). */
export function kindOfCourse(courseName: string): AttemptKind {
  return courseName === COURSE_INTERVIEW ? 'interview' : 'ielts';
}

const COURSE_ID_MESSAGE = 'must be a course id (a whole number)';

export const classViewQuery = z.object({
  /** Absent or empty: the course picker and every course's attempts awaiting review. */
  courseId: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: COURSE_ID_MESSAGE }).int(COURSE_ID_MESSAGE).min(1, COURSE_ID_MESSAGE).max(2_147_483_647, COURSE_ID_MESSAGE).optional(),
  ),
});
export type ClassViewQuery = z.input<typeof classViewQuery>;

const attemptKind = z.enum(ATTEMPT_KINDS);

export const classCourse = z.object({
  id: z.number().int(),
  courseName: z.string(),
  isActive: z.boolean(),
  kind: attemptKind,
  /** Activated students enrolled in the course. */
  students: z.number().int(),
});
export type ClassCourse = z.infer<typeof classCourse>;

export const bandDistribution = z.object({
  /** Students per half band of their latest overall (the released teacher overall, else the estimate), lowest band first; only bands with students. */
  bands: z.array(z.object({ band: z.number(), count: z.number().int() })),
  /** Practised, but the latest attempt has no band (too little speech, not yet reviewed). */
  noBand: z.number().int(),
  neverPractised: z.number().int(),
  /** Every activated student of the course: the bands' counts plus noBand plus neverPractised. */
  total: z.number().int(),
});
export type BandDistribution = z.infer<typeof bandDistribution>;

export const weeklyAverages = z.object({
  /**
   * CLASS_WEEKS school weeks, oldest first: the Monday each starts on (YYYY-MM-DD at the school), its attempts of the course's
   * kind, and how many of them have a band or score (the ones averaged: a test too short for a band is not).
   */
  weeks: z.array(z.object({ start: z.string(), attempts: z.number().int(), banded: z.number().int() })),
  /** Per criterion of the course's kind: the week's mean of each attempt's band (the released teacher band, else the estimate); null for a week with none. */
  criteria: z.array(z.object({ criterion: z.string(), label: z.string(), averages: z.array(z.number().nullable()) })),
});
export type WeeklyAverages = z.infer<typeof weeklyAverages>;

export const inactiveStudent = z.object({
  id: z.number().int(),
  studentName: z.string(),
  mobileNumber: z.string(),
  /** The number as the other pages show it ("+91 98765 43270"): formatted on the server, no phone library in the page. */
  mobileNumberDisplay: z.string(),
  /** ISO; null when the student never practised. */
  lastAttemptAt: z.string().nullable(),
  /** The student's latest attempt (the link target), null when none. */
  latestAttemptId: z.uuid().nullable(),
});
export type InactiveStudent = z.infer<typeof inactiveStudent>;

export const inactiveStudents = z.object({
  /** Attempts before this instant (ISO) are "not practised for INACTIVE_DAYS days". */
  since: z.string(),
  total: z.number().int(),
  /** Never practised first (by id), then the longest without practice first. */
  students: z.array(inactiveStudent),
});
export type InactiveStudents = z.infer<typeof inactiveStudents>;

export const awaitingAttempt = z.object({
  id: z.uuid(),
  kind: attemptKind,
  studentId: z.number().int(),
  studentName: z.string(),
  courseName: z.string(),
  /** ISO. */
  completedAt: z.string(),
  /** The teacher has saved a review that is not released yet. */
  reviewed: z.boolean(),
  /** No recording and no transcript: nothing a teacher could score (the attempts list's "ask for a retake"). */
  nothingToScore: z.boolean(),
});
export type AwaitingAttempt = z.infer<typeof awaitingAttempt>;

export const awaitingReview = z.object({
  /** Counted up to AWAITING_COUNT_CAP; `capped` when there are at least that many. */
  total: z.number().int(),
  capped: z.boolean(),
  /** Completed attempts never released to the student, oldest first. */
  attempts: z.array(awaitingAttempt),
});
export type AwaitingReview = z.infer<typeof awaitingReview>;

export const classView = z.object({
  /** The course picker: every course with its activated students. */
  courses: z.array(classCourse),
  /** The course asked for; null without courseId (then only `awaiting` follows, across every course). */
  course: classCourse.nullable(),
  distribution: bandDistribution.nullable(),
  weekly: weeklyAverages.nullable(),
  inactive: inactiveStudents.nullable(),
  awaiting: awaitingReview,
  /** When the figures were read (ISO). */
  at: z.string(),
});
export type ClassView = z.infer<typeof classView>;
