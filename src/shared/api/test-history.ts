import { z } from '../zod.js';
import { TEST_HISTORY_LIMIT } from './test-history-limits.js';

export { TEST_HISTORY_LIMIT };

export const testHistoryEntry = z.object({
  attemptId: z.uuid(),
  /** ISO date and time the test was completed. */
  completedAt: z.iso.datetime({ offset: true }),
  /** The estimated overall band (not rounded); null when there was too little speech to assess. */
  overall: z.number().nullable(),
  /** The overall band the teacher released for this test; null until one is released. */
  teacherOverall: z.number().nullable(),
});
export type TestHistoryEntry = z.infer<typeof testHistoryEntry>;

/** GET /api/student/test-history: the signed-in (or acting) student's latest speaking tests, oldest first. */
export const testHistory = z.object({ attempts: z.array(testHistoryEntry).max(TEST_HISTORY_LIMIT) });
export type TestHistory = z.infer<typeof testHistory>;
