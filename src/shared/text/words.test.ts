import { describe, expect, it } from 'vitest';
import { sentences, spokenTogether, tokenisingOnce, uniqueWordCount, wordCount, wordTokens, words } from './words.js';

describe('words', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['Hello world', ['hello', 'world']],
    ["I don't know, it's fine.", ['i', "don't", 'know', "it's", 'fine']],
    ['I’m here', ["i'm", 'here']],
    ['I was 21 in 2019', ['i', 'was', '21', 'in', '2019']],
    ['about 3.5 hours or 1,000 km', ['about', '3.5', 'hours', 'or', '1,000', 'km']],
    ['a well-known place', ['a', 'well-known', 'place']],
    ['50% of people', ['50', 'of', 'people']],
    ['end.Start', ['end', 'start']],
    ['the students’ books', ['the', 'students', 'books']],
    ['Café in München', ['café', 'in', 'münchen']],
    ['UPPER lower', ['upper', 'lower']],
  ])('%j', (text, expected) => {
    expect(words(text)).toEqual(expected);
    expect(wordCount(text)).toBe(expected.length);
  });

  it('gives each token its place in the original text', () => {
    const text = 'Well, I’m  fine';
    const tokens = wordTokens(text);
    expect(tokens).toEqual([
      { word: 'well', index: 0, length: 4 },
      { word: "i'm", index: 6, length: 3 },
      { word: 'fine', index: 11, length: 4 },
    ]);
    expect(tokens.map((t) => text.slice(t.index, t.index + t.length))).toEqual(['Well', 'I’m', 'fine']);
  });
});

describe('uniqueWordCount', () => {
  it.each([
    ['', 0],
    ['the cat and the dog', 4],
    ['The the THE', 1],
    ["don't dont", 2],
  ])('%j has %i different words', (text, expected) => {
    expect(uniqueWordCount(text)).toBe(expected);
  });
});

describe('sentences', () => {
  it.each([
    ['', []],
    ['...', []],
    ['i like travelling and i go abroad every year', ['i like travelling and i go abroad every year']],
    ['I like it. Do you? Yes!', ['I like it.', 'Do you?', 'Yes!']],
    ['Wait... then we left', ['Wait...', 'then we left']],
    ['first part\nsecond part', ['first part', 'second part']],
    ['first\r\nsecond\rthird', ['first', 'second', 'third']],
    ['It cost 3.5 dollars. Cheap', ['It cost 3.5 dollars.', 'Cheap']],
    ['Well… maybe', ['Well…', 'maybe']],
    ['one.\n\n. two', ['one.', 'two']],
  ])('%j', (text, expected) => {
    expect(sentences(text)).toEqual(expected);
  });

  it('splits pre-split utterances on their own and never joins them', () => {
    expect(sentences(['no punctuation here', 'nor here', '', 'Two. Sentences'])).toEqual([
      'no punctuation here',
      'nor here',
      'Two.',
      'Sentences',
    ]);
  });
});

describe('spokenTogether', () => {
  it.each([
    ['you know', true],
    ['you \t know', true],
    ['you, know', false],
    ['you. know', false],
    ['you\nknow', false],
  ])('%j', (text, expected) => {
    const [first, second] = wordTokens(text);
    expect(spokenTogether(text, first!, second!)).toBe(expected);
  });
});

describe('tokenisingOnce', () => {
  const text = 'My town is small, but the river is lovely.';

  it('tokenises each text once during the call, nested calls included, and afresh after it', () => {
    const [first, again, nested] = tokenisingOnce(() => [wordTokens(text), wordTokens(text), tokenisingOnce(() => wordTokens(text))]);
    expect(again).toBe(first);
    expect(nested).toBe(first);
    expect(first).toEqual(wordTokens(text));
    expect(wordTokens(text)).not.toBe(first);
    expect(tokenisingOnce(() => wordTokens(text))).not.toBe(first);
    // Outside a call nothing is kept.
    expect(wordTokens(text)).not.toBe(wordTokens(text));
  });

  it('keeps nothing after a call that throws', () => {
    let held: readonly unknown[] = [];
    expect(() =>
      tokenisingOnce(() => {
        held = wordTokens(text);
        throw new Error('scoring failed');
      }),
    ).toThrow('scoring failed');
    expect(tokenisingOnce(() => wordTokens(text))).not.toBe(held);
  });
});
