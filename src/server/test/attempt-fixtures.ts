import { randomUUID } from 'node:crypto';
import type { SaveTestSessionBody } from '../../shared/api/attempts.js';
import { emptyInterviewProfile, type SaveInterviewSessionBody } from '../../shared/api/interview.js';
import { generateInterviewQuestions } from '../../shared/interview/questions.js';
import { DatabaseRecordingStore } from '../recordings/database-store.js';
import { saveRecording } from '../recordings/service.js';
import type { Db } from '../db/open.js';
import { attempts } from '../db/schema.js';
import { invalidateReadCaches } from '../db/read-cache.js';

/** The first bytes of every WebM (EBML) file: uploads are checked against their declared type's. */
export const WEBM_SIGNATURE = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

const SENTENCE = 'I grew up in a small town near the coast and I still enjoy walking by the sea with my family on weekends';
/**
 * Three different sentences on the question: one sentence said three times is a non-answer (decision
 * 0018) and would get no band.
 */
const ANSWER = [
  `${SENTENCE}.`,
  'The town has a busy fish market, an old lighthouse and a long beach where children play cricket in the evening.',
  'Most people there are fishermen or traders, and everyone knows their neighbours, which I miss now that I study in the city.',
].join('\n');

/** A speaking-test save body with enough speech to be assessable (about 65 words). */
export function testSessionBody(studentId: number, overrides: { attemptId?: string; answer?: string } = {}): SaveTestSessionBody {
  const answer = overrides.answer ?? ANSWER;
  return {
    attemptId: overrides.attemptId ?? randomUUID(),
    studentId,
    sessionData: {
      transcript: [
        { speaker: 'Examiner', text: 'Where did you grow up?', timestamp: '2026-11-21T09:00:00.000Z', part: 1 },
        { speaker: 'Student', text: answer, timestamp: '2026-11-21T09:00:05.000Z', part: 1 },
      ],
      scores: { fluency: 9, vocabulary: 9, grammar: 9, pronunciation: 9, overall: 9 },
      duration: 95,
      completedAt: '2026-11-21T09:01:35.000Z',
      questionAnswerPairs: [
        {
          questionNumber: 1,
          question: 'Where did you grow up?',
          answer,
          part: 1,
          timestamp: '2026-11-21T09:00:05.000Z',
          responseTimeMs: 1200,
          speakingTimeMs: 30_000,
          confidence: 0.9,
        },
      ],
    },
    audioUrl: null,
  };
}

/**
 * The questions the interview of a student who has never saved a profile asks (what the client
 * generates, and what the server scores answers against), each with an answer.
 */
export function askedQuestions(studentName: string, answers: readonly string[]): SaveInterviewSessionBody['sessionData']['questions'] {
  const asked = generateInterviewQuestions(emptyInterviewProfile(), studentName);
  return answers.map((answer, i) => {
    const question = asked[i];
    if (!question) throw new Error(`the empty profile asks ${asked.length} questions, not ${answers.length}`);
    return { questionId: question.id, question: question.question, category: question.category, answer, timestamp: 4000 + i * 60_000, confidence: 0.9 };
  });
}

export function interviewSessionBody(studentId: number, overrides: { attemptId?: string } = {}): SaveInterviewSessionBody {
  return {
    attemptId: overrides.attemptId ?? randomUUID(),
    studentId,
    sessionData: {
      questions: [
        { questionId: 1, question: 'Tell me about yourself.', category: 'Introduction', answer: `${SENTENCE}.`, timestamp: 4000, confidence: 0.92 },
        { questionId: 2, question: 'Why do you want this job?', category: 'Motivation', answer: '', timestamp: 60_000, confidence: null },
      ],
      transcript: [{ speaker: 'Candidate', text: `${SENTENCE}.`, timestamp: 9000 }],
      scores: { communication: 9, confidence: 9, relevance: 9, clarity: 9, overall: 9 },
      duration: 120_000,
      completedAt: '2026-11-21T09:02:00.000Z',
    },
  };
}

/** A stored attempt (bypassing the API), optionally with a recording of the given bytes. */
export async function createAttempt(
  db: Db,
  studentId: number,
  options: { kind?: 'ielts' | 'interview'; recording?: Uint8Array; mimeType?: string } = {},
): Promise<string> {
  const id = randomUUID();
  await db.insert(attempts).values({
    id,
    kind: options.kind ?? 'ielts',
    studentId,
    sessionData: {},
    assessable: true,
    overall: 6,
    scores: { fluency: 6, vocabulary: 6, grammar: 6, pronunciation: 6, overall: 6 },
    durationMs: 60_000,
    completedAt: new Date(),
  });
  invalidateReadCaches(db);
  if (options.recording) {
    // In the database store, which every app on this database reads whatever store it writes to.
    const store = new DatabaseRecordingStore(db);
    const bytes = options.recording;
    await saveRecording(db, { writeTo: store, of: () => store }, {
      attemptId: id,
      studentId,
      mimeType: options.mimeType ?? 'audio/webm',
      source: (async function* () {
        yield bytes;
      })(),
    });
  }
  return id;
}
