import { eq, sql } from 'drizzle-orm';
import { emptyInterviewProfile, interviewProfile, type InterviewProfile } from '../../shared/api/interview.js';
import type { Db } from '../db/open.js';
import { interviewProfiles } from '../db/schema.js';

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
