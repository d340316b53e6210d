import { describe, expect, it } from 'vitest';
import { criterionAdvice } from '../band-estimate/advice.js';
import { BAND_MODEL } from '../band-estimate/coefficients.js';
import { FEATURE_WORDING } from '../band-estimate/evidence.js';
import { NOTHING_MORE_ADVICE } from '../band-estimate/nothing-more.js';
import { findFillers } from '../text/index.js';
import type { SpeakingTestAnswer } from './answer.js';
import { scoreSpeakingTest } from './scoring.js';

/*
 * The advice says only what is true of the student's own words (an examiner-style reading of the
 * development learners' results): no "nothing more to work on" under words the same card says were
 * repeated, no "not the same one each time" to a student who repeated none, and the fillers named
 * are the ones the student said.
 */

const answer = (questionNumber: number, text: string): SpeakingTestAnswer => ({
  part: 1,
  questionNumber,
  question: 'Tell me about your home town.',
  answer: text,
  responseTimeMs: 1500,
  speakingTimeMs: 20_000,
});

function scored(texts: readonly string[]) {
  const result = scoreSpeakingTest(texts.map((text, i) => answer(i + 1, text)));
  if (!result.assessable || !result.estimate) throw new Error('the answers should be assessable');
  return { ...result, estimate: result.estimate };
}

/** Long answers, linked, with "so" said in nearly every sentence. */
const SO_IN_EVERY_SENTENCE = [
  'i grew up in a small town near the sea so i spent most summers on the beach with my cousins and my grandparents lived nearby so we saw them every weekend because they had a big garden',
  'my favourite teacher taught history so i started reading about old castles and she took our class to a museum in the capital so we could see real armour and it was the best trip of the year',
  'on weekends i usually play football with friends from work so i get some exercise and then we have lunch together at a cafe near the park but sometimes it rains so we stay at home instead',
  'i would like to visit canada one day because the mountains look beautiful in photos so i have saved some money already although flights are still quite expensive for a family of four people',
  'cooking is something i enjoy so i try a new recipe every week and my children help me in the kitchen so they learn how to make simple dishes but they also make a lot of mess sometimes',
  'public transport in my city has improved a lot so more people take the train to work now and the buses are cleaner than before so i rarely drive my car except when i visit relatives',
];

/** Short answers with no linking word at all. */
const UNLINKED = [
  'my home town is small it has a river and a old bridge many tourists come in summer',
  'i live with my parents my father is a teacher my mother works in a hospital',
  'i like reading books about history my favourite book is about the roman empire',
  'on sunday i play tennis with my brother we play in the park near our house',
  'my favourite food is sushi i eat it every friday with my friends at a small restaurant',
  'i want to visit london next year i want to see the museums and the old buildings',
];

describe('advice that says what the student said', () => {
  it('makes the repeated linking words the advice when nothing measured has room left, not "nothing more to work on"', () => {
    const result = scored(SO_IN_EVERY_SENTENCE);
    // The case: every Fluency figure at the strongest learners' level, "so" said far past what it counts.
    expect(criterionAdvice(result.estimate, result.estimate.criteria.fluency, BAND_MODEL)).toBe(NOTHING_MORE_ADVICE);
    const so = result.estimate.features.saidOften.fluency.find((listed) => listed.word === 'so');
    expect(so?.said).toBeGreaterThan(4);
    expect(result.criteria.fluency.repeated).toContain(`"so" (${so?.said} times)`);
    const advice = result.criteria.fluency.advice;
    expect(advice).not.toContain('nothing more to work on');
    expect(advice).toMatch(/^Use other linking words instead of saying/);
    expect(advice).toContain(`"so" (${so?.said} times)`);
    // Others to say instead, never the repeated word itself.
    expect(advice).toContain('because, although, then');
    expect(advice.split(':')[1]).not.toMatch(/\bso\b/);
  });

  it('does not tell a student who repeated no linking word to stop using "the same one each time"', () => {
    const result = scored(UNLINKED);
    expect(result.estimate.features.saidOften.fluency).toEqual([]);
    expect(result.estimate.features.discourseMarkersPer100).toBe(0);
    const advice = result.criteria.fluency.advice;
    expect(advice).toMatch(/^Link more of your ideas with linking words/);
    expect(advice).not.toContain('the same one');
    // Said again and again, the same advice keeps "not the same one each time", which is then true.
    expect(scored(SO_IN_EVERY_SENTENCE.map((text) => text.replace('because', 'so'))).estimate.features.saidOften.fluency.length).toBeGreaterThan(0);
  });

  it("names the fillers the student said, not um, like or you know when they said none of them", () => {
    // "so" opening every sentence with a pause after it ("so, my father…"): the spec's filler, nine in every hundred words.
    // (Followed at once by its clause, "so my father…" links it to what was said before: a linking word, not a filler.)
    const texts = UNLINKED.map((text) => text.replace(/ (my|i|we|on|many) /g, '\nso, $1 '));
    const result = scored(texts);
    const said = texts.flatMap((text) => findFillers(text));
    expect(said.length).toBeGreaterThan(0);
    expect(said.every((match) => match.filler === 'so')).toBe(true);
    const advice = result.criteria.fluency.advice;
    expect(advice).toContain(`Pause silently instead of saying "so" (${said.length} times): ${Math.round(result.metrics.fillerRatio * 100)}% of your words were fillers.`);
    expect(advice).not.toMatch(/\bum\b|you know/);
  });

  it('tells a student whose "so" opens each clause to vary the linking word, and not also to pause instead of saying it', () => {
    // The same "so"s, each followed at once by its clause: linking words (said too often), none of them a filler as well.
    const texts = UNLINKED.map((text) => text.replace(/ (my|i|we|on) /g, '\nso $1 '));
    const result = scored(texts);
    expect(texts.flatMap((text) => findFillers(text)).filter((match) => match.filler === 'so')).toEqual([]);
    expect(result.criteria.fluency.advice).not.toContain('instead of saying "so"');
    expect(result.estimate.features.saidOften.fluency.map((listed) => listed.word)).toContain('so');
  });

  it('does not offer "because" for complex sentences to a student the Fluency card tells to say "because" less', () => {
    const result = scored(SO_IN_EVERY_SENTENCE.map((text) => text.replaceAll(' so ', ' because ')));
    expect(result.estimate.features.saidOften.fluency.map((listed) => listed.word)).toContain('because');
    expect(result.criteria.fluency.repeated).toContain('"because"');
    const advice = FEATURE_WORDING.subordinatorsPer100.advice(result.estimate.features);
    expect(advice).toBe('Use more complex sentences, with clauses that start with when, if, which or although.');
    expect(FEATURE_WORDING.subordinatorsPer100.advice(scored(UNLINKED).estimate.features)).toContain('start with because, when');
  });

  it('says what share of the nouns were plural rather than that plurals were left out', () => {
    // Every noun plural where it should be, and few plurals: the share is low, no -s is missing.
    const { features } = scored(UNLINKED).estimate;
    const advice = FEATURE_WORDING.pluralNounShare.advice(features);
    expect(advice).toContain(`${Math.round(features.pluralNounShare * 100)}% of the nouns you said were plural; the strongest learners said more.`);
    expect(advice).not.toMatch(/^Mark plurals/);
  });
});
