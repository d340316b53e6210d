import type { SpeakingTestAnswer } from './answer.js';
import { MIN_ASSESSABLE_WORDS } from './constants.js';
import { BAND_MODEL } from '../band-estimate/coefficients.js';
import { estimateLanguage, type LanguageEstimate } from '../band-estimate/estimate.js';
import type { BandModel } from '../band-estimate/model.js';
import { calibratedCriteria, type FillerSaid } from './calibrated.js';
import { audioFluency, type AudioFigures, type FluencyScore } from './fluency.js';
import type { GrammarScore } from './grammar.js';
import { analyseSpeech, type SpeechMetrics } from './metrics.js';
import { findFillers, tokenisingOnce, wordTokens } from '../text/index.js';
import { judgeAnswers, mostlyNonAnswers, mostlyNonAnswersReason, nonAnswersReason, type NonAnswer } from './non-answers.js';
import type { SchoolQuestionLookup } from './school-questions.js';
import { overallBand, type SpeakingBands } from './overall.js';
import { partNotes, type PartNote } from './part-notes.js';
import type { PronunciationScore } from './pronunciation.js';
import type { VocabularyScore } from './vocabulary.js';

/** What a test without a transcript says instead of bands (the recording is kept for the teacher); here, not in constants.ts, so that only the code that scores carries it. */
export const NO_TRANSCRIPT_RESULT_TEXT = 'Vocabulary and grammar need a transcript: your teacher will score them.';

/*
 * The band estimate. Section 9's rules are replaced by a model fitted on rated learner speech
 * (decision 0030; docs/spec-notes.md): Fluency, Vocabulary and Grammar from the transcript's
 * evidence, Pronunciation not measured from a transcript (shown at the level of the other three),
 * overall the mean of the four. The spec's figures stay as evidence beside each criterion.
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
      /** The calibrated estimate's features and per-criterion levels, the evidence behind the bands. */
      estimate?: LanguageEstimate;
      /** Over the answers that count (non-answers left out). */
      metrics: SpeechMetrics;
      partNotes: PartNote[];
      /** Answers that were not counted, with the reason the student reads. */
      nonAnswers: NonAnswer[];
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
  /** The fitted model (default: the committed one); the validity check passes the fold's own. */
  model?: BandModel;
  /** The school's own questions the answers may have been asked: judged for relevance with their topic words. */
  school?: SchoolQuestionLookup;
}

/**
 * The whole result. Answers that are not answers (only fillers, repeated, off-topic: non-answers.ts)
 * are listed and left out of the figures. Fewer than MIN_ASSESSABLE_WORDS words in the answers that
 * count give no bands: the formulas would give silence about band 5; so does a test most of whose
 * answers were not answers.
 */
export function scoreSpeakingTest(answers: readonly SpeakingTestAnswer[], options: ScoreOptions = {}): SpeakingTestResult {
  return tokenisingOnce(() => scoreTest(answers, options));
}

function scoreTest(answers: readonly SpeakingTestAnswer[], options: ScoreOptions): SpeakingTestResult {
  if (options.transcript === false) {
    // Only the timing figures were measured (from the microphone's level): word-based notes would be false.
    const notes = partNotes(answers).filter((note) => note.part === 2);
    return { assessable: false, reason: NO_TRANSCRIPT_RESULT_TEXT, awaitingTeacher: true, metrics: analyseSpeech(answers), partNotes: notes, nonAnswers: [] };
  }
  const { counted, nonAnswers } = judgeAnswers(answers, options.school);
  const metrics = analyseSpeech(counted);
  const notes = partNotes(answers);
  const given = answers.filter((answer) => wordTokens(answer.answer).length > 0).length;
  if (metrics.wordCount < MIN_ASSESSABLE_WORDS) {
    const recognised = nonAnswers.length === 0 ? metrics.wordCount : analyseSpeech(answers).wordCount;
    const reason =
      recognised < MIN_ASSESSABLE_WORDS ? notAssessableReason(recognised, given, answers.length) : nonAnswersReason(nonAnswers, metrics.wordCount, MIN_ASSESSABLE_WORDS);
    return { assessable: false, reason, awaitingTeacher: false, metrics, partNotes: notes, nonAnswers };
  }
  // Enough words, but from a few of the questions asked: the others silent or not answers (decision 0018).
  if (mostlyNonAnswers(nonAnswers, given, answers.length)) {
    return { assessable: false, reason: mostlyNonAnswersReason(nonAnswers, given, answers.length), awaitingTeacher: false, metrics, partNotes: notes, nonAnswers };
  }
  const model = options.model ?? BAND_MODEL;
  const estimate = estimateLanguage(counted, model);
  const audio = options.audio ? audioFluency(options.audio, counted) : null;
  const criteria = calibratedCriteria(estimate, model, metrics, audio, fillersSaid(counted));
  const subBands = {
    fluency: criteria.fluency.band,
    vocabulary: criteria.vocabulary.band,
    grammar: criteria.grammar.band,
    pronunciation: criteria.pronunciation.band,
  };
  const bands = { ...subBands, overall: overallBand(subBands) };
  return { assessable: true, bands, criteria, estimate, metrics, partNotes: notes, nonAnswers };
}

/** Each filler said in `answers` with how often (the fillers the filler ratio counts). */
function fillersSaid(answers: readonly SpeakingTestAnswer[]): FillerSaid[] {
  const counts = new Map<string, number>();
  for (const answer of answers) for (const match of findFillers(answer.answer)) counts.set(match.filler, (counts.get(match.filler) ?? 0) + 1);
  return [...counts].map(([filler, count]) => ({ filler, count }));
}

/**
 * Too few words. Words heard in most of the answers mean the microphone works and the answers were
 * short, so the advice is about answering, not about the microphone.
 */
function notAssessableReason(wordCount: number, answered: number, asked: number): string {
  const heard = wordCount === 0 ? 'No speech was recognised' : `Only ${wordCount} ${wordCount === 1 ? 'word was' : 'words were'} recognised`;
  const advice =
    answered * 2 > asked
      ? 'Your answers were heard, but they were short: answer each question with a few sentences (say why, give an example), then take the test again.'
      : 'Check that the microphone works and speak clearly, then take the test again.';
  return `${heard}; a band estimate needs at least ${MIN_ASSESSABLE_WORDS} words. ${advice}`;
}
