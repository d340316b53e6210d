import { describe, expect, it } from 'vitest';
import {
  CUE_CARD_THEMES,
  CUE_CARDS,
  NAME_QUESTION,
  PART1_QUESTION_COUNT,
  PART1_QUESTIONS,
  PART2_CUE_CARD_COUNT,
  PART3_QUESTION_COUNT,
  PART3_QUESTIONS,
  PART3_QUESTIONS_BY_THEME,
  selectQuestionSet,
  shuffle,
} from './questions.js';
import { seededRandom as seeded } from '../seeded-random.js';

describe('question bank', () => {
  it('holds 15 Part 1 questions, 6 cue cards and 15 Part 3 questions, starting with the name question', () => {
    expect(PART1_QUESTIONS).toHaveLength(15);
    expect(CUE_CARDS).toHaveLength(6);
    expect(PART3_QUESTIONS).toHaveLength(15);
    expect(PART1_QUESTIONS[0]).toBe('What is your name?');
    expect(NAME_QUESTION).toBe('What is your name?');
  });

  it('has no duplicates, within or across parts', () => {
    const all = [...PART1_QUESTIONS, ...PART3_QUESTIONS, ...CUE_CARDS.map((card) => card.topic)].map((q) => q.toLowerCase());
    expect(new Set(all).size).toBe(all.length);
  });

  it('writes every question as a question or an instruction', () => {
    for (const question of [...PART1_QUESTIONS, ...PART3_QUESTIONS]) expect(question).toMatch(/^[A-Z].*[?.]$/);
  });

  it('gives every cue card a "Describe" topic and 3 or 4 bullets ending with "and explain"', () => {
    for (const card of CUE_CARDS) {
      expect(card.topic).toMatch(/^Describe .+\.$/);
      expect(card.bullets.length).toBeGreaterThanOrEqual(3);
      expect(card.bullets.length).toBeLessThanOrEqual(4);
      expect(card.bullets.at(-1)).toMatch(/^and explain /);
    }
  });
});

describe('shuffle', () => {
  it('returns a permutation and leaves the input alone', () => {
    const items = [1, 2, 3, 4, 5, 6];
    const shuffled = shuffle(items, seeded(1));
    expect(items).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...shuffled].sort()).toEqual(items);
  });

  it('is Fisher-Yates: with random() always 0 each item swaps with the first', () => {
    // i=3 swaps with 0: [d,b,c,a]; i=2 with 0: [c,b,d,a]; i=1 with 0: [b,c,d,a].
    expect(shuffle(['a', 'b', 'c', 'd'], () => 0)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('keeps the order when random() is just under 1, and treats 1 as just under 1', () => {
    expect(shuffle(['a', 'b', 'c'], () => 0.999999)).toEqual(['a', 'b', 'c']);
    expect(shuffle(['a', 'b', 'c'], () => 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('selectQuestionSet', () => {
  it('selects 10 Part 1 questions starting with the name, 1 cue card and 10 Part 3 questions', () => {
    expect([PART1_QUESTION_COUNT, PART2_CUE_CARD_COUNT, PART3_QUESTION_COUNT]).toEqual([10, 1, 10]);
    for (let seed = 0; seed < 50; seed++) {
      const set = selectQuestionSet(seeded(seed));
      expect(set.part1).toHaveLength(10);
      expect(set.part1[0]).toBe(NAME_QUESTION);
      expect(set.part1.filter((q) => q === NAME_QUESTION)).toHaveLength(1);
      expect(new Set(set.part1).size).toBe(10);
      expect(set.part1.every((q) => PART1_QUESTIONS.includes(q))).toBe(true);
      expect(set.part2).toHaveLength(1);
      expect(CUE_CARDS).toContain(set.part2[0]);
      expect(set.part3).toHaveLength(10);
      expect(new Set(set.part3).size).toBe(10);
      expect(set.part3.every((q) => PART3_QUESTIONS.includes(q))).toBe(true);
    }
  });

  it("opens Part 3 with every question of the cue card's theme, then the others in random order", () => {
    expect(Object.keys(CUE_CARD_THEMES).sort()).toEqual(CUE_CARDS.map((card) => card.topic).sort());
    const firstAfterLinked = new Set<string>();
    for (let seed = 0; seed < 100; seed++) {
      const set = selectQuestionSet(seeded(seed));
      const linked = PART3_QUESTIONS_BY_THEME[CUE_CARD_THEMES[set.part2[0]!.topic]!];
      expect(linked.length).toBeGreaterThanOrEqual(3);
      expect(new Set(set.part3.slice(0, linked.length))).toEqual(new Set(linked));
      expect(set.part3.slice(linked.length).some((q) => linked.includes(q))).toBe(false);
      firstAfterLinked.add(set.part3[linked.length]!);
    }
    // The rest are drawn from every other theme.
    expect(firstAfterLinked.size).toBeGreaterThan(8);
    // A school's own cue card has no theme: Part 3 is then drawn as before, any question first.
    const ownCard = { part: 2 as const, text: 'Describe a book you enjoyed reading.', bullets: ['what it was', 'and explain why you enjoyed it.'], topicWords: ['book'] };
    const firsts = new Set(Array.from({ length: 200 }, (_, seed) => selectQuestionSet(seeded(seed), [ownCard])).filter((set) => set.part2[0]?.topic === ownCard.text).map((set) => set.part3[0]));
    expect(firsts.size).toBeGreaterThan(5);
  });

  it('is deterministic for a seeded random and differs between seeds', () => {
    expect(selectQuestionSet(seeded(42))).toEqual(selectQuestionSet(seeded(42)));
    expect(selectQuestionSet(seeded(42))).not.toEqual(selectQuestionSet(seeded(43)));
  });

  it('draws randomness in the order Part 1, Part 2, Part 3', () => {
    // 13 draws shuffle the 14 other Part 1 questions; the 14th picks the card.
    const values = [...Array<number>(13).fill(0), 0.5, ...Array<number>(14).fill(0)];
    let call = 0;
    const set = selectQuestionSet(() => values[call++] ?? 0);
    expect(set.part2[0]).toBe(CUE_CARDS[3]);
    expect(call).toBe(13 + 1 + 14);
  });

  it('can reach every question and every cue card, in every position', () => {
    const part1Seen = new Set<string>();
    const part3Seen = new Set<string>();
    const cardsSeen = new Set<string>();
    const part1Second = new Set<string>();
    const part3First = new Set<string>();
    for (let seed = 0; seed < 300; seed++) {
      const set = selectQuestionSet(seeded(seed));
      set.part1.forEach((q) => part1Seen.add(q));
      set.part3.forEach((q) => part3Seen.add(q));
      cardsSeen.add(set.part2[0]!.topic);
      part1Second.add(set.part1[1]!);
      part3First.add(set.part3[0]!);
    }
    expect(part1Seen.size).toBe(15);
    expect(part3Seen.size).toBe(15);
    expect(cardsSeen.size).toBe(6);
    expect(part1Second.size).toBe(14);
    expect(part3First.size).toBe(15);
  });
});
