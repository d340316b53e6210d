import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressAttempt, ProgressList } from '../../shared/api/progress.js';
import { EARLIER_NOTHING_MORE_ADVICE, NOTHING_MORE_ADVICE } from '../../shared/band-estimate/nothing-more.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { interviewSessionBody, testSessionBody } from '../test/attempt-fixtures.js';
import { createStudent } from '../test/factories.js';
import { workOnNextOf, type WorkOnNextSource } from './work-on-next.js';

let next = 0;
/** A speaking test as My progress lists it, newest first by the order given. */
function test(result: { fluency: number; vocabulary: number; grammar: number }, fields: Partial<ProgressAttempt> = {}, advice: Partial<Record<string, string>> = {}): WorkOnNextSource {
  next += 1;
  const id = `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`;
  return {
    attempt: {
      id,
      kind: 'ielts',
      completedAt: new Date(Date.UTC(2026, 10, 30 - next)).toISOString(),
      assessable: true,
      estimate: { ...result, pronunciation: 6, overall: 6 },
      teacher: null,
      releasedAt: null,
      result: { ...result, pronunciation: 6, overall: 6 },
      resultSource: 'estimate',
      recording: false,
      ...fields,
    },
    criteria: ['fluency', 'vocabulary', 'grammar', 'pronunciation'].map((criterion) => ({ criterion, base: 5.5, advice: advice[criterion] ?? `${criterion} advice of ${id}` })),
  };
}

describe('what to work on next, over the latest speaking tests', () => {
  it('names the measured criterion with the lowest mean over the last three, with the newest test’s advice for it', () => {
    const newest = test({ fluency: 6, vocabulary: 6, grammar: 5.5 });
    const sources = [newest, test({ fluency: 5, vocabulary: 6.5, grammar: 6 }), test({ fluency: 5, vocabulary: 6, grammar: 6 }), test({ fluency: 9, vocabulary: 9, grammar: 4 })];
    expect(workOnNextOf(sources)).toEqual({
      criteria: [{ criterion: 'fluency', advice: `fluency advice of ${newest.attempt.id}` }],
      means: { fluency: 5.33, vocabulary: 6.17, grammar: 5.83 },
      tests: 3,
      teacherBands: false,
      shortTests: 0,
      from: { id: newest.attempt.id, completedAt: newest.attempt.completedAt, latest: true },
    });
  });

  it("reads the teacher's released bands where they are the result, and says so", () => {
    const reviewed = test(
      { fluency: 7, vocabulary: 7, grammar: 7 },
      { resultSource: 'teacher', shortTestWords: 60, result: { fluency: 6, vocabulary: 7, grammar: 7, pronunciation: 6, overall: 6.5 } },
    );
    // A short test the teacher has given bands is no rough guide; one with the estimate as its result is.
    expect(workOnNextOf([reviewed])).toMatchObject({ criteria: [{ criterion: 'fluency' }], means: { fluency: 6, vocabulary: 7, grammar: 7 }, tests: 1, teacherBands: true, shortTests: 0 });
    expect(workOnNextOf([reviewed, test({ fluency: 6, vocabulary: 7, grammar: 7 }, { shortTestWords: 80 })])).toMatchObject({ tests: 2, shortTests: 1 });
  });

  it('leaves out interviews, tests without a result and tests the earlier rules scored; none left, nothing said', () => {
    const interview: WorkOnNextSource = { ...test({ fluency: 1, vocabulary: 1, grammar: 1 }), attempt: { ...test({ fluency: 1, vocabulary: 1, grammar: 1 }).attempt, kind: 'interview', result: { communication: 2 } } };
    const none = test({ fluency: 1, vocabulary: 1, grammar: 1 }, { resultSource: 'none' });
    const earlier = test({ fluency: 1, vocabulary: 1, grammar: 1 }, { earlierRules: true });
    expect(workOnNextOf([interview, none, earlier])).toBeNull();
    const counted = test({ fluency: 6, vocabulary: 5, grammar: 6 });
    expect(workOnNextOf([interview, none, earlier, counted])).toMatchObject({ criteria: [{ criterion: 'vocabulary' }], tests: 1, from: { id: counted.attempt.id } });
  });

  it("takes the advice from the newest test whose stored working can be read, and says it is not the latest's", () => {
    const damaged: WorkOnNextSource = { ...test({ fluency: 6, vocabulary: 6, grammar: 5 }), criteria: 'not an analysis' };
    const older = test({ fluency: 6, vocabulary: 6, grammar: 5 });
    expect(workOnNextOf([damaged, older])).toMatchObject({
      criteria: [{ criterion: 'grammar', advice: `grammar advice of ${older.attempt.id}` }],
      tests: 2,
      from: { id: older.attempt.id, latest: false },
    });
    // With no readable advice at all, nothing is said.
    expect(workOnNextOf([damaged])).toBeNull();
  });

  it('passes over a criterion whose newest advice finds nothing more to work on, and names criteria level on the mean as shown together', () => {
    const newest = test({ fluency: 6, vocabulary: 5.5, grammar: 6.5 }, {}, { vocabulary: NOTHING_MORE_ADVICE });
    expect(workOnNextOf([newest, test({ fluency: 5, vocabulary: 5, grammar: 5 })])).toMatchObject({ criteria: [{ criterion: 'fluency' }] });
    // The advice as an attempt saved before its plainer wording stored it is passed over too.
    const earlier = EARLIER_NOTHING_MORE_ADVICE;
    const stored = test({ fluency: 6, vocabulary: 5.5, grammar: 6.5 }, {}, { vocabulary: earlier });
    expect(workOnNextOf([stored])).toMatchObject({ criteria: [{ criterion: 'fluency' }] });
    const level = test({ fluency: 6, vocabulary: 5.5, grammar: 6 });
    expect(workOnNextOf([level, test({ fluency: 5, vocabulary: 5.5, grammar: 6 })])).toMatchObject({
      criteria: [
        { criterion: 'fluency', advice: `fluency advice of ${level.attempt.id}` },
        { criterion: 'vocabulary', advice: `vocabulary advice of ${level.attempt.id}` },
      ],
      means: { fluency: 5.5, vocabulary: 5.5, grammar: 6 },
    });
    // Means over three tests, as the page shows them: 5.33 and 5.33 are level; 5.25 against 5.5 is not.
    const near = [test({ fluency: 5, vocabulary: 5.5, grammar: 7 }), test({ fluency: 5.5, vocabulary: 5, grammar: 7 }), test({ fluency: 5.5, vocabulary: 5.5, grammar: 7 })];
    expect(workOnNextOf(near)?.criteria.map(({ criterion }) => criterion)).toEqual(['fluency', 'vocabulary']);
    const apart = [test({ fluency: 5, vocabulary: 5.5, grammar: 7 }), test({ fluency: 5.5, vocabulary: 5.5, grammar: 7 })];
    expect(workOnNextOf(apart)).toMatchObject({ criteria: [{ criterion: 'fluency' }], means: { fluency: 5.25, vocabulary: 5.5 } });
    const all = test({ fluency: 9, vocabulary: 9, grammar: 9 }, {}, { fluency: NOTHING_MORE_ADVICE, vocabulary: NOTHING_MORE_ADVICE, grammar: NOTHING_MORE_ADVICE });
    expect(workOnNextOf([all])).toBeNull();
  });
});

describe('My progress carries it', () => {
  let t: TestApp;
  let cookie: string;
  let studentId: number;
  beforeAll(async () => {
    t = await createTestApp({ driver: 'pglite' });
    const student = await createStudent(t.database.db, { studentName: 'Asha Rao' });
    studentId = student.student.id;
    cookie = await sessionCookieForUser(t.database.db, student.user.id);
  });
  afterAll(() => t.close());
  const list = async () => (await t.app.inject({ method: 'GET', url: '/api/student/attempts', headers: { cookie } })).json() as ProgressList;

  it('from the saved tests, with the advice the newest one gave; an interview after them changes nothing', async () => {
    expect((await list()).workOnNext).toBeNull();
    const save = async (url: string, body: unknown) => {
      const response = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload: body as Record<string, unknown> });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { attemptId: string }).attemptId;
    };
    const on = (completedAt: string) => {
      const body = testSessionBody(studentId);
      return { ...body, sessionData: { ...body.sessionData, completedAt } };
    };
    await save('/api/test-sessions', on('2026-11-21T09:01:35.000Z'));
    const newest = await save('/api/test-sessions', on('2026-11-22T09:01:35.000Z'));
    await save('/api/interview-sessions', interviewSessionBody(studentId));
    const progress = await list();
    const work = progress.workOnNext;
    // The fixture's tests are short (about 65 words): both rough guides.
    expect(work).toMatchObject({ tests: 2, teacherBands: false, shortTests: 2, from: { id: newest } });
    // The advice is the newest test's own, as its page shows it.
    const detail = (await t.app.inject({ method: 'GET', url: `/api/student/attempts/${newest}`, headers: { cookie } })).json() as {
      analysis: { criteria: { criterion: string; advice: string }[] };
    };
    expect(work?.criteria.length).toBeGreaterThan(0);
    const shown = progress.attempts.find((attempt) => attempt.id === newest);
    for (const named of work?.criteria ?? []) {
      expect(named.advice).toBe(detail.analysis.criteria.find((item) => item.criterion === named.criterion)?.advice);
      expect(work?.means[named.criterion]).toBe(shown?.result[named.criterion]);
    }
  });
});
