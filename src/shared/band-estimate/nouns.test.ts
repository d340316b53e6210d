import { describe, expect, it } from 'vitest';
import { languageFeatures } from './features.js';
import { NOUN_FORMS } from './noun-forms.js';
import { nounNumber, nounsSaid } from './nouns.js';
import { SPOKEN_WORDS_BY_FREQUENCY } from './word-ranks.js';

describe('nounNumber', () => {
  it('has one letter for each ranked word', () => {
    expect(NOUN_FORMS.length).toBe(SPOKEN_WORDS_BY_FREQUENCY.split(' ').length);
    expect(NOUN_FORMS).toMatch(/^[sp.]+$/);
  });

  it('reads singular and plural nouns, in either spelling', () => {
    expect(['friend', 'city', 'year', 'book', 'idea'].map(nounNumber)).toEqual(['singular', 'singular', 'singular', 'singular', 'singular']);
    expect(['friends', 'cities', 'years', 'people', 'children'].map(nounNumber)).toEqual(['plural', 'plural', 'plural', 'plural', 'plural']);
    expect(nounNumber('neighbours')).toBe('plural');
    expect(nounNumber('colour')).toBe('singular');
  });

  it('reads a plural the ranked words lack by its singular, but not a possessive written without the apostrophe', () => {
    expect(['hobbies', 'temples', 'museums'].map(nounNumber)).toEqual(['plural', 'plural', 'plural']);
    expect(['companys', 'wifes', 'todays', 'sometimes', 'always'].map(nounNumber)).toEqual(Array(5).fill(undefined));
  });

  it('leaves out words that are most often no noun, pronouns the lexicon calls nouns, and words it does not rank', () => {
    expect(['the', 'go', 'went', 'beautiful', 'quickly', 'something', 'everybody', 'nothing', 'i'].map(nounNumber)).toEqual(Array(9).fill(undefined));
    expect(nounNumber('xylophonists')).toBeUndefined();
  });
});

describe('pluralNounShare', () => {
  it('is the share of the nouns said that are plural', () => {
    // Nouns: friend, city, year (singular); friends, years, books (plural).
    const features = languageFeatures(['my friend was born in the city i met him a year ago', 'we have been friends for two years and we read books'], 2);
    expect(features.pluralNounShare).toBeCloseTo(3 / 6);
  });

  it('leaves out a noun of the lexicon said as a verb, after a subject, "to", a modal or do', () => {
    expect(nounsSaid(['we', 'share', 'books'], new Set())).toEqual(['plural']);
    expect(nounsSaid(['she', 'works', 'and', 'he', 'lives', 'near', 'the', 'station'], new Set())).toEqual(['singular']);
    expect(nounsSaid(['i', 'want', 'to', 'study', 'but', 'i', "can't", 'work', 'at', 'weekends'], new Set())).toEqual(['plural']);
    expect(nounsSaid(['work', 'is', 'busy'], new Set())).toEqual(['singular']);
  });

  it('leaves out names', () => {
    expect(nounsSaid(['i', 'visited', 'paris', 'with', 'friends'], new Set(['paris']))).toEqual(['plural']);
  });

  it('rises when the plural -s is said, the other words the same', () => {
    const without = languageFeatures(['i have many friend and we read book together every weekend for two year'], 1);
    const withPlurals = languageFeatures(['i have many friends and we read books together every weekend for two years'], 1);
    expect(without.pluralNounShare).toBe(0);
    expect(withPlurals.pluralNounShare).toBeGreaterThan(0.5);
  });

  it('is 0 with no nouns said', () => {
    expect(languageFeatures(['yes i do', 'i think so'], 2).pluralNounShare).toBe(0);
  });
});
