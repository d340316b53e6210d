import { describe, expect, it } from 'vitest';
import { findFillers, wordTokens } from '../text/index.js';
import { nonFillerWords } from './non-answers.js';

/** The plain definition: every token tested against every filler. */
function byDefinition(text: string): string[] {
  const fillers = findFillers(text);
  return wordTokens(text)
    .filter((token) => !fillers.some((filler) => token.index >= filler.index && token.index < filler.index + filler.length))
    .map((token) => token.word);
}

/** The fastest of five runs, in ms: the least disturbed by other work on the machine. */
function fastestMs(run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('nonFillerWords', () => {
  it('keeps exactly the words outside the fillers, on mixed texts', () => {
    const pieces = ['um', 'uh', 'like', 'you know', 'I', 'like it', 'well,', 'so', 'really', 'er.', 'you', 'know', 'the', 'sofa', 'well-known', '\n'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % pieces.length;
    for (let n = 0; n < 200; n++) {
      const text = Array.from({ length: 1 + (n % 40) }, () => pieces[next()]).join(' ');
      expect(nonFillerWords(text), text).toEqual(byDefinition(text));
    }
  });

  it('takes time in proportion to the answer: a saved test of long filler-heavy answers held the server for seconds', () => {
    const text = (characters: number) => 'um uh er like you know I think '.repeat(Math.ceil(characters / 31)).slice(0, characters);
    const short = text(5_000);
    const long = text(80_000);
    nonFillerWords(long);
    const ratio = fastestMs(() => nonFillerWords(long)) / fastestMs(() => nonFillerWords(short));
    // 16 times the text: 12 to 20 times the time when linear, over 150 when every word meets every filler.
    expect(ratio).toBeLessThan(50);
  });
});
