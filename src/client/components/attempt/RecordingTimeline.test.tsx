import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RecordingAnalysis } from '../../../shared/api/recording-analysis';
import { RecordingTimeline } from './RecordingTimeline';

const analysis: RecordingAnalysis = {
  status: 'done',
  reason: null,
  durationMs: 30_000,
  speakingTimeMs: 25_000,
  speechRateSps: 4,
  articulationRateSps: 4.5,
  phonationTimeRatio: 0.8,
  pauses: { count: 1, meanMs: 500, longestMs: 500 },
  meanLengthOfRunSyllables: 20,
  syllables: 100,
  syllableSource: 'words',
  figuresScope: 'answers',
  segments: [{ startMs: 0, endMs: 30_000 }],
  syllableTimesMs: [],
  answers: [],
  words: [],
  hints: [],
  alignment: { status: 'done', reason: null },
};

describe('the recording timeline', () => {
  it('tells a phone user to tap it, not only a mouse user to click it, and a keyboard user what Enter does', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <RecordingTimeline analysis={analysis} audio={null} summary="30 s recorded" />
      </MantineProvider>,
    );
    expect(html).toContain('30 s recorded. Tap or click the timeline to play from there. With a keyboard, Enter plays it from the start.');
  });
});
