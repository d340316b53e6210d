import { describe, expect, it } from 'vitest';
import { BASE_VERBS } from './base-verbs.js';
import { findLanguageSlips } from './slips.js';

const agreement = (text: string) =>
  findLanguageSlips(text.split(' '))
    .filter((slip) => slip.kind === 'agreement')
    .map((slip) => slip.correction);

describe('agreement slips', () => {
  it('finds a bare verb after he, she or it among the verbs learners use in the base form, with its correction', () => {
    expect(agreement('she explain the rules to me')).toEqual(['she explains']);
    expect(agreement('he decide to buy it so he carry the bags')).toEqual(['he decides', 'he carries']);
    expect(agreement('it take forty minutes')).toEqual(['it takes']);
    expect(agreement('he watch it every day')).toEqual(['he watches']);
  });

  it('finds one after a pronoun for a person that starts a clause, not after one that is an object', () => {
    expect(agreement('everyone wear a kimono')).toEqual(['everyone wears']);
    expect(agreement('i like it because everybody enjoy the food')).toEqual(['everybody enjoys']);
    expect(agreement('i asked someone help me')).toEqual([]);
    expect(agreement('we let everyone choose')).toEqual([]);
  });

  it('leaves what is right alone: the third person, an infinitive, a modal, a coordinated subject, words that are not verbs', () => {
    expect(agreement('she explains it and he decides')).toEqual([]);
    expect(agreement('i want to help him decide')).toEqual([]);
    expect(agreement('she will explain it and he can choose')).toEqual([]);
    expect(agreement('my sister and they visit us')).toEqual([]);
    expect(agreement('he home late and she kind of busy')).toEqual([]);
    expect(agreement('everyone is here and everyone wears a hat')).toEqual([]);
  });

  it('leaves an object before a bare verb alone, whatever the form of the verb before it, and a past that is its base form', () => {
    for (const text of ['i have seen it happen', 'making it happen was hard', 'we were watching it grow', 'letting it go was best', 'i felt it move', 'seeing it change']) {
      expect(agreement(text), text).toEqual([]);
    }
    expect(agreement('she let it go and he put it there')).toEqual([]);
    expect(BASE_VERBS.split(' ')).not.toContain('let');
  });

  it('reads a list of verbs only, none of them a form of be or a piece of a contraction', () => {
    const verbs = BASE_VERBS.split(' ');
    expect(verbs.length).toBeGreaterThan(150);
    for (const left of ['be', 'am', 'are', 'is', 'don', 'didn', 've', 'wanna']) expect(verbs).not.toContain(left);
    expect(verbs).toEqual([...verbs].sort());
  });
});

describe('article slips', () => {
  const articles = (text: string) =>
    findLanguageSlips(text.split(' '))
      .filter((slip) => slip.kind === 'article')
      .map((slip) => slip.correction);

  it('finds "a" before a vowel and "an" before a consonant', () => {
    expect(articles('i ate a apple and an banana')).toEqual(['an apple', 'a banana']);
  });

  it('leaves a hesitation "a" before a function word alone: no noun phrase starts there', () => {
    expect(articles('i went to a in the morning')).toEqual([]);
    expect(articles('we had a and then a i think a its colour')).toEqual([]);
    // What can follow an article still counts.
    expect(articles('it was an very long day')).toEqual(['a very']);
  });
});
