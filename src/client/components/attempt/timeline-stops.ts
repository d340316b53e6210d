import type { RecordingAnalysis } from '../../../shared/api/recording-analysis';
import { answerLabel, countedPauses, formatClock, LONG_PAUSE_MS, type Span } from './recording-evidence';

/*
 * The timeline for the keyboard and a screen reader: its stops are the answers on it (the whole
 * recording when no answer was placed), each named with what the picture shows of it: where it is,
 * its long pauses (the dark marks) and its words to listen to. RecordingTimeline.tsx makes them
 * focusable; Enter plays from one.
 */

export interface TimelineStop extends Span {
  name: string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "0:45 to 1:30: 2 pauses of 1 s or more, the longest 2.4 s, 1 word to listen to". */
function stopName(label: string, span: Span, pauses: readonly Span[], hints: readonly { startMs: number }[]): string {
  const inside = (at: number) => at >= span.startMs && at < span.endMs;
  const long = pauses.filter((pause) => inside(pause.startMs) && pause.endMs - pause.startMs >= LONG_PAUSE_MS);
  const longest = Math.max(0, ...long.map((pause) => pause.endMs - pause.startMs));
  const parts = [long.length === 0 ? 'no pause of 1 s or more' : `${plural(long.length, 'pause', 'pauses')} of 1 s or more, the longest ${(longest / 1000).toFixed(1)} s`];
  const listen = hints.filter((hint) => inside(hint.startMs)).length;
  if (listen > 0) parts.push(plural(listen, 'word to listen to', 'words to listen to'));
  return `${label}, ${formatClock(span.startMs)} to ${formatClock(span.endMs)}: ${parts.join(', ')}`;
}

/** The timeline's stops, in time order: each answer, or the whole recording (`durationMs`) when none was placed. */
export function timelineStops(analysis: Pick<RecordingAnalysis, 'answers' | 'segments' | 'figuresScope' | 'hints'>, durationMs: number): TimelineStop[] {
  const pauses = countedPauses(analysis);
  if (analysis.answers.length === 0) {
    const whole = { startMs: 0, endMs: durationMs };
    return [{ ...whole, name: stopName('The recording', whole, pauses, analysis.hints) }];
  }
  return [...analysis.answers]
    .sort((a, b) => a.startMs - b.startMs)
    .map((answer) => ({ startMs: answer.startMs, endMs: answer.endMs, name: stopName(answerLabel(answer), answer, pauses, analysis.hints) }));
}

/** The stop holding `ms` (the last one started), or -1 before the first. */
export function stopIndexAt(stops: readonly Span[], ms: number): number {
  let found = -1;
  for (const [i, stop] of stops.entries()) if (stop.startMs <= ms) found = i;
  return found;
}
