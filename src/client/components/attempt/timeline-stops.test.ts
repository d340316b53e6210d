import { describe, expect, it } from 'vitest';
import type { RecordingAnalysis } from '../../../shared/api/recording-analysis';
import { stopIndexAt, timelineStops } from './timeline-stops';

const answer = (questionNumber: number, startMs: number, endMs: number): RecordingAnalysis['answers'][number] => ({
  part: 1,
  questionNumber,
  startMs,
  endMs,
  speakingTimeMs: 0,
  syllables: 0,
  speechRateSps: 0,
  pauses: { count: 0, meanMs: 0, longestMs: 0 },
});
const hint = (word: string, startMs: number) => ({ word, startMs, endMs: startMs + 300, why: 'Hard to place.' });

describe("the timeline's stops for the keyboard and a screen reader", () => {
  // Speech 1-4 s, 5.5-9 s (a 1.5 s pause), 9.4-14 s (0.4 s), then the second answer 20-30 s with a 2.4 s pause.
  const segments = [
    { startMs: 1000, endMs: 4000 },
    { startMs: 5500, endMs: 9000 },
    { startMs: 9400, endMs: 14_000 },
    { startMs: 20_500, endMs: 24_000 },
    { startMs: 26_400, endMs: 30_000 },
  ];

  it("are the answers in time order, each named by where it is, its pauses of a second or more and its words to listen to", () => {
    const analysis = { segments, figuresScope: 'answers' as const, answers: [answer(2, 20_000, 30_000), answer(1, 500, 15_000)], hints: [hint('garden', 6000), hint('morning', 7000)] };
    expect(timelineStops(analysis, 31_000)).toEqual([
      { startMs: 500, endMs: 15_000, name: 'Part 1, question 1, 0:00 to 0:15: 1 pause of 1 s or more, the longest 1.5 s, 2 words to listen to' },
      { startMs: 20_000, endMs: 30_000, name: 'Part 1, question 2, 0:20 to 0:30: 1 pause of 1 s or more, the longest 2.4 s' },
    ]);
  });

  it('are the whole recording when no answer was placed on it', () => {
    const stops = timelineStops({ segments: segments.slice(0, 1), figuresScope: 'recording', answers: [], hints: [] }, 5000);
    expect(stops).toEqual([{ startMs: 0, endMs: 5000, name: 'The recording, 0:00 to 0:05: no pause of 1 s or more' }]);
  });

  it('tell which one holds a moment of the recording', () => {
    const stops = [
      { startMs: 500, endMs: 15_000 },
      { startMs: 20_000, endMs: 30_000 },
    ];
    expect([0, 500, 17_000, 20_000, 40_000].map((ms) => stopIndexAt(stops, ms))).toEqual([-1, 0, 0, 1, 1]);
  });
});
