import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { groupWordsByAnswer, type AlignedWord } from './recording-evidence';
import { WordTranscript } from './WordTranscript';

const word = (text: string, startMs: number, endMs: number): AlignedWord => ({ word: text, startMs, endMs, confidence: 0.9 });

describe('the word-by-word transcript', () => {
  it('keeps the words not found in the recording, in their place, marked and not playable', () => {
    const words = [word('i', 1_000, 1_100), word('saw', 1_200, 1_500), word('a', 1_600, 1_650), word('lighthouse', 2_600, 3_200)];
    const why = 'Not found in the recording: listen whether it was said.';
    const missing = [
      { word: 'purple', startMs: 1_650, endMs: 1_650, why },
      { word: 'elephant', startMs: 1_650, endMs: 1_650, why },
    ];
    const html = renderToStaticMarkup(
      <MantineProvider>
        <WordTranscript audio={null} words={words} groups={groupWordsByAnswer(words, [])} hintWhy={new Map()} missing={missing} />
      </MantineProvider>,
    );
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('i saw a purple (not found in the recording) elephant (not found in the recording) lighthouse');
    expect(html.match(/data-missing-word="true"/g)).toHaveLength(2);
    // Only the placed words are buttons that play.
    expect(html.match(/<button/g)).toHaveLength(4);
    // Said for a phone as for a mouse.
    expect(text).toContain('Tap or click a word to play the recording from there');
  });
});
