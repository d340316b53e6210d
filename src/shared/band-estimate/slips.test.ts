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

describe('agreement slips with do', () => {
  it('finds "he don\'t" and "i doesn\'t", with and without the apostrophe, not after "and" or "let"', () => {
    expect(agreement("he don't like it")).toEqual(["he doesn't"]);
    expect(agreement('she dont work so they doesnt care')).toEqual(["she doesn't", "they don't"]);
    expect(agreement("i doesn't know")).toEqual(["i don't"]);
    expect(agreement("he doesn't like it and she and he don't")).toEqual([]);
  });
});

describe('verb-form slips', () => {
  const verbForms = (text: string) =>
    findLanguageSlips(text.split(' '))
      .filter((slip) => slip.kind === 'verb-form')
      .map((slip) => slip.correction);

  it('finds a past form after do, a modal or "to", with the base form to say', () => {
    expect(verbForms("i didn't went there")).toEqual(["didn't go"]);
    expect(verbForms('i couldnt ate anything and she might bought shoes')).toEqual(['couldnt eat', 'might buy']);
    expect(verbForms('i cannot went there')).toEqual(['cannot go']);
    expect(verbForms('i would like to bought the ticket')).toEqual(['to buy']);
  });

  it('finds a past where the participle belongs, after have in every form', () => {
    expect(verbForms('i should have went there')).toEqual(['have gone']);
    // The speaker who has went to America is back: "i've been" (tense.ts), as an examiner would say.
    expect(verbForms("i've went to america and she hasnt ate yet")).toEqual(["i've been", 'hasnt eaten']);
    expect(verbForms('i had saw the festival')).toEqual(['had seen']);
    // A participle, or a past that is its own participle, is right.
    expect(verbForms('i have gone there and she has made a cake and we had bought it')).toEqual([]);
  });

  it('finds a regular past after do or a modal, whatever its spelling, and not an adjective or a past after "to"', () => {
    expect(verbForms("the driver didn't checked around and i dont decided yet")).toEqual(["didn't check", 'dont decide']);
    expect(verbForms('we could enjoyed it and i didnt tried and the car didnt stopped')).toEqual(['could enjoy', 'didnt try', 'didnt stop']);
    expect(verbForms("i don't interested and we do supposed to go and i listened to recorded music")).toEqual([]);
    expect(verbForms('i can feed them and we cannot proceed and they will need it')).toEqual([]);
  });

  it('leaves a learner correcting the verb alone: "go to went to" is a repair, not an infinitive', () => {
    expect(verbForms('his father go to went to a restaurant')).toEqual([]);
    expect(verbForms('she came to saw it')).toEqual([]);
    // The month is no modal.
    expect(verbForms('in may came the rain')).toEqual([]);
  });

  it('finds a third-person form after a modal', () => {
    expect(verbForms('the couple will enjoys the dinner and we can plays')).toEqual(['will enjoy', 'can play']);
    expect(verbForms('it will rain and she can swim')).toEqual([]);
  });

  it('finds "more" before a comparative, not "more later"', () => {
    expect(verbForms('do you have a more cheaper one it is more better')).toEqual(['cheaper', 'better']);
    expect(verbForms("i'll tell you more later and more earlier ones")).toEqual([]);
  });

  it('finds be before a verb of state, with the subject the contraction carries and the third person where it belongs', () => {
    expect(verbForms("i'm agree with you")).toEqual(['i agree']);
    expect(verbForms('im belong to a club')).toEqual(['i belong']);
    expect(verbForms('my daughter is belong to a band')).toEqual(['belongs']);
    expect(verbForms('they are want to go')).toEqual(['want']);
    expect(verbForms("there is need for it and it's like that")).toEqual([]);
  });

  it('finds a pronoun before an -ing verb with no be, not a question, a coordinated verb or a verb that takes an -ing form', () => {
    expect(verbForms('i going to school')).toEqual(["i'm going"]);
    expect(verbForms('while he driving they having wine')).toEqual(["he's driving", "they're having"]);
    expect(verbForms('what is she saying')).toEqual([]);
    expect(verbForms('i saw he was leaving and we going')).toEqual([]);
    expect(verbForms('she is singing and i watched they dancing')).toEqual([]);
    // Words in -ing that are not verbs: "i morning", "he something".
    expect(verbForms('he something i morning')).toEqual([]);
  });
});

describe('article slips', () => {
  const articles = (text: string) =>
    findLanguageSlips(text.split(' '))
      .filter((slip) => slip.kind === 'article')
      .map((slip) => slip.correction);

  it('finds "a" before a vowel and "an" before a consonant', () => {
    expect(articles('i ate a apple and an banana')).toEqual(['an apple', 'a banana']);
    // One word, not "an other".
    expect(articles('she bought bread and a other food')).toEqual(['another']);
  });

  it('leaves a hesitation "a" before a function word alone: no noun phrase starts there', () => {
    expect(articles('i went to a in the morning')).toEqual([]);
    expect(articles('we had a and then a i think a its colour')).toEqual([]);
    // What can follow an article still counts.
    expect(articles('it was an very long day')).toEqual(['a very']);
  });
});

/**
 * Right English an examiner-style probe found marked as slips (native-like sentences, and the
 * development learners of levels 7-9 read by hand): each of these must find nothing.
 */
describe('right English that shares a slip\'s shape', () => {
  const slipsIn = (sentence: string) =>
    findLanguageSlips(sentence.toLowerCase().replace(/[.,?!]/g, ' ').split(/\s+/).filter(Boolean)).map((slip) => `${slip.kind}: ${slip.correction}`);

  it.each([
    // An article, then a filled pause or a word no article stands before: a hesitation or a restart.
    'we went to a um museum', 'it was a er interesting day', 'i have a actually two brothers', 'there is a every year festival',
    // Abbreviations said letter by letter, and u said "you".
    'i have an MBA from a UK university', 'she is an HR manager', 'i wrote an SQL query', 'a USB stick', 'a UK-based company hired me', "i'm a UX designer", 'a UI for a UPI payment app', 'an X-ray', 'an herb garden',
    // Questions with a negative or contracted auxiliary.
    "doesn't she live near you", "didn't he say so", "can't she drive", "where'd he go", "what's he doing", "isn't she coming", "aren't we going",
    // An object pronoun before the clause's verb.
    'what i told you was true', 'the book i lent you is really good', 'the people who run it are nice', 'the shops around it were closed', 'people who use it say so',
    // "like" as a preposition or a filler after "it" and "she".
    'treat it like a game', 'she like always says that',
    // The subjunctive.
    'if it were your fault', 'as it were', 'i wish she were here', 'i suggest he go', 'god forbid lest it happen', "it's important that everyone have a chance",
    // did and do as main verbs, and "do is" before a bare verb.
    'what i did helped a lot', 'what we did worked', 'all you need to do is agree',
    // -ed adjectives after a modal, and "more" counting a noun.
    'should developed countries help', 'will improved technology save us', 'there are more older people now', 'more higher education',
    // "need not"; a restart.
    'he need not worry', 'you have to get it get it right', 'it are there any other options',
  ])('"%s"', (sentence) => {
    expect(slipsIn(sentence)).toEqual([]);
  });

  it('still finds the slips beside them', () => {
    expect(slipsIn('she live near you')).toEqual(['agreement: she lives']);
    expect(slipsIn('he have a car but it were broken')).toEqual(['agreement: he has', 'agreement: it was']);
    expect(slipsIn('i didn\'t went there')).toEqual(["verb-form: didn't go"]);
    expect(slipsIn('my brother is more older than me')).toEqual(['verb-form: older']);
    expect(slipsIn('i had a accident')).toEqual(['article: an accident']);
    expect(slipsIn('an book')).toEqual(['article: a book']);
    expect(slipsIn('they was there')).toEqual(['agreement: they were']);
  });
});

describe('slips a check found unmarked', () => {
  const slipsIn = (sentence: string) =>
    findLanguageSlips(sentence.toLowerCase().replace(/[.,?!]/g, ' ').split(/\s+/).filter(Boolean)).map((slip) => `${slip.kind}: ${slip.correction}`);

  it('finds "since" before an amount of time, not before a point in time', () => {
    expect(slipsIn('I have lived here since three years')).toEqual(['preposition: for three']);
    expect(slipsIn('we have known each other since a few months')).toEqual(['preposition: for a']);
    expect(slipsIn('I waited since a long time')).toEqual(['preposition: for a']);
    for (const right of ['I have lived here since 2019', 'I quit since three years ago', 'ever since three of us joined', 'I have played since I was three years old', 'since two of my friends left']) {
      expect(slipsIn(right), right).toEqual([]);
    }
  });

  it('finds a singular noun subject with a plural verb, and a bare verb after a noun for a person', () => {
    expect(slipsIn('my manager have a meeting today')).toEqual(['agreement: manager has']);
    expect(slipsIn('the woman are angry and this car dont move')).toEqual(['agreement: woman is', 'agreement: car doesnt']);
    expect(slipsIn('my mother make dinner and my friend say no')).toEqual(['agreement: mother makes', 'agreement: friend says']);
    expect(slipsIn('everyone in my ward wear a mask')).toEqual(['agreement: ward wears']);
    expect(slipsIn('my friend in osaka have a shop')).toEqual(['agreement: osaka has']);
  });

  it('leaves a noun alone where the verb is not its own, or a plural verb is right after it', () => {
    expect(slipsIn('my manager have a car but my manager and I have lunch')).toEqual(['agreement: manager has']);
    for (const right of [
      'my manager and I have lunch', 'the people in my ward wear masks', 'the road near my house were busy', 'my wife and my daughter have a dog',
      'my family are all tall', 'the couple were walking', 'a lot have changed', 'the rest are here', 'we let my son play', 'does your manager have a car',
      'which country have you visited', 'what time do the shops open', 'the people who work here are nice', 'everyone in the villages wear hats',
      'my mother tongue is japanese', 'the bus stop is near', 'a phone call came', 'I asked my mother to help',
      // A past tense the same as the bare verb.
      'yesterday my boss let us leave early', 'my teacher read us a story', 'my father put the money in the bank', 'last year my friend quit her job',
      'the police have arrived', 'my staff work hard', 'my son and daughter play together', 'my boss and colleagues were kind',
    ]) {
      expect(slipsIn(right), right).toEqual([]);
    }
  });

  it('finds a pronoun and verb that disagree after "and" or "or" joining clauses, not in a coordinated subject', () => {
    expect(slipsIn("I don't know her name, and she don't either")).toEqual(["agreement: she doesn't"]);
    expect(slipsIn('and she want to buy a tie')).toEqual(['agreement: she wants']);
    // Told in the past, the correction is the past (tense.ts): "she prepared", "he didn't".
    expect(slipsIn('she went home and she prepare dinner')).toEqual(['agreement: she prepared']);
    for (const right of ["you and she don't agree", 'my husband and I are at home', 'he and she go to the park', "I think you and she don't agree", 'my sister and they visit us', 'he or she comes']) {
      expect(slipsIn(right), right).toEqual([]);
    }
  });

  it('finds a place named after a preposition with no article, not where right English has none', () => {
    expect(slipsIn('I work in bank')).toEqual(['missing-article: in a bank']);
    expect(slipsIn('she went to supermarket and we ate in restaurant')).toEqual(['missing-article: to the supermarket', 'missing-article: in the restaurant']);
    expect(slipsIn('it is far from station')).toEqual(['missing-article: from the station']);
    for (const right of [
      'I work in a bank', 'in bank holidays the shops close', 'at company meetings', 'I was at school', 'she is in hospital', 'I went to bed', 'I like to shop',
      'where to store it', 'available in store only', 'at the bank', 'I stayed at home',
    ]) {
      expect(slipsIn(right), right).toEqual([]);
    }
  });

  // An examiner's probe of native-like sentences (decision 0060's addendum): each was marked before.
  it.each([
    'if my boss were here he would agree', 'if the manager were to leave we would struggle', 'as if the customer were always right',
    'it is essential that every employee wear a badge', 'we requested that the client pay in advance',
    'i think my mother and my father have always supported me', 'i believe the manager and the director are both away',
    'when i was a kid my mother and my father were strict', 'i think tom and i are a good team', "i'm sure priya and i are ready",
    'i believe the manager and he are friends', 'i know my sister and he don\'t get along',
    'if i were rich and she were famous', "i'd rather he stay and she go",
    'the client call went well', 'a doctor visit costs a lot', 'the nurse call button is red', 'the child play area is closed',
    'the sheep were in the field', 'the ministry have announced it',
    'my friend at the bus stop is waving', 'the man at the car wash is my uncle', 'my brother in law and my sister in law are here',
    'he has been in office for two years', 'she was voted into office', 'he resigned from office', 'i am working from office this week',
    'i moved from company to company', 'i worked at bank of baroda', 'we stayed at hotel taj', 'she studied in hotel and catering management',
    'he is interested in cinema', 'we need to station a guard there',
    'since many years have passed i forgot', 'since two weeks seemed too short we stayed', 'i have known since six months into the project',
  ])('"%s"', (sentence) => {
    expect(slipsIn(sentence)).toEqual([]);
  });

  it('still finds the slips beside them, and a few it missed', () => {
    expect(slipsIn('i called him and he don\'t answer')).toEqual(["agreement: he didn't"]);
    expect(slipsIn('i have a brother and he live in nagoya')).toEqual(['agreement: he lives']);
    expect(slipsIn('my sister is a nurse and she work nights')).toEqual(['agreement: she works']);
    expect(slipsIn('i went to supermarket yesterday')).toEqual(['missing-article: to the supermarket']);
    expect(slipsIn('she works at airport')).toEqual(['missing-article: at the airport']);
    expect(slipsIn('if my boss have time')).toEqual(['agreement: boss has']);
  });
});
