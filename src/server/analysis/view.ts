import type { RecordingAnalysis } from '../../shared/api/recording-analysis.js';
import type { Db } from '../db/open.js';
import { analysisOf } from '../recordings/analysis-queue.js';
import type { SpeechFigures } from './metrics.js';
import type { AnswerFigures } from './answers.js';

type StoredResult = Omit<SpeechFigures, 'nucleiMs'> & {
  /** Absent in analyses stored before decision 0031: those counted syllable nuclei. */
  syllableSource?: RecordingAnalysis['syllableSource'];
  syllableTimesMs: number[];
  answers: AnswerFigures[];
  words: RecordingAnalysis['words'];
  hints: RecordingAnalysis['hints'];
  alignment: RecordingAnalysis['alignment'];
  /** Absent in analyses stored before the headline figures were taken over the answers. */
  figuresScope?: RecordingAnalysis['figuresScope'];
};

const EMPTY = {
  durationMs: null,
  speakingTimeMs: null,
  speechRateSps: null,
  articulationRateSps: null,
  phonationTimeRatio: null,
  pauses: null,
  meanLengthOfRunSyllables: null,
  syllables: null,
  syllableSource: null,
  figuresScope: null,
  segments: [],
  syllableTimesMs: [],
  answers: [],
  words: [],
  hints: [],
  alignment: { status: 'unavailable' as const, reason: null },
};

/** An attempt's recording analysis as the API shows it; null when the attempt has no recording analysis (no recording). */
export async function recordingAnalysisView(db: Db, attemptId: string): Promise<RecordingAnalysis | null> {
  const row = await analysisOf(db, attemptId);
  if (!row) return null;
  if (row.status === 'done' && row.result) {
    const result = row.result as StoredResult;
    return {
      status: 'done',
      reason: null,
      durationMs: result.durationMs,
      speakingTimeMs: result.speakingTimeMs,
      speechRateSps: result.speechRateSps,
      articulationRateSps: result.articulationRateSps,
      phonationTimeRatio: result.phonationTimeRatio,
      pauses: result.pauses,
      meanLengthOfRunSyllables: result.meanLengthOfRunSyllables,
      syllables: result.syllables,
      syllableSource: result.syllableSource ?? 'nuclei',
      figuresScope: result.figuresScope ?? 'recording',
      segments: result.segments,
      syllableTimesMs: result.syllableTimesMs,
      answers: result.answers,
      words: result.words,
      hints: result.hints,
      alignment: result.alignment,
    };
  }
  // A job being worked on is still pending for whoever looks.
  const status = row.status === 'running' ? 'pending' : row.status === 'done' ? 'failed' : row.status;
  return { ...EMPTY, status, reason: row.reason };
}
