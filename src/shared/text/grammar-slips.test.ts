import { describe, expect, it } from 'vitest';
import { findGrammarSlips, grammarSlipCount } from './grammar-slips.js';

const kinds = (text: string) => findGrammarSlips(text).map((s) => `${s.kind}:${s.text}`);

describe('findGrammarSlips', () => {
  it.each([
    ['I are happy', ['subject-verb:I are']],
    ['he are my friend', ['subject-verb:he are']],
    ['and then SHE ARE gone', ['subject-verb:SHE ARE']],
    ['they are here', []],
    ['we are here', []],
    ['I am here', []],
    ['she is here', []],
    ['my brother and I are close', []],
    ['either he or she are coming', []],
    ['It was me and. I are', ['subject-verb:I are']],
    ['he. Are you sure', []],
    ['he\nare', []],
    ['hare are', []],
  ])('subject-verb: %j', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  it.each([
    ['the the book', ['doubled-article:the the']],
    ['a a car', ['doubled-article:a a']],
    ['an an apple', ['doubled-article:an an']],
    ['a the', ['doubled-article:a the']],
    ['the a', ['doubled-article:the a']],
    ['an the', ['doubled-article:an the']],
    ['the an', ['doubled-article:the an']],
    ['a an', ['doubled-article:a an']],
    ['an a', ['doubled-article:an a']],
    ['The The', ['doubled-article:The The']],
    ['the the the', ['doubled-article:the the', 'doubled-article:the the']],
    ['the book', []],
    ['the, the book', []],
    ['the\nthe book', []],
    ['then the', []],
    ['theatre the', []],
  ])('doubled-article: %j', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  it('gives positions in the original text', () => {
    const text = 'So I  are at the the shop';
    const slips = findGrammarSlips(text);
    expect(slips).toEqual([
      { kind: 'subject-verb', text: 'I  are', index: 3, length: 6 },
      { kind: 'doubled-article', text: 'the the', index: 13, length: 7 },
    ]);
    for (const slip of slips) expect(text.slice(slip.index, slip.index + slip.length)).toBe(slip.text);
    expect(grammarSlipCount(text)).toBe(2);
  });
});
