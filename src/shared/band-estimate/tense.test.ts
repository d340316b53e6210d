import { describe, expect, it } from 'vitest';
import { findLanguageSlips } from './slips.js';
import { ingForm, pastForm } from './tense.js';

/** Each slip as "the two words said -> what to say instead". */
const slips = (text: string) => {
  const words = text.split(' ');
  return findLanguageSlips(words).map((slip) => `${words.slice(slip.at, slip.at + 2).join(' ')} -> ${slip.correction}`);
};

/*
 * Sentences of the kind learners say in Parts 1-3, read as an examiner would: right English that
 * must not be marked (past simple, habits, conditionals, reported speech), and slips with the
 * correction an examiner would suggest for the time the sentence talks about.
 */
describe('tense corrections an examiner would give', () => {
  it.each([
    'yesterday i went to the cinema with my friend',
    'last year we visited kyoto and it was beautiful',
    'i usually go to work by train',
    'every morning he goes jogging in the park',
    'when i was a child i played baseball every day',
    'if i had more money i would travel around the world',
    "if i had more money i'd travel around the world",
    'if i were you i would take the job',
    'she said she was tired',
    'he told me that he didnt like it',
    'i think he was right',
    'i wish i could speak english better',
    'i asked him where he lived',
    "i'd rather he came tomorrow",
    'she suggested that he go home',
    "i've been to london twice",
    "we've lived here for ten years",
    'i thought it was easy',
    'i used to eat natto every morning',
  ])('leaves right English alone: %j', (text) => {
    expect(slips(text)).toEqual([]);
  });

  it.each([
    // The -ing form with no be: the habit's present simple, the past's past simple, the progressive for now or later.
    ['every day i going to school by bus', 'i going -> i go'],
    ['usually i going to the gym after work', 'i going -> i go'],
    ['he going to school every day', 'he going -> he goes'],
    ['we going shopping every weekend', 'we going -> we go'],
    ['yesterday i going to shibuya with my friends', 'i going -> i went'],
    ['last week she going to osaka', 'she going -> she went'],
    ['i going to visit my grandmother next week', "i going -> i'm going"],
    ['they going to the park now', "they going -> they're going"],
    // A bare verb after he or she: the past where the sentence is in the past.
    ['yesterday he go to the park', 'he go -> he went'],
    ['last year my mother work in a hospital', 'mother work -> mother worked'],
    ['when he was young he play baseball', 'he play -> he played'],
    ['yesterday they is very tired', 'they is -> they were'],
    ["last night she don't call me", "she don't -> she didn't"],
    ['he watch tv every night', 'he watch -> he watches'],
    ['yesterday i was busy but usually he go to the gym', 'he go -> he goes'],
    // A story told in the past (the picture description): the past, from the verbs around the slip.
    ['so she decided to go to the supermarket and went there and she buy some food', 'she buy -> she bought'],
    ['she paid for the food and when she get home she cooked dinner', 'she get -> she got'],
    ['we moved to osaka because my father find a job there', 'father find -> father found'],
    ['my brother studied hard so he pass the exam', 'he pass -> he passed'],
    ['i called him and he don\'t answer', "he don't -> he didn't"],
    // A past said after the slip may be the next sentence's: "i is tired. i ate an apple".
    ['i is tired i ate an apple', 'i is -> i am'],
    ['she has finished her work and she look happy', 'she look -> she looks'],
    ['my sister was born in osaka but she live in tokyo now', 'she live -> she lives'],
        // "'d" is would in a conditional; "have went" to a place the speaker came back from is "have been".
    ["if i had more time i'd went to the beach", "i'd went -> i'd go"],
    ['i have went to america twice', 'have went -> have been'],
    ['we have went to hokkaido before', 'have went -> have been'],
    ['she has went to the shop', 'has went -> has gone'],
    ['i had went home before it started', 'had went -> had gone'],
    // "to" as a preposition takes -ing; as the infinitive's, the base form.
    ['i am looking forward to saw you', 'to saw -> to seeing'],
    ['i am used to ate natto', 'to ate -> to eating'],
    ['i want to bought a new car', 'to bought -> to buy'],
    ['i didnt went to the party', 'didnt went -> didnt go'],
    ['if i could went back i would study harder', 'could went -> could go'],
  ])('%j: %s', (text, expected) => {
    expect(slips(text)).toEqual([expected]);
  });

  it('spells the past and the -ing form', () => {
    expect(['go', 'live', 'study', 'stop', 'play', 'visit', 'open', 'watch'].map(pastForm)).toEqual(['went', 'lived', 'studied', 'stopped', 'played', 'visited', 'opened', 'watched']);
    expect(['see', 'eat', 'take', 'swim', 'lie', 'visit'].map(ingForm)).toEqual(['seeing', 'eating', 'taking', 'swimming', 'lying', 'visiting']);
  });
});
