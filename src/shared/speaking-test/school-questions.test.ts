import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from './answer.js';
import { judgeAnswers, offTopicReason, topicMatch } from './non-answers.js';
import { CUE_CARDS, NAME_QUESTION, PART1_QUESTION_COUNT, PART1_QUESTIONS, PART3_QUESTION_COUNT, PART3_QUESTIONS, selectQuestionSet } from './questions.js';
import { schoolQuestionLookup, type SchoolQuestion } from './school-questions.js';
import { scoreSpeakingTest } from './scoring.js';
import { suggestTopicWords } from './topic-words.js';
import { seededRandom as seeded } from '../seeded-random.js';

const PETS: SchoolQuestion = { part: 1, text: 'Do you have a pet at home?', bullets: [], topicWords: ['dog', 'cat', 'animal', 'feed', 'walk', 'puppy'] };
const MARKET: SchoolQuestion = {
  part: 2,
  text: 'Describe a market you like to visit.',
  bullets: ['where it is', 'what is sold there', 'who you go with', 'and explain why you like it.'],
  topicWords: ['shop', 'vegetable', 'fruit', 'price', 'stall', 'buy', 'sell', 'crowd'],
};
const CITIES: SchoolQuestion = { part: 3, text: 'Should cities ban cars from their centres?', bullets: [], topicWords: ['traffic', 'pollution', 'bus', 'walk', 'cycle', 'air'] };
const RETIRED: SchoolQuestion = { part: 1, text: 'What did you eat for breakfast today?', bullets: [], topicWords: ['food', 'bread', 'tea'], retired: true };
const SCHOOL = [PETS, MARKET, CITIES, RETIRED];

function answer(part: 1 | 2 | 3, question: string, text: string): SpeakingTestAnswer {
  return { part, questionNumber: 3, question, answer: text, responseTimeMs: 1000, speakingTimeMs: 10_000 };
}

describe('the draw with the school’s questions', () => {
  it('keeps the spec’s counts, the name question first, and never repeats a question', () => {
    for (let seed = 0; seed < 200; seed++) {
      const set = selectQuestionSet(seeded(seed), SCHOOL);
      expect(set.part1).toHaveLength(PART1_QUESTION_COUNT);
      expect(set.part1[0]).toBe(NAME_QUESTION);
      expect(new Set(set.part1).size).toBe(PART1_QUESTION_COUNT);
      expect(set.part2).toHaveLength(1);
      expect(set.part3).toHaveLength(PART3_QUESTION_COUNT);
      expect(new Set(set.part3).size).toBe(PART3_QUESTION_COUNT);
      expect(set.part1.every((q) => PART1_QUESTIONS.includes(q) || q === PETS.text)).toBe(true);
      expect(set.part3.every((q) => PART3_QUESTIONS.includes(q) || q === CITIES.text)).toBe(true);
    }
  });

  it('draws each school question in some tests, a cue card with its lines, and a retired one never', () => {
    const seen = { pets: 0, market: 0, cities: 0, retired: 0 };
    for (let seed = 0; seed < 400; seed++) {
      const set = selectQuestionSet(seeded(seed), SCHOOL);
      if (set.part1.includes(PETS.text)) seen.pets += 1;
      if (set.part1.includes(RETIRED.text)) seen.retired += 1;
      if (set.part3.includes(CITIES.text)) seen.cities += 1;
      if (set.part2[0]?.topic === MARKET.text) {
        seen.market += 1;
        expect(set.part2[0].bullets).toEqual(MARKET.bullets);
      }
    }
    // 9 of 15 others in Part 1 (about 60%), 1 of 7 cards (about 14%), 10 of 16 in Part 3 (about 62%).
    expect(seen.pets).toBeGreaterThan(180);
    expect(seen.market).toBeGreaterThan(30);
    expect(seen.cities).toBeGreaterThan(180);
    expect(seen.retired).toBe(0);
  });

  it('draws the bank’s set for the same seed when the school has no active questions', () => {
    expect(selectQuestionSet(seeded(7), [RETIRED])).toEqual(selectQuestionSet(seeded(7)));
    expect(selectQuestionSet(seeded(7), [])).toEqual(selectQuestionSet(seeded(7)));
  });

  it('never draws a school question whose text the bank already has, nor one twice', () => {
    const copy: SchoolQuestion = { part: 1, text: `  ${PART1_QUESTIONS[3]?.toUpperCase() ?? ''} `, bullets: [], topicWords: [] };
    for (let seed = 0; seed < 100; seed++) {
      const set = selectQuestionSet(seeded(seed), [copy, PETS, { ...PETS }]);
      expect(set.part1.filter((q) => q.toLowerCase().trim() === PART1_QUESTIONS[3]?.toLowerCase())).toHaveLength(set.part1.includes(PART1_QUESTIONS[3] ?? '') ? 1 : 0);
      expect(set.part1.filter((q) => q === PETS.text).length).toBeLessThanOrEqual(1);
      expect(CUE_CARDS.length).toBe(6);
    }
  });
});

describe('suggested topic words', () => {
  it('are the question’s content words, one per stem, without framing or stop words', () => {
    expect(suggestTopicWords('Do you have a pet at home?')).toEqual(['pet', 'home']);
    expect(suggestTopicWords('Tell me about the games you played as a child, and the games children play today.')).toEqual(['games', 'played', 'child', 'children']);
  });

  it('take a cue card’s lines too', () => {
    expect(suggestTopicWords(MARKET.text, MARKET.bullets)).toEqual(['market', 'visit', 'sold']);
  });
});

describe('judging answers to the school’s questions', () => {
  const school = schoolQuestionLookup(SCHOOL);
  const offTopic = 'My favourite subject was chemistry because the experiments in the laboratory were exciting.';

  it('marks an unrelated answer to a school question off-topic, with the question in the reason', () => {
    expect(topicMatch(answer(1, PETS.text, offTopic), school)).toMatchObject({ judged: true, offTopic: true });
    const { nonAnswers } = judgeAnswers([answer(1, PETS.text, offTopic)], school);
    expect(nonAnswers).toEqual([{ part: 1, questionNumber: 3, kind: 'off-topic', reason: offTopicReason({ part: 1, question: PETS.text }), wordCount: 13 }]);
  });

  it('recognises an answer by the stored topic words, not only the question’s own', () => {
    const text = 'Yes, we keep a small dog and I walk him every evening before dinner.';
    expect(topicMatch(answer(1, PETS.text, text), school)).toMatchObject({ judged: true, offTopic: false, matchedWords: ['dog', 'walk'] });
    // Without the stored words the same question is not judged: not in the bank and too few words of its own.
    expect(topicMatch(answer(1, PETS.text, offTopic))).toMatchObject({ judged: false, offTopic: false });
  });

  it('judges a retired question’s answers as before (an attempt saved before it was retired)', () => {
    expect(topicMatch(answer(1, RETIRED.text, offTopic), school).offTopic).toBe(true);
    expect(topicMatch(answer(1, RETIRED.text, 'I had bread with butter and a cup of sweet tea.'), school).offTopic).toBe(false);
  });

  it('judges a school cue card with its lines and words, and only in its own part', () => {
    const about = 'The vegetable market near my home has many stalls and the prices are low, so I buy fruit there every week with my mother.';
    expect(topicMatch({ ...answer(2, MARKET.text, about) }, school)).toMatchObject({ judged: true, offTopic: false });
    expect(topicMatch(answer(2, MARKET.text, offTopic), school)).toMatchObject({ judged: true, offTopic: true });
    // The same text asked in another part is not that school question.
    expect(topicMatch(answer(3, PETS.text, offTopic), school).judged).toBe(false);
  });

  it('looks an answer’s school question up once', () => {
    let lookups = 0;
    const counting = new Map(school);
    const get = counting.get.bind(counting);
    counting.get = (key) => {
      lookups++;
      return get(key);
    };
    expect(topicMatch(answer(1, PETS.text, offTopic), counting)).toMatchObject({ judged: true, offTopic: true });
    expect(lookups).toBe(1);
  });

  it('leaves an off-topic answer to a school question out of the scores', () => {
    const answers = [answer(3, CITIES.text, offTopic)];
    expect(scoreSpeakingTest(answers, { school }).nonAnswers.map((item) => item.kind)).toEqual(['off-topic']);
    expect(scoreSpeakingTest(answers).nonAnswers).toEqual([]);
  });
});
