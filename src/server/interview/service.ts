import { eq, sql } from 'drizzle-orm';
import { emptyInterviewProfile, interviewProfile, type InterviewProfile } from '../../shared/api/interview.js';
import type { Db } from '../db/open.js';
import { interviewProfiles, students } from '../db/schema.js';
import { generateInterviewQuestions, type InterviewQuestion } from '../../shared/interview/questions.js';

/** The student's saved profile, or the empty one when they have never saved. */
export async function readInterviewProfile(db: Db, studentId: number): Promise<InterviewProfile> {
  const [row] = await db.select({ profile: interviewProfiles.profile }).from(interviewProfiles).where(eq(interviewProfiles.studentId, studentId));
  if (!row) return emptyInterviewProfile();
  // Stored rows were validated on the way in; parsing again keeps the type honest if the schema grows.
  const parsed = interviewProfile.safeParse(row.profile);
  return parsed.success ? parsed.data : { ...emptyInterviewProfile(), ...(row.profile as Partial<InterviewProfile>) };
}

export async function saveInterviewProfile(db: Db, studentId: number, profile: InterviewProfile): Promise<void> {
  await db
    .insert(interviewProfiles)
    .values({ studentId, profile })
    .onConflictDoUpdate({ target: interviewProfiles.studentId, set: { profile, updatedAt: sql`now()` } });
}

/** The questions the student's interview asks (their stored profile and name, as the client generates them), by number. */
export async function questionsOfProfile(db: Db, studentId: number): Promise<Map<number, InterviewQuestion>> {
  const [profile, [student]] = await Promise.all([
    readInterviewProfile(db, studentId),
    db.select({ studentName: students.studentName }).from(students).where(eq(students.id, studentId)),
  ]);
  if (!student) return new Map();
  return new Map(generateInterviewQuestions(profile, student.studentName).map((question) => [question.id, question]));
}
