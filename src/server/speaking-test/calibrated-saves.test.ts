import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerAnswers, loadLearners } from '../../../scripts/band-model/data.js';
import { spearman } from '../../../scripts/band-model/stats.js';
import { scoreSpeakingTest, type SpeakingBands } from '../../shared/speaking-test/scoring.js';
import { attempts } from '../db/schema.js';
import { testSessionBody } from '../test/attempt-fixtures.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createStudent, type CreatedStudent } from '../test/factories.js';

/*
 * Real learners' speech (the development set) saved the way the app's client saves a test, with
 * speaking time proportional to the words so that timing says nothing: the server stores the band
 * the shared estimate gives, every learner of level 3 and above gets one, and the stored bands rank
 * the learners as their raters did. (Cross-validated agreement is `npm run validity`'s job; this
 * checks the API path on a sample dealt across the levels.)
 */

const SAMPLE_EVERY = 12;

describe.each(testDrivers)('calibrated bands through POST /api/test-sessions on %s', (driver) => {
  let t: TestApp;
  let student: CreatedStudent;
  let cookie: string;
  const learners = loadLearners()
    .sort((a, b) => a.level - b.level || a.id.localeCompare(b.id))
    .filter((_, i) => i % SAMPLE_EVERY === 0);

  beforeAll(async () => {
    // One student saves sixty learners' tests: past the day's budget of new attempts a real student has.
    t = await createTestApp({ driver, rateLimits: { newAttemptsPerStudent: { max: 1000, windowMs: 60_000 } } });
    student = await createStudent(t.database.db, { studentName: 'Kenji' });
    cookie = await sessionCookieForUser(t.database.db, student.user.id);
  });
  afterAll(() => t.close());

  it('stores the shared estimate for each learner and ranks them as the raters did', async () => {
    const stored: { level: number; bands: SpeakingBands | null }[] = [];
    for (const learner of learners) {
      const answers = learnerAnswers(learner, { fillers: false });
      const base = testSessionBody(student.student.id);
      const start = Date.parse('2026-11-21T09:00:00.000Z');
      const pairs = answers.map((answer, i) => ({ ...answer, timestamp: new Date(start + (i + 1) * 40_000).toISOString() }));
      const body = {
        ...base,
        sessionData: {
          ...base.sessionData,
          duration: 900,
          transcript: pairs.flatMap((pair) => [
            { speaker: 'Examiner' as const, text: pair.question, timestamp: pair.timestamp, part: pair.part },
            { speaker: 'Student' as const, text: pair.answer, timestamp: pair.timestamp, part: pair.part },
          ]),
          questionAnswerPairs: pairs,
        },
      };
      const response = await t.app.inject({ method: 'POST', url: '/api/test-sessions', headers: { cookie }, payload: body });
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await t.database.db.select().from(attempts).where(eq(attempts.id, body.attemptId ?? ''));
      const expected = scoreSpeakingTest(answers);
      expect(row?.scores ?? null, learner.id).toEqual(expected.assessable ? expected.bands : null);
      stored.push({ level: learner.level, bands: (row?.scores as SpeakingBands | null | undefined) ?? null });
    }
    expect(stored.filter((row) => row.level >= 3 && row.bands === null)).toEqual([]);
    const banded = stored.filter((row): row is { level: number; bands: SpeakingBands } => row.bands !== null);
    expect(spearman(banded.map((row) => row.bands.overall), banded.map((row) => row.level))).toBeGreaterThan(0.75);
  });
});
