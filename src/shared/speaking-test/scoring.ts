import type { SpeakingTestAnswer } from './answer.js';
import { MIN_ASSESSABLE_WORDS, NO_TRANSCRIPT_RESULT_TEXT } from './constants.js';
import { audioFluency, scoreFluency, type AudioFigures, type FluencyScore } from './fluency.js';
import { scoreGrammar, type GrammarScore } from './grammar.js';
import { analyseSpeech, type SpeechMetrics } from './metrics.js';
import { judgeAnswers, nonAnswersReason, type NonAnswer } from './non-answers.js';
import { overallBand, type SpeakingBands } from './overall.js';
import { partNotes, type PartNote } from './part-notes.js';
import { scorePronunciation, type PronunciationScore } from './pronunciation.js';
import { scoreVocabulary, type VocabularyScore } from './vocabulary.js';

/*
 * The spec's band heuristics (section 9). Each criterion starts from its base, adds the delta of
 * every rule that fires, and is clamped to 1..9; overall is the mean of the four. With the spec's
 * bases and deltas no criterion can leave 1..9 (fluency spans 2.5 to 7, vocabulary 3 to 7.5,
 * grammar 4 to 7.5, pronunciation 6 to 6.5), so the clamp is a guard for changed constants.
 */

// Each criterion and the overall band live in a file named after it; everything stays importable from here.
export { clampBand, type Criterion, type CriterionScore, type RuleHit } from './criterion.js';
export * from './fluency.js';
export * from './vocabulary.js';
export * from './grammar.js';
export * from './pronunciation.js';
export * from './overall.js';

export type SpeakingTestResult =
  | {
      assessable: true;
      bands: SpeakingBands;
      criteria: { fluency: FluencyScore; vocabulary: VocabularyScore; grammar: GrammarScore; pronunciation: PronunciationScore };
      /** Over the answers that count (non-answers left out). */
      metrics: SpeechMetrics;
      partNotes: PartNote[];
      /** Answers that were not counted, with the reason the student reads. */
      nonAnswers: NonAnswer[];
      /**
       * Present when Fluency came from the recording: the bands and Fluency the text alone gave
       * (browser-timed words per minute), as the results showed right after the test.
       */
      textOnly?: { bands: SpeakingBands; fluency: FluencyScore };
    }
  | {
      assessable: false;
      reason: string;
      /** True when there is no transcript to score: the teacher gives the bands from the recording. */
      awaitingTeacher: boolean;
      /** Over the answers that count (non-answers left out). */
      metrics: SpeechMetrics;
      partNotes: PartNote[];
      /** Answers that were not counted, with the reason the student reads (none without a transcript). */
      nonAnswers: NonAnswer[];
    };

export interface ScoreOptions {
  /** False when the answers were not transcribed (default true): no band is estimated then. */
  transcript?: boolean;
  /**
   * The recording's figures, when it was analysed: Fluency reads its speed from them instead of
   * words per minute (decision 0019). Absent or null: the text formula (demo mode, no recording,
   * analysis pending or failed).
   */
  audio?: AudioFigures | null;
}

/**
 * The whole result. Answers that are not answers (only fillers, repeated, off-topic: non-answers.ts)
 * are listed and left out of the figures. Fewer than MIN_ASSESSABLE_WORDS words in the answers that
 * count give no bands: the formulas would give silence about band 5.
 */
export function scoreSpeakingTest(answers: readonly SpeakingTestAnswer[], options: ScoreOptions = {}): SpeakingTestResult {
  if (options.transcript === false) {
    // Only the timing figures were measured (from the microphone's level): word-based notes would be false.
    const notes = partNotes(answers).filter((note) => note.part === 2);
    return { assessable: false, reason: NO_TRANSCRIPT_RESULT_TEXT, awaitingTeacher: true, metrics: analyseSpeech(answers), partNotes: notes, nonAnswers: [] };
  }
  const { counted, nonAnswers } = judgeAnswers(answers);
  const metrics = analyseSpeech(counted);
  const notes = partNotes(answers);
  if (metrics.wordCount < MIN_ASSESSABLE_WORDS) {
    const recognised = nonAnswers.length === 0 ? metrics.wordCount : analyseSpeech(answers).wordCount;
    const reason =
      recognised < MIN_ASSESSABLE_WORDS ? notAssessableReason(recognised) : nonAnswersReason(nonAnswers, metrics.wordCount, MIN_ASSESSABLE_WORDS);
    return { assessable: false, reason, awaitingTeacher: false, metrics, partNotes: notes, nonAnswers };
  }
  const textFluency = scoreFluency(metrics);
  const audio = options.audio ? audioFluency(options.audio, counted) : null;
  const criteria = {
    fluency: audio ? scoreFluency(metrics, audio) : textFluency,
    vocabulary: scoreVocabulary(metrics),
    grammar: scoreGrammar(metrics),
    pronunciation: scorePronunciation(metrics),
  };
  const subBands = {
    fluency: criteria.fluency.band,
    vocabulary: criteria.vocabulary.band,
    grammar: criteria.grammar.band,
    pronunciation: criteria.pronunciation.band,
  };
  const bands = { ...subBands, overall: overallBand(subBands) };
  if (!audio) return { assessable: true, bands, criteria, metrics, partNotes: notes, nonAnswers };
  const textSubBands = { ...subBands, fluency: textFluency.band };
  const textOnly = { bands: { ...textSubBands, overall: overallBand(textSubBands) }, fluency: textFluency };
  return { assessable: true, bands, criteria, metrics, partNotes: notes, nonAnswers, textOnly };
}

function notAssessableReason(wordCount: number): string {
  const heard = wordCount === 0 ? 'No speech was recognised' : `Only ${wordCount} ${wordCount === 1 ? 'word was' : 'words were'} recognised`;
  return `${heard}; a band estimate needs at least ${MIN_ASSESSABLE_WORDS} words. Check that the microphone works and speak clearly, then take the test again.`;
}
