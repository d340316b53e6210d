import { z } from '../../shared/zod.js';
import { IELTS_CRITERIA, ieltsAnalysis, interviewAnalysis, type IeltsAnalysis, type IeltsAnswer, type InterviewAnalysis, type InterviewAnswer } from '../../shared/api/admin-attempts.js';
import { CUE_CARDS } from '../../shared/speaking-test/questions.js';

/* An attempt's saved payloads (its answers and the scores' analysis) read back for the attempt's page. */

// The saved payloads were validated when saved; read them leniently, so an older shape still shows.
const storedIeltsSession = z.object({
  demo: z.boolean().optional().catch(undefined),
  part2Notes: z.string().optional().catch(undefined),
  questionAnswerPairs: z
    .array(
      z.object({
        part: z.number().int(),
        questionNumber: z.number().int(),
        question: z.string(),
        answer: z.string(),
        responseTimeMs: z.number().nullable().optional(),
        speakingTimeMs: z.number().optional(),
        repeated: z.boolean().optional(),
      }),
    )
    .catch([]),
});

const storedInterviewSession = z.object({
  questions: z
    .array(
      z.object({
        questionId: z.number().int(),
        question: z.string(),
        category: z.string().nullable().optional(),
        answer: z.string(),
        timestamp: z.number().nullable().optional(),
        recordingStartMs: z.number().optional(),
        recordingEndMs: z.number().optional(),
      }),
    )
    .catch([]),
});

const storedSpeakingResult = z.object({
  assessable: z.boolean(),
  reason: z.string().optional(),
  criteria: z.record(z.string(), z.unknown()).optional(),
  metrics: z.unknown(),
  partNotes: z.unknown(),
  nonAnswers: z.unknown().optional(),
});

export function ieltsAnswers(sessionData: unknown): { demo: boolean; answers: IeltsAnswer[] } {
  const parsed = storedIeltsSession.safeParse(sessionData ?? {});
  if (!parsed.success) return { demo: false, answers: [] };
  return {
    demo: parsed.data.demo ?? false,
    answers: parsed.data.questionAnswerPairs.map((pair) => {
      const card = pair.part === 2 ? CUE_CARDS.find((cueCard) => cueCard.topic === pair.question.trim()) : undefined;
      return {
        part: pair.part,
        questionNumber: pair.questionNumber,
        question: pair.question,
        answer: pair.answer,
        cueCard: card ? { topic: card.topic, bullets: [...card.bullets] } : null,
        responseTimeMs: pair.responseTimeMs ?? null,
        speakingTimeMs: pair.speakingTimeMs ?? null,
        ...(pair.repeated === true ? { repeated: true as const } : {}),
        ...(pair.part === 2 && parsed.data.part2Notes ? { notes: parsed.data.part2Notes } : {}),
      };
    }),
  };
}

export function interviewAnswers(sessionData: unknown): InterviewAnswer[] {
  const parsed = storedInterviewSession.safeParse(sessionData ?? {});
  if (!parsed.success) return [];
  return parsed.data.questions.map((entry) => ({
    questionId: entry.questionId,
    question: entry.question,
    category: entry.category ?? null,
    answer: entry.answer,
    timestamp: entry.timestamp ?? null,
    ...(entry.recordingStartMs !== undefined && entry.recordingEndMs !== undefined && entry.recordingEndMs >= entry.recordingStartMs
      ? { recording: { startMs: entry.recordingStartMs, endMs: entry.recordingEndMs } }
      : {}),
  }));
}

/**
 * The stored working's criteria as a list, read leniently for the lists of attempts (My progress's
 * marks and Work on next; readIeltsAnalysis reads the whole analysis for an attempt's page). The
 * analysis stores them by name (SpeakingTestResult's `criteria`, `{ fluency: {...}, ... }`); a list
 * of them is read too. Entries without a name are left out.
 */
export function storedCriteria(criteria: unknown): { criterion: string; base?: number; advice?: string }[] {
  if (typeof criteria !== 'object' || criteria === null) return [];
  const entries: unknown[] = Array.isArray(criteria) ? criteria : Object.entries(criteria).map(([name, entry]) => (typeof entry === 'object' && entry !== null ? { criterion: name, ...entry } : null));
  return entries.flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { criterion, base, advice } = entry as { criterion?: unknown; base?: unknown; advice?: unknown };
    if (typeof criterion !== 'string') return [];
    return [{ criterion, ...(typeof base === 'number' ? { base } : {}), ...(typeof advice === 'string' ? { advice } : {}) }];
  });
}

/** The stored SpeakingTestResult as the review page reads it (criteria as a list in the spec's order). */
export function readIeltsAnalysis(analysis: unknown): IeltsAnalysis | null {
  const stored = storedSpeakingResult.safeParse(analysis);
  if (!stored.success) return null;
  const { assessable, reason, criteria, metrics, partNotes, nonAnswers } = stored.data;
  const parsed = ieltsAnalysis.safeParse({
    assessable,
    reason: reason ?? null,
    criteria: assessable && criteria ? IELTS_CRITERIA.map((criterion) => criteria[criterion]) : [],
    metrics,
    partNotes,
    ...(nonAnswers === undefined ? {} : { nonAnswers }),
  });
  return parsed.success ? parsed.data : null;
}

export function readInterviewAnalysis(analysis: unknown): InterviewAnalysis | null {
  const parsed = interviewAnalysis.safeParse(analysis);
  return parsed.success ? parsed.data : null;
}
