import { eq } from 'drizzle-orm';
import { z } from '../../shared/zod.js';
import { questionAnswerPair } from '../../shared/api/attempts.js';
import { scoreSpeakingTest, type AudioFigures } from '../../shared/speaking-test/scoring.js';
import { speakingAnswersOfPairs } from '../../shared/speaking-test/saved-answers.js';
import { schoolQuestionLookup } from '../../shared/speaking-test/school-questions.js';
import type { Db } from '../db/open.js';
import { attempts } from '../db/schema.js';
import { schoolQuestionsAsked } from '../school-questions/service.js';

const pauses = z.object({ count: z.number(), meanMs: z.number() });

/** The figures Fluency reads from a done analysis' stored result (the rest of it is not needed here). */
const storedAudioFigures = z.object({
  speechRateSps: z.number().nullable(),
  meanLengthOfRunSyllables: z.number().nullable(),
  answers: z
    .array(
      z.object({
        part: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
        questionNumber: z.number(),
        speakingTimeMs: z.number(),
        syllables: z.number(),
        pauses,
      }),
    )
    .catch([]),
});

/** A done analysis' result as the shared scoring reads it; null when it does not hold the figures. */
export function audioFiguresOf(result: unknown): AudioFigures | null {
  const parsed = storedAudioFigures.safeParse(result);
  return parsed.success ? parsed.data : null;
}

const storedSession = z.object({
  questionAnswerPairs: z.array(questionAnswerPair),
  demo: z.boolean().optional(),
  noTranscript: z.boolean().optional(),
});

/**
 * The speaking test's estimate again once the recording is analysed: its scores, overall and stored
 * explained result, which then carries the recording's speed and pauses as Fluency's evidence
 * (decision 0030: shown, not yet weighed). Only an
 * assessable speaking test with a transcript changes; an interview (no fluency criterion), a test
 * without a transcript (the teacher scores it), a demo and a test with too little speech stay as
 * they are. The teacher's review and what was released are never touched. Idempotent: the same
 * answers and figures give the same result. Run in the transaction that ends the analysis.
 * True when the attempt changed.
 */
export async function rescoreWithRecording(db: Db, attemptId: string, result: unknown): Promise<boolean> {
  const audio = audioFiguresOf(result);
  if (!audio) return false;
  const [attempt] = await db
    .select({ kind: attempts.kind, assessable: attempts.assessable, sessionData: attempts.sessionData })
    .from(attempts)
    .where(eq(attempts.id, attemptId))
    .for('update');
  if (!attempt || attempt.kind !== 'ielts' || !attempt.assessable) return false;
  const session = storedSession.safeParse(attempt.sessionData);
  if (!session.success || session.data.noTranscript === true || session.data.demo === true) return false;
  const answers = speakingAnswersOfPairs(session.data.questionAnswerPairs);
  const school = schoolQuestionLookup(await schoolQuestionsAsked(db, answers.map((answer) => answer.question)));
  const scored = scoreSpeakingTest(answers, { audio, school });
  // The same answers were assessable when saved; should a changed rule now say otherwise, the bands stay.
  if (!scored.assessable) return false;
  await db.update(attempts).set({ scores: scored.bands, overall: scored.bands.overall, analysis: scored }).where(eq(attempts.id, attemptId));
  return true;
}
