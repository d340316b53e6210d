import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingAnalyses } from '../db/schema-analysis.js';
import { attempts } from '../db/schema.js';
import { scoreSpeakingTest, type AudioFigures } from '../../shared/speaking-test/scoring.js';
import { speakingAnswersOfPairs } from '../../shared/speaking-test/saved-answers.js';
import { createAttempt, testSessionBody } from '../test/attempt-fixtures.js';
import { createTestApp, sessionCookieForUser, type TestApp } from '../test/app.js';
import { testDrivers } from '../test/databases.js';
import { createAdmin, createStudent, type CreatedStudent } from '../test/factories.js';
import { createRecordingStores } from '../recordings/store.js';
import { makeCorpusRecording } from './corpus.js';
import { ffmpegPath } from '../lib/ffmpeg.js';
import { ANALYSIS_LEASE_MS, claimAnalysis, finishAnalysis, renewAnalysisLease } from '../recordings/analysis-queue.js';
import { rescoreWithRecording } from './rescore.js';
import { analyseNext, NO_DECODER_REASON } from './runner.js';
import { AnalysisProcesses } from './process.js';
import { secondHandle } from '../test/app-pair.js';

const folder = mkdtempSync(path.join(tmpdir(), 'parley-analysis-'));
const processes = new AnalysisProcesses();
afterAll(async () => {
  await processes.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A spoken answer as the browser sends it: Opus in WebM, encoded by ffmpeg from the corpus WAV. */
const truth = makeCorpusRecording(
  folder,
  'answer',
  [
    { word: 'teacher', syllables: 2, silenceBeforeMs: 800 },
    { word: 'morning', syllables: 2, silenceBeforeMs: 0 },
    { word: 'beautiful', syllables: 3, silenceBeforeMs: 600 },
    { word: 'garden', syllables: 2, silenceBeforeMs: 1500 },
    { word: 'holiday', syllables: 3, silenceBeforeMs: 0 },
    { word: 'education', syllables: 4, silenceBeforeMs: 900 },
  ],
  'espeak-ng',
  150,
);
const webm = path.join(folder, 'answer.webm');
execFileSync(ffmpegPath() ?? 'ffmpeg', ['-loglevel', 'error', '-y', '-i', truth.file, '-c:a', 'libopus', '-b:a', '32k', webm]);
const webmBytes = readFileSync(webm);

describe.each(testDrivers)('recording analysis on %s', (driver) => {
  let t: TestApp;
  let student: CreatedStudent;
  let cookie: string;
  let teacher: string;
  beforeAll(async () => {
    t = await createTestApp({ driver });
    student = await createStudent(t.database.db, { studentName: 'Lata' });
    cookie = await sessionCookieForUser(t.database.db, student.user.id);
    teacher = await sessionCookieForUser(t.database.db, (await createAdmin(t.database.db)).user.id);
  });
  afterAll(() => t.close());

  const deps = () => ({ db: t.database.db, stores: createRecordingStores({ db: t.database.db, driver, dataDir: t.config.DATA_DIR, configured: undefined }), processes });
  const upload = (id: string, bytes: Buffer, type = 'audio/webm;codecs=opus') =>
    t.app.inject({ method: 'PUT', url: `/api/attempts/${id}/recording`, headers: { cookie, 'content-type': type }, payload: bytes });
  const detail = async (id: string) => (await t.app.inject({ url: `/api/admin/attempts/${id}`, headers: { cookie: teacher } })).json();

  it('measures speech, pauses and syllables of an uploaded recording, places its words; the teacher sees them', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    // The attempt's own timeline: the test started when the recording did, one Part 1 answer.
    const completedAt = new Date(Date.now() - 60_000);
    const started = completedAt.getTime() - Math.round(truth.durationMs / 1000) * 1000;
    const text = truth.words.map((w) => w.word).join(' ');
    await t.database.db
      .update(attempts)
      .set({
        sessionData: {
          duration: Math.round(truth.durationMs / 1000),
          completedAt: completedAt.toISOString(),
          transcript: [
            { speaker: 'Examiner', text: 'Tell me about your day.', timestamp: new Date(started).toISOString(), part: 1 },
            { speaker: 'Student', text, timestamp: new Date(started + truth.durationMs).toISOString(), part: 1 },
          ],
          questionAnswerPairs: [{ part: 1, questionNumber: 1, question: 'Tell me about your day.', answer: text, timestamp: new Date(started + truth.durationMs).toISOString() }],
        },
      })
      .where(eq(attempts.id, id));
    expect((await detail(id)).recordingAnalysis).toBeNull();
    expect((await upload(id, webmBytes)).statusCode).toBe(200);
    expect((await detail(id)).recordingAnalysis).toMatchObject({ status: 'pending', reason: null });
    expect(await analyseNext(deps())).toBe(true);
    expect(await analyseNext(deps())).toBe(false);
    const analysis = (await detail(id)).recordingAnalysis;
    expect(analysis.status).toBe('done');
    // The pauses of 400 ms or more, as made (the Opus round trip blurs edges a little).
    const made = truth.pauses.filter((p) => p.endMs - p.startMs >= 400);
    expect(analysis.pauses.count).toBe(made.length);
    expect(Math.abs(analysis.pauses.longestMs - 1500)).toBeLessThanOrEqual(100);
    const span = (truth.words.at(-1)?.endMs ?? 0) - (truth.words[0]?.startMs ?? 0);
    expect(Math.abs(analysis.speechRateSps - truth.syllables / (span / 1000)) / (truth.syllables / (span / 1000))).toBeLessThanOrEqual(0.15);
    expect(analysis.segments[0].startMs).toBeGreaterThan(700);
    expect(analysis.phonationTimeRatio).toBeGreaterThan(0.3);
    expect(analysis.phonationTimeRatio).toBeLessThan(1);
    expect(analysis.articulationRateSps).toBeGreaterThan(analysis.speechRateSps);
    // Per answer, from the timeline; every word placed near where it was made (the timeline is whole seconds).
    expect(analysis.answers).toHaveLength(1);
    expect(analysis.answers[0]).toMatchObject({ part: 1, questionNumber: 1, syllables: analysis.syllables });
    expect(analysis.alignment).toEqual({ status: 'done', reason: null });
    expect(analysis.words.map((w: { word: string }) => w.word)).toEqual(truth.words.map((w) => w.word));
    const near = analysis.words.filter((w: { startMs: number }, i: number) => Math.abs(w.startMs - (truth.words[i]?.startMs ?? 0)) <= 150);
    expect(near.length / truth.words.length).toBeGreaterThanOrEqual(0.9);
    expect(analysis.hints).toEqual([]);
  });

  it('a done analysis rescores the speaking test with the recording; the list shows it at once; a failed one, an interview and the teacher review stay', async () => {
    // An assessable test saved through the API, its one answer spanning the recording on the attempt's own timeline.
    const duration = Math.ceil(truth.durationMs / 1000);
    const completedAt = new Date(Date.now() - 30_000);
    const at = (ms: number) => new Date(completedAt.getTime() - duration * 1000 + ms).toISOString();
    const body = testSessionBody(student.student.id);
    const [pair] = body.sessionData.questionAnswerPairs;
    if (!pair) throw new Error('one answer');
    body.sessionData = {
      ...body.sessionData,
      duration,
      completedAt: completedAt.toISOString(),
      transcript: [
        { speaker: 'Examiner', text: pair.question, timestamp: at(0), part: 1 },
        { speaker: 'Student', text: pair.answer, timestamp: at(truth.durationMs), part: 1 },
      ],
      questionAnswerPairs: [{ ...pair, timestamp: at(truth.durationMs) }],
    };
    const save = async () => {
      const saved = await t.app.inject({ method: 'POST', url: '/api/test-sessions', headers: { cookie }, payload: { ...body, attemptId: randomUUID() } });
      expect(saved.statusCode).toBe(201);
      return saved.json<{ attemptId: string }>().attemptId;
    };
    const id = await save();
    const review = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/attempts/${id}/review`,
      headers: { cookie: teacher },
      payload: { comment: 'Clear answers; work on linking ideas.', scores: { fluency: 5.5, vocabulary: 6, grammar: 6, pronunciation: 6 }, version: 0 },
    });
    expect(review.statusCode).toBe(200);
    const version = review.json<{ version: number }>().version;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/attempts/${id}/review/release`, headers: { cookie: teacher }, payload: { version } })).statusCode).toBe(200);
    const damaged = await save();
    const interview = await createAttempt(t.database.db, student.student.id, { kind: 'interview' });
    const stored = async (attemptId: string) => {
      const [row] = await t.database.db.select().from(attempts).where(eq(attempts.id, attemptId));
      if (!row) throw new Error('no attempt');
      return row;
    };
    const listOverall = async (attemptId: string) => {
      const list = (await t.app.inject({ url: '/api/admin/test-attempts', headers: { cookie: teacher } })).json<{ attempts: Array<{ id: string; overall: number | null }> }>();
      return list.attempts.find((row) => row.id === attemptId)?.overall;
    };
    const before = await stored(id);
    const damagedBefore = await stored(damaged);
    const interviewBefore = await stored(interview);
    // What the text gave, read once so that the list's caches hold it.
    expect(await listOverall(id)).toBe(before.overall);

    expect((await upload(id, webmBytes)).statusCode).toBe(200);
    expect((await upload(damaged, Buffer.concat([webmBytes.subarray(0, 40), Buffer.alloc(4000, 7)]))).statusCode).toBe(200);
    expect((await upload(interview, webmBytes)).statusCode).toBe(200);
    while (await analyseNext(deps())) {
      // all three
    }

    const shown = await detail(id);
    expect(shown.recordingAnalysis.status).toBe('done');
    const expected = scoreSpeakingTest(speakingAnswersOfPairs(body.sessionData.questionAnswerPairs), { audio: shown.recordingAnalysis as AudioFigures });
    if (!expected.assessable) throw new Error('expected bands');
    expect(expected.criteria.fluency.audio).toMatchObject({ scope: 'answers' });
    const after = await stored(id);
    expect(after.scores).toEqual(expected.bands);
    expect(after.overall).toBe(expected.bands.overall);
    expect(after.analysis).toEqual(JSON.parse(JSON.stringify(expected)));
    // The recording's speed and pauses are Fluency's evidence, not yet weighed: the bands are the ones the results showed right after the test.
    expect(expected.bands).toEqual(before.scores);
    expect(shown.scores).toEqual(expected.bands);
    expect(shown.analysis.criteria[0]).toMatchObject({ criterion: 'fluency', band: expected.bands.fluency, figures: { speechRateSps: expected.criteria.fluency.audio?.speechRateSps } });
    // The list shows the new overall at once (its caches were cleared).
    expect(await listOverall(id)).toBe(expected.bands.overall);
    // The teacher's review, working and released, is untouched.
    for (const column of ['teacherComment', 'teacherScores', 'reviewedAt', 'reviewedByUserId', 'releasedComment', 'releasedScores', 'releasedAt', 'releasedByUserId'] as const) {
      expect(after[column]).toEqual(before[column]);
    }
    expect(after.teacherScores).toMatchObject({ fluency: 5.5, grammar: 6 });
    // Rescoring again from the same analysis changes nothing.
    const [job] = await t.database.db.select().from(recordingAnalyses).where(eq(recordingAnalyses.attemptId, id));
    expect(await rescoreWithRecording(t.database.db, id, job?.result)).toBe(true);
    expect(await stored(id)).toEqual(after);

    // A failed analysis leaves the bands from the text; an interview keeps its scores.
    expect((await detail(damaged)).recordingAnalysis.status).toBe('failed');
    const damagedAfter = await stored(damaged);
    expect([damagedAfter.scores, damagedAfter.overall, damagedAfter.analysis]).toEqual([damagedBefore.scores, damagedBefore.overall, damagedBefore.analysis]);
    expect((await detail(interview)).recordingAnalysis.status).toBe('done');
    const interviewAfter = await stored(interview);
    expect([interviewAfter.scores, interviewAfter.overall, interviewAfter.analysis]).toEqual([interviewBefore.scores, interviewBefore.overall, interviewBefore.analysis]);
  });

  it('a damaged, a silent and a non-audio recording end as failed with the reason; the attempt keeps its bands', async () => {
    const damaged = await createAttempt(t.database.db, student.student.id);
    await upload(damaged, Buffer.concat([webmBytes.subarray(0, 40), Buffer.alloc(4000, 7)]));
    const silent = await createAttempt(t.database.db, student.student.id);
    const silence = path.join(folder, 'silence.webm');
    execFileSync(ffmpegPath() ?? 'ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', '3', '-c:a', 'libopus', silence]);
    await upload(silent, readFileSync(silence));
    const text = await createAttempt(t.database.db, student.student.id);
    await upload(text, Buffer.from('OggS, then words in a file: no audio at all'), 'audio/ogg');
    while (await analyseNext(deps())) {
      // all three
    }
    const [d, s, x] = await Promise.all([detail(damaged), detail(silent), detail(text)]);
    expect(d.recordingAnalysis).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^The recording could not be read as audio/) });
    expect(s.recordingAnalysis).toMatchObject({ status: 'failed', reason: 'No speech was heard in the recording: it is silent or only background noise.' });
    expect(x.recordingAnalysis).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^The recording could not be read as audio/) });
    for (const attempt of [d, s, x]) expect(attempt.overall).toBe(6);
  });

  it('a recording whose analysis was cut off (a crash) is taken up again once its lease runs out; without a decoder it says so', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    await upload(id, webmBytes);
    const claimed = await claimAnalysis(t.database.db);
    expect(claimed).toEqual({ attemptId: id, tries: 1 });
    // The process that claimed it died: nothing is due until its lease ends.
    expect(await analyseNext(deps())).toBe(false);
    await t.database.db.update(recordingAnalyses).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(recordingAnalyses.attemptId, id));
    expect(await analyseNext({ ...deps(), ffmpeg: null })).toBe(true);
    expect((await detail(id)).recordingAnalysis).toMatchObject({ status: 'unavailable', reason: NO_DECODER_REASON });
    const [row] = await t.database.db.select().from(recordingAnalyses).where(eq(recordingAnalyses.attemptId, id));
    expect(row?.tries).toBe(2);
  });

  it('an analysis still being worked on (held back for requests) keeps its lease: no other process takes it', async () => {
    const id = await createAttempt(t.database.db, student.student.id);
    await upload(id, webmBytes);
    expect(await claimAnalysis(t.database.db)).toEqual({ attemptId: id, tries: 1 });
    await t.database.db.update(recordingAnalyses).set({ leaseUntil: sql`now() + interval '1 second'` }).where(eq(recordingAnalyses.attemptId, id));
    await renewAnalysisLease(t.database.db, id);
    const [renewed] = await t.database.db.select().from(recordingAnalyses).where(eq(recordingAnalyses.attemptId, id));
    expect(renewed?.leaseUntil?.getTime()).toBeGreaterThan(Date.now() + ANALYSIS_LEASE_MS - 60_000);
    expect(await claimAnalysis(t.database.db)).toBeNull();
    // An ended analysis is not brought back by a late renewal.
    await finishAnalysis(t.database.db, id, { status: 'failed', reason: 'test' });
    await renewAnalysisLease(t.database.db, id);
    const [ended] = await t.database.db.select().from(recordingAnalyses).where(eq(recordingAnalyses.attemptId, id));
    expect(ended).toMatchObject({ status: 'failed', leaseUntil: null });
  });

  it('with two database handles (two processes) each analysis is taken once', async () => {
    const ids = [];
    for (let i = 0; i < 6; i += 1) {
      const id = await createAttempt(t.database.db, student.student.id);
      await upload(id, webmBytes.subarray(0, 100));
      ids.push(id);
    }
    const other = await secondHandle(t.database);
    try {
      const claims = async (db: typeof t.database.db) => {
        const taken: string[] = [];
        for (let job = await claimAnalysis(db); job; job = await claimAnalysis(db)) taken.push(job.attemptId);
        return taken;
      };
      const [first, second] = await Promise.all([claims(t.database.db), claims(other.db)]);
      expect([...first, ...second].sort()).toEqual([...ids].sort());
    } finally {
      await other.close();
    }
  });
});
