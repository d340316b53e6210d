import type { SpeechMetricsDto } from '../../../shared/api/admin-attempts';
import { speechFigures } from './CriterionCard';

/*
 * A speaking test taken without a transcript: only the timings were measured, from the
 * microphone's level. The figures counted from words (words per minute, word count, fillers,
 * grammar slips, sentences) are unknown, never zero: the results after the test and both attempt
 * pages show the timings alone, and say so.
 */

/** The speech figures measured without a transcript (the rows of `speechFigures`). */
const TIMING_FIGURES: readonly string[] = ['Response time', 'Speaking time'];

/** The whole test's timing figures as rows for FiguresTable. */
export function timingFigures(metrics: SpeechMetricsDto): Array<[string, string]> {
  return speechFigures(metrics).filter(([name]) => TIMING_FIGURES.includes(name));
}

/** Who reads the timings: the student (the results, their attempt's page) or their teacher (the review page). */
export type TimingsReader = 'student' | 'teacher';

/** The table's caption, for its reader. */
export const TIMINGS_CAPTION: Record<TimingsReader, string> = {
  student: 'Timings from your whole test',
  teacher: 'Timings from the whole test',
};

/**
 * What was measured without a transcript and where the rest is, for its reader; `recorded`: the
 * device made a recording; `scored`: the teacher's bands are in (the student reads them as done).
 */
export function timingsOnlyText(reader: TimingsReader, recorded: boolean, scored = false): string {
  if (reader === 'teacher') {
    return `Without a transcript, only timings were measured: when the student was speaking, from the microphone's sound. Figures counted from words need a transcript. ${
      recorded ? 'Listen to the recording for everything else.' : "No recording was made on the student's device, so there is nothing else to go on."
    }`;
  }
  const rest = !recorded
    ? 'No recording was made, so there is nothing else to go on.'
    : scored
      ? 'Your teacher listened to the recording for everything else.'
      : 'Your teacher listens to the recording for everything else.';
  return `Without a transcript, only timings were measured: when you were speaking, from your microphone's sound. ${rest}`;
}
