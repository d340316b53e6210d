import { describe, expect, it } from 'vitest';
import { findFillers, wordTokens } from '../text/index.js';
import { keptReferenceStems, nonFillerWords, topicMatch } from './non-answers.js';
import { CUE_CARDS, PART1_QUESTIONS, PART3_QUESTIONS } from './questions.js';

/** The plain definition: every token tested against every filler. */
function byDefinition(text: string): string[] {
  const fillers = findFillers(text);
  return wordTokens(text)
    .filter((token) => !fillers.some((filler) => token.index >= filler.index && token.index < filler.index + filler.length))
    .map((token) => token.word);
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
});

describe('the reference stems kept between saves', () => {
  it('are the bank questions\' only: a question text a client sends is not kept (each save of 30 long ones grew the server by megabytes)', () => {
    const bank = PART1_QUESTIONS.length + CUE_CARDS.length + PART3_QUESTIONS.length;
    const answer = 'My home town is a quiet place by the river, with parks, markets and friendly people.';
    for (let i = 0; i < 200; i++) topicMatch({ part: 1, question: `A question no bank holds, number ${i}: where do you walk?`, answer });
    for (const question of PART1_QUESTIONS.slice(0, 5)) topicMatch({ part: 1, question, answer });
    expect(keptReferenceStems()).toBeGreaterThan(0);
    expect(keptReferenceStems()).toBeLessThanOrEqual(bank);
  });
});
