import { describe, expect, it } from 'vitest';
import { CLAUSE_OPENERS, stanceHere, subordinatesHere, tentativeHere } from './clause-words.js';
import { languageFeatures } from './features.js';
import { STANCE_ADVERBS, TENTATIVE_MODALS, isPastForm } from './lexicon.js';
import { nounsSaid } from './nouns.js';

/** The words of `text` a rule counts, of those `list` has. */
function counted(text: string, list: ReadonlySet<string>, here: (words: readonly string[], i: number) => boolean): string[] {
  const words = text.split(' ');
  return words.filter((word, i) => list.has(word) && here(words, i));
}

describe('subordinators where they open a clause (decision 0056)', () => {
  it.each([
    ['i think that it works', ['that']],
    ['the book that i read was long', ['that']],
    ['something that helps is good', ['that']],
    ['at that time i was young', []],
    ['that was good and i like that', []],
    ['that kind of thing', []],
    ['after that we went home', []],
    ['after i graduated i moved', ['after']],
    ['before going there i called', ['before']],
    ['i go there once a week', []],
    ['once you arrive call me', ['once']],
    ['because of the rain we stayed', []],
    ['because it rained we stayed', ['because']],
    ['it took a while', []],
    ['when will you come', []],
    ['i know where can i buy it', ['where']],
    ['as i said it is old', ['as']],
    ['as soon as possible', []],
    ['i dont know why they left', ['why']],
    ['why dont we go', []],
    ['what is your name', []],
    ["that's what i do after school", ['what']],
  ])('"%s"', (text, expected) => {
    expect(counted(text, CLAUSE_OPENERS, subordinatesHere)).toEqual(expected);
  });

  it('move the feature: a demonstrative "that" counts for nothing', () => {
    const pronouns = languageFeatures(['at that time it was good and after that i like that'], 1);
    const clauses = languageFeatures(['i think that it was good and after i left i saw that it rained'], 1);
    expect(pronouns.subordinatorsPer100).toBe(0);
    expect(clauses.subordinatorsPer100).toBeGreaterThan(0);
  });
});

describe('tentative modals where they are tentative', () => {
  it.each([
    ['we could go tomorrow', ['could']],
    ['i couldnt swim when i was a kid', []],
    ['so i couldnt make it yesterday', []],
    ['if i had time i could go', ['could']],
    ['i could have left earlier but i stayed', ['could']],
    ['could you help me', ['could']],
    ['it could be used', ['could']],
    ['my birthday is in may', []],
    ['it may rain', ['may']],
    ['id like to go', ['id']],
    ['i lost my id card', []],
  ])('"%s"', (text, expected) => {
    expect(counted(text, TENTATIVE_MODALS, tentativeHere)).toEqual(expected);
  });
});

describe('stance adverbs where they say how sure or how strongly', () => {
  it.each([
    ['it was pretty good', ['pretty']],
    ['she met a pretty girl', []],
    ['she is pretty', []],
    ['tea rather than coffee', []],
    ['i would rather stay', ['rather']],
    ['even though it rained', []],
    ['even my father came', ['even']],
  ])('"%s"', (text, expected) => {
    expect(counted(text, STANCE_ADVERBS, stanceHere)).toEqual(expected);
  });
});

describe('past forms', () => {
  it('are verbs in the past, not numbers, adjectives of feeling or words in -eed', () => {
    for (const word of ['hundred', 'interested', 'tired', 'crowded', 'united', 'speed', 'need', 'indeed']) expect(isPastForm(word), word).toBe(false);
    for (const word of ['used', 'died', 'woke', 'agreed', 'visited', 'went', 'married']) expect(isPastForm(word), word).toBe(true);
  });

  it('count a negative auxiliary\'s perfect or passive: "haven\'t decided", "wasn\'t finished"', () => {
    const features = languageFeatures(["i haven't decided yet and it wasn't finished"], 1);
    expect(features.perfectPassivePer100).toBeCloseTo((100 * 2) / 8);
    expect(languageFeatures(["i'm interested in history"], 1).perfectPassivePer100).toBe(0);
    expect(languageFeatures(['they got married and we got lost but i get got angry'], 1).perfectPassivePer100).toBeCloseTo((100 * 2) / 12);
  });
});

describe('nouns said as no noun', () => {
  it('leave out "right", "home" after going, "kind of", "of course" and "excuse me"', () => {
    const said = (text: string) => nounsSaid(text.split(' '), new Set());
    expect(said('right i went home of course and that kind of film excuse me')).toEqual(['singular']);
    expect(said('my home has the right rooms')).toEqual(['singular', 'singular', 'plural']);
  });
});
