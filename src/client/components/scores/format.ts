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

/**
 * One line on where Fluency's speed came from: the recording (with what the transcript's timing
 * gave before), or the transcript's timing and why (analysis pending, failed, none; undefined: the
 * state is not known, as on the results right after the test).
 */
export function fluencySourceNote(figures: Readonly<Record<string, number | null>>, band: number, recording: RecordingStatus | undefined): string {
  const audio = fluencyAudioFigures(figures);
  if (audio) {
    const wpm = audio.wordsPerMinute === null ? '' : ` (${Math.round(audio.wordsPerMinute)} words a minute)`;
    if (audio.transcriptTimingBand === null) return "Speed measured in the recording: its speech rate and pauses replace the transcript's words per minute.";
    const was = bandText('ielts', audio.transcriptTimingBand);
    const now = bandText('ielts', band);
    return was === now
      ? `Speed measured in the recording: ${now}, the same as from the transcript's timing${wpm}.`
      : `Speed measured in the recording: was ${was} from the transcript's timing${wpm}, now ${now} from the speech rate and pauses.`;
  }
  switch (recording) {
    case 'pending':
      return "Speed from the transcript's timing (words per minute) for now: the recording is being analysed, and its speech rate and pauses will replace it.";
    case 'failed':
    case 'unavailable':
      return "Speed from the transcript's timing (words per minute): the recording could not be analysed.";
    case null:
      return "Speed from the transcript's timing (words per minute): no recording was analysed.";
    default:
      // Done without the recording's figures (an attempt scored before they were used), or not known here.
      return "Speed from the transcript's timing (words per minute).";
  }
}
