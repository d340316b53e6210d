import { bandText } from '../../../shared/api/admin-attempts-kinds';

/** "1.2 s" from milliseconds. */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** "12%" from a ratio; one decimal under 10%. */
export function formatPercent(ratio: number): string {
  const percent = ratio * 100;
  return `${percent < 10 && percent > 0 ? percent.toFixed(1) : Math.round(percent)}%`;
}

/** The state of an attempt's recording analysis (null: no recording was analysed). */
export type RecordingStatus = 'pending' | 'done' | 'failed' | 'unavailable' | null;

/** Fluency's speed figures from the recording, when it read them (decision 0019); null: the text formula. */
export function fluencyAudioFigures(
  figures: Readonly<Record<string, number | null>>,
): { speechRateSps: number; meanLengthOfRunSyllables: number; transcriptTimingBand: number | null; wordsPerMinute: number | null } | null {
  const { speechRateSps, meanLengthOfRunSyllables, transcriptTimingBand, wordsPerMinute } = figures;
  if (typeof speechRateSps !== 'number' || typeof meanLengthOfRunSyllables !== 'number') return null;
  return { speechRateSps, meanLengthOfRunSyllables, transcriptTimingBand: transcriptTimingBand ?? null, wordsPerMinute: wordsPerMinute ?? null };
}

/** The figures behind Fluency that the note says rather than the list (the text's, kept beside the audio's). */
export const FLUENCY_NOTE_FIGURES: readonly string[] = ['wordsPerMinute', 'transcriptTimingBand'];

const FROM_TRANSCRIPT = 'Estimated from the transcript: how long the answers are, how much is said between linking words, and the linking words';

/**
 * One line on what Fluency rests on. The estimate reads the transcript (decision 0030); the
 * recording's speed and pauses, once analysed, are shown beside it as evidence. An attempt scored
 * before that, whose speed came from the recording (decision 0019), still says what it changed.
 * `recording` is the analysis state (undefined: not known here, as on the results right after the test).
 */
export function fluencySourceNote(figures: Readonly<Record<string, number | null>>, band: number, recording: RecordingStatus | undefined): string {
  const audio = fluencyAudioFigures(figures);
  if (audio) {
    const was = audio.transcriptTimingBand === null ? null : bandText('ielts', audio.transcriptTimingBand);
    const now = bandText('ielts', band);
    if (was !== null && was !== now) {
      const wpm = audio.wordsPerMinute === null ? '' : ` (${Math.round(audio.wordsPerMinute)} words a minute)`;
      return `Speed measured in the recording: was ${was} from the transcript's timing${wpm}, now ${now} from the speech rate and pauses.`;
    }
    return 'Speed measured in the recording: shown as evidence only. The band comes from the transcript until recordings graded by trained raters can check these figures.';
  }
  switch (recording) {
    case 'pending':
      return `${FROM_TRANSCRIPT}. The recording is being analysed; its speed and pauses will be shown beside it.`;
    case 'failed':
    case 'unavailable':
      return `${FROM_TRANSCRIPT}. The recording could not be analysed.`;
    case null:
      return `${FROM_TRANSCRIPT}. No recording was analysed.`;
    default:
      return `${FROM_TRANSCRIPT}.`;
  }
}
