import { sql } from 'drizzle-orm';
import { SEARCH_NAME_SQL } from './name-fold.js';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Everyone who signs in: admins (teachers) and students. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Sign-in name, stored lower-case. Students may have none and sign in by mobile number. */
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** The name students see for a teacher (never the sign-in name); null: they see "your teacher". */
    displayName: text('display_name'),
    email: text('email'),
    /** A one-time password mailed by forgot-password: its hash and expiry. */
    tempPasswordHash: text('temp_password_hash'),
    tempPasswordExpiresAt: timestamp('temp_password_expires_at', { withTimezone: true }),
    /** Set after signing in with a temporary password: the user must choose a new one. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * A teacher (admin) account in use; false: deactivated by another admin, which ends its sessions and
     * closes sign-in and the admin API to it. Students keep their own status on the students row.
     */
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The one pending set-password link of the account (a new teacher's first password, or a reset sent
     * by an admin): the SHA-256 of its token and when it stops working. Cleared once used.
     */
    passwordLinkHash: text('password_link_hash'),
    passwordLinkExpiresAt: timestamp('password_link_expires_at', { withTimezone: true }),
    /**
     * The account's password is one its owner knows (chosen, or given by `npm run admin -- reset-password`);
     * false only for a teacher added on the Teachers tab until they first set one. A set-password link for
     * an account with a password goes only to its own e-mail, never to another teacher (decision 0037).
     */
    passwordChosen: boolean('password_chosen').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(t.username),
    uniqueIndex('users_password_link_unique').on(t.passwordLinkHash),
    index('users_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    courseName: text('course_name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('courses_name_unique').on(sql`lower(${t.courseName})`)],
);

export const studentStatuses = ['Activated', 'Deactivated'] as const;

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentName: text('student_name').notNull(),
    /** The name as searched (name-fold.ts): lower-cased, without accents, apostrophes, hyphens and full stops. */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql.raw(SEARCH_NAME_SQL)),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    /** Normalised mobile number (digits, with a leading + when international). */
    mobileNumber: text('mobile_number').notNull(),
    status: text('status', { enum: studentStatuses }).notNull().default('Activated'),
    createdAt: createdAt(),
    /**
     * The student's latest attempt (any kind) and its result (the released teacher overall, else the
     * estimate; null when neither): kept by the trigger parley_student_latest on attempts (migration
     * 0008), read by the class view (decision 0016).
     */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    latestAttemptId: uuid('latest_attempt_id'),
    latestOverall: doublePrecision('latest_overall'),
  },
  (t) => [
    uniqueIndex('students_user_unique').on(t.userId),
    uniqueIndex('students_mobile_unique').on(t.mobileNumber),
    index('students_course_idx').on(t.courseId),
    // The admin list's order (created_at desc, id desc), read backwards; its pages seek past (created_at, id).
    index('students_created_idx').on(t.createdAt, t.id),
    // The class view: per course, who has not practised lately (oldest first, never first).
    index('students_course_last_attempt_idx').on(t.courseId, t.lastAttemptAt),
    // The class view (src/server/class-view/): a course's activated students read from the index
    // alone (the band distribution, who has not practised since a date, never-practised first by
    // id, and the ids the weekly averages join on), without touching the table.
    index('students_class_idx').on(t.courseId, t.status, t.lastAttemptAt, t.id, t.latestOverall),
    // The admin search is "contains" (LIKE '%word%' on the folded name, LIKE '%digits%' on the mobile
    // number), which no btree can serve: trigram GIN indexes (pg_trgm) can, for 3 or more characters.
    index('students_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('students_mobile_trgm_idx').using('gin', sql`${t.mobileNumber} gin_trgm_ops`),
    check('students_status_check', sql`${t.status} in ('Activated', 'Deactivated')`),
  ],
);

/** Signed-in sessions. Only a SHA-256 hash of the cookie token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** On a teacher's session: the student whose test is being taken on this device. */
    actingStudentId: integer('acting_student_id').references(() => students.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_unique').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export const attemptKinds = ['ielts', 'interview'] as const;
export type AttemptKind = (typeof attemptKinds)[number];

/**
 * A finished speaking test or interview. The id is the attempt id the client made, so a retried save
 * finds the stored attempt. Scores are the server's own, computed from the saved answers.
 */
export const attempts = pgTable(
  'attempts',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: attemptKinds }).notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** The teacher whose device the test was taken on, when it was. */
    savedByUserId: integer('saved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The saved payload as received and validated (transcript, answers, client timings). */
    sessionData: jsonb('session_data').notNull(),
    /** False when there was too little speech for a band: no scores then. */
    assessable: boolean('assessable').notNull(),
    overall: doublePrecision('overall'),
    /** The criterion scores (IELTS: fluency, vocabulary, grammar, pronunciation; interview: four others). */
    scores: jsonb('scores'),
    /** The figures behind the scores and the rules that fired. */
    analysis: jsonb('analysis'),
    /**
     * The session's flags (answers not transcribed; the device's recorder gave no audio), kept beside
     * the row by PostgreSQL: the lists, the export and the student's progress read them for every row,
     * and reading them from session_data decompressed each attempt's whole transcript (migration 0015).
     */
    noTranscript: boolean('no_transcript')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(session_data -> 'noTranscript' = 'true'::jsonb, false)`),
    noRecording: boolean('no_recording')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(session_data -> 'noRecording' = 'true'::jsonb, false)`),
    durationMs: integer('duration_ms').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The teacher's own review, kept apart from the automatic estimate. */
    teacherComment: text('teacher_comment'),
    teacherScores: jsonb('teacher_scores'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The review as last released to the student (decision 0016): a copy of the teacher's comment and
     * bands at release. The teacher_* columns are the working copy; an amendment reaches the student
     * when it is released again.
     */
    releasedComment: text('released_comment'),
    releasedScores: jsonb('released_scores'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedByUserId: integer('released_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The admin lists (newest first: completed_at desc, id desc) read it backwards; a page seeks past (completed_at, id).
    index('attempts_kind_completed_idx').on(t.kind, t.completedAt, t.id),
    // A student's own attempts of a kind, newest first (completed_at desc, id desc), read backwards.
    index('attempts_student_idx').on(t.studentId, t.kind, t.completedAt, t.id),
    // A student's attempts of both kinds, newest first (the teacher's student page, My progress), read backwards; a page seeks past (completed_at, id).
    index('attempts_student_completed_idx').on(t.studentId, t.completedAt, t.id),
    check('attempts_kind_check', sql`${t.kind} in ('ielts', 'interview')`),
    // The class view's "awaiting review" (never released), oldest first.
    index('attempts_awaiting_review_idx').on(t.completedAt, t.id).where(sql`${t.releasedAt} is null`),
  ],
);

export const reviewEventActions = ['saved', 'released'] as const;
export type ReviewEventAction = (typeof reviewEventActions)[number];

/**
 * The audit trail of teachers' reviews (decision 0016): one row per saved change to a teacher's
 * comment or bands, and one per release. Append-only: triggers refuse UPDATE, and DELETE unless the
 * attempt itself is gone (its student was deleted), so no API and no slip in code can rewrite it.
 */
export const reviewEvents = pgTable(
  'review_events',
  {
    id: serial('id').primaryKey(),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The teacher's name at the time, kept when the account goes. */
    byUsername: text('by_username'),
    action: text('action', { enum: reviewEventActions }).notNull(),
    /** The review before and after: { comment, scores } (null: none). */
    fromReview: jsonb('from_review'),
    toReview: jsonb('to_review'),
    reason: text('reason'),
  },
  (t) => [
    index('review_events_attempt_idx').on(t.attemptId, t.id),
    check('review_events_action_check', sql`${t.action} in ('saved', 'released')`),
  ],
);

/**
 * Request budgets (sign-in, password checks, uploads) shared by every app process: one row per key
 * with its count and when the window ends.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** A student's interview profile (spec section 3), stored as validated JSON: one row a student. */
export const interviewProfiles = pgTable('interview_profiles', {
  studentId: integer('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  profile: jsonb('profile').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The school's own test questions (decision 0038): Part 1 and Part 3 questions and Part 2 cue cards
 * (the topic in `text`, its lines in `bullets`), with the topic words the off-topic check uses.
 * Retired ones are never drawn again but stay, so the attempts that asked them are still judged.
 * One text once, whatever its case or part.
 */
export const schoolQuestions = pgTable(
  'school_questions',
  {
    id: serial('id').primaryKey(),
    part: integer('part').notNull(),
    text: text('text').notNull(),
    bullets: jsonb('bullets').$type<string[]>().notNull().default([]),
    topicWords: jsonb('topic_words').$type<string[]>().notNull().default([]),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    addedByUserId: integer('added_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('school_questions_text_unique').on(sql`lower(${t.text})`),
    check('school_questions_part_check', sql`${t.part} in (1, 2, 3)`),
  ],
);

export type AttemptRow = typeof attempts.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type StudentRow = typeof students.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type SchoolQuestionRow = typeof schoolQuestions.$inferSelect;
