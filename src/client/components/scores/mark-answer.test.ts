import { describe, expect, it } from 'vitest';
import { askedText, countMarks, markAnswer, tallyMarks } from './mark-answer';

const markCounts = (text: string, question?: string) => countMarks(markAnswer(text, question));
import { tallyText } from './tally-text';

describe('markAnswer', () => {
  it('marks fillers and grammar slips where the scorer finds them, and keeps every character', () => {
    const text = 'Um, I went there and the the train was late, so, like, she are tired.\nYou know it was long.';
    const pieces = markAnswer(text);
    expect(pieces.map((piece) => piece.text).join('')).toBe(text);
    expect(pieces.filter((piece) => piece.kind !== null)).toEqual([
      { text: 'Um', kind: 'filler' },
      { text: 'the the', kind: 'slip', correction: 'the' },
      { text: 'so', kind: 'filler' },
      { text: 'like', kind: 'filler' },
      { text: 'she are', kind: 'slip', correction: 'she is' },
      { text: 'You know', kind: 'filler' },
    ]);
    expect(markCounts(text)).toEqual({ fillers: 4, slips: 2, rare: 0 });
  });

  it('marks learner slips with the correction to say, in the answer\'s own case', () => {
    const pieces = markAnswer('He go to work by bus.\nThey was late. I is tired.\nI ate a apple and an banana.');
    expect(pieces.filter((piece) => piece.kind === 'slip')).toEqual([
      { text: 'He go', kind: 'slip', correction: 'He goes' },
      { text: 'They was', kind: 'slip', correction: 'They were' },
      { text: 'I is', kind: 'slip', correction: 'I am' },
      { text: 'a apple', kind: 'slip', correction: 'an apple' },
      { text: 'an banana', kind: 'slip', correction: 'a banana' },
    ]);
    // The spec's own slip with "i": the first person's form, never "I is".
    expect(markAnswer('Today i are happy.').filter((piece) => piece.kind === 'slip')).toEqual([{ text: 'i are', kind: 'slip', correction: 'I am' }]);
    expect(markAnswer('Let him go, my brother and I are at a university for an hour.').filter((piece) => piece.kind === 'slip')).toEqual([]);
  });

  it('marks verb-form slips with the form to say: a past after do or a modal, "more" with a comparative, be before a verb of state, a missing be', () => {
    const pieces = markAnswer("I didn't went there.\nIt is more cheaper. I'm agree with you.\nWe going home now.");
    expect(pieces.filter((piece) => piece.kind === 'slip')).toEqual([
      { text: "didn't went", kind: 'slip', correction: "didn't go" },
      { text: 'more cheaper', kind: 'slip', correction: 'cheaper' },
      { text: "I'm agree", kind: 'slip', correction: 'I agree' },
      { text: 'We going', kind: 'slip', correction: "We're going" },
    ]);
    expect(markAnswer("I didn't go there. It is cheaper. I agree. We're going home.").filter((piece) => piece.kind === 'slip')).toEqual([]);
  });

  it('marks no number word, time of day, day or month, no hyphenated word of everyday parts, and no start broken off', () => {
    const rare = (text: string) => markAnswer(text).filter((piece) => piece.kind === 'rare').map((piece) => piece.text);
    expect(rare('I got thirty percent off at seven o\'clock on Wednesday in September, two lakh rupees')).toEqual(['rupees']);
    expect(rare('I had a part-time job and a well-known boss but a breathtaking-looking view')).toEqual(['breathtaking-looking']);
    expect(rare('we won a bro bronze medal')).toEqual(['bronze', 'medal']);
    // Ordinals, alone or with a number word, are number words too.
    expect(rare('my fifth visit to the twenty-fifth floor, the seventh of them')).toEqual([]);
  });

  it('marks a hesitation after "a" as the filler it is, never as "an um"', () => {
    const pieces = markAnswer('We went to a um museum and an MBA student guided us');
    expect(pieces.filter((piece) => piece.kind === 'slip')).toEqual([]);
    expect(pieces.filter((piece) => piece.kind === 'filler').map((piece) => piece.text)).toEqual(['um']);
  });

  it('marks "he like football" as a slip, and "she like just told me" as the filler it is', () => {
    expect(markAnswer('He like football.').filter((piece) => piece.kind === 'slip')).toEqual([{ text: 'He like', kind: 'slip', correction: 'He likes' }]);
    expect(markAnswer('She like just told me to wait.').filter((piece) => piece.kind === 'slip')).toEqual([]);
  });

  it('marks the less common words, not everyday ones, names of numbers or fillers', () => {
    const rare = markAnswer('Um, the scenery was breathtaking and quite tranquil, 25 people came.')
      .filter((piece) => piece.kind === 'rare')
      .map((piece) => piece.text);
    expect(rare).toEqual(['scenery', 'breathtaking', 'tranquil']);
    expect(markCounts('I like my house.').rare).toBe(0);
    // Everyday British English is everyday: the ranks come from American film and television.
    expect(markCounts('On holiday I queued for petrol, learnt to cook in our flat and watched a programme at the cinema.').rare).toBe(0);
    // A capitalised word inside a sentence is a name, not vocabulary; at a sentence's start it is a word.
    const rareIn = (text: string) => markAnswer(text).filter((piece) => piece.kind === 'rare').map((piece) => piece.text);
    expect(rareIn('We went to Jaipur. Breathtaking views.')).toEqual(['Breathtaking']);
    // At a sentence's start it is a name too where the recogniser left other starts in lower case, or
    // where the word is a name elsewhere in the answer.
    expect(rareIn('i grew up in the north\nMunnar is very green')).toEqual([]);
    expect(rareIn('Munnar is very green. We loved Munnar.')).toEqual([]);
    // A form of an everyday word is everyday: "younger" ranks as "young", "planned" as "plan".
    expect(rareIn('my younger sister planned bigger trips')).toEqual([]);
    expect(rareIn('the breathtaking views')).toEqual(['breathtaking']);
    // So is an adverb of an everyday word ("mostly", "daily") and an irregular form of an everyday verb ("grown", "chose").
    expect(rareIn('I have grown up mostly in the city and I chose to walk daily, weekly at least')).toEqual([]);
    expect(rareIn('it was invariably and significantly cheaper')).toEqual(['invariably', 'significantly']);
  });

  it('marks no word the question gave, in any of its forms, and still marks the student\'s own', () => {
    const rareIn = (text: string, question: string) => markAnswer(text, question).filter((piece) => piece.kind === 'rare').map((piece) => piece.text);
    const answer = 'I had to negotiate with stakeholders, and the negotiations were about infrastructure. It was demanding.';
    expect(rareIn(answer, '')).toEqual(['negotiate', 'stakeholders', 'negotiations', 'infrastructure', 'demanding']);
    // Asked about "stakeholder management" and negotiation: "stakeholders" and "negotiations" are the
    // question's words; "negotiate" is a word of the student's own making from it.
    expect(rareIn(answer, 'You listed "stakeholder management" as a skill. How have you used negotiation in your work?')).toEqual(['negotiate', 'infrastructure', 'demanding']);
    // A cue card's topic and points are what was asked.
    const asked = askedText('Describe a memorable journey.', { topic: 'Describe a memorable journey', bullets: ['where you went', 'what was memorable about the scenery'] });
    expect(rareIn('The journey was memorable: the scenery was breathtaking.', asked)).toEqual(['breathtaking']);
    // A hyphenated word is the question's when each of its parts is.
    expect(rareIn('It was time-consuming and thought-provoking.', 'Is reading time consuming?')).toEqual(['thought-provoking']);
    // The question's British spelling, the recogniser's American one.
    expect(rareIn('globalization changed my town', 'How has globalisation changed your town?')).toEqual([]);
    expect(markCounts(answer, 'Who were the stakeholders?').rare).toBe(4);
  });

  it('takes no word of another family for the question\'s: "custom" is not "customer", "reserved" not "reservation"', () => {
    const rareIn = (text: string, question: string) => markAnswer(text, question).filter((piece) => piece.kind === 'rare').map((piece) => piece.text);
    expect(rareIn('the Indian custom of treating the guest like god', 'You listed "customer service" as a skill.')).toEqual(['custom']);
    expect(rareIn('i was reserved as a child', 'How have you used the reservation system?')).toContain('reserved');
    expect(rareIn('i like to compete', 'You described your core competence as "teaching".')).toEqual(['compete']);
  });

  it('leaves ordinary uses alone', () => {
    expect(markAnswer('I like reading as well.')).toEqual([{ text: 'I like reading as well.', kind: null }]);
    expect(markAnswer('')).toEqual([]);
  });
});

describe('tallyMarks', () => {
  it('counts each filler and slip over all answers, most frequent first', () => {
    const tally = tallyMarks(['Um, like, I went there. So, it was fun.', 'Um, she are nice.\nUm, the the end, like.', 'Nothing here.']);
    expect(tally.fillers).toEqual([
      { filler: 'um', count: 3 },
      { filler: 'like', count: 2 },
      { filler: 'so', count: 1 },
    ]);
    expect(tally.slips).toEqual([
      { text: 'she are', count: 1 },
      { text: 'the the', count: 1 },
    ]);
    expect(tallyText(tally.fillers)).toBe('um ×3, like ×2, so ×1');
  });

  it('is empty without marks', () => {
    expect(tallyMarks([])).toEqual({ fillers: [], slips: [] });
    expect(tallyText([])).toBe('');
  });
});
