import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from './answer.js';
import { scoreSpeakingTest } from './scoring.js';

/*
 * A test most of whose answers were not answers gets no band, however many words the rest hold
 * (decision 0018): an examiner's probe got overall 7.5 from one memorised paragraph said to every
 * question, the band worked out from the one answer that counted.
 */

// Examiner's follow-ups, not the bank's questions: whether an answer is on topic is not judged here.
const FOLLOW_UP = 'Tell me more about that.';
const questions: Array<[1 | 2 | 3, number, string]> = [
  ...Array.from({ length: 10 }, (_, i): [1, number, string] => [1, i + 1, FOLLOW_UP]),
  [2, 1, FOLLOW_UP],
  ...Array.from({ length: 10 }, (_, i): [3, number, string] => [3, i + 1, FOLLOW_UP]),
];
const answered = (texts: (n: number) => string): SpeakingTestAnswer[] =>
  questions.map(([part, questionNumber, question], n) => ({ part, questionNumber, question, answer: texts(n), responseTimeMs: 900, speakingTimeMs: part === 2 ? 90_000 : 20_000 }));

const MEMORISED =
  'Technology has transformed the way we communicate, work and learn. In my opinion the most significant change is that information is available instantly, which means people can educate themselves without attending expensive institutions, although this also creates challenges such as misinformation and a decline in face to face interaction that societies must address carefully.';

/** Own words for answer n: different sentences each time, so none repeats another. */
const OWN: readonly string[] = [
  'My name is Ravi Kumar and my friends usually call me Ravi.',
  'I work as a nurse in a small hospital near the station.',
  'I grew up in a village where everybody knew each other.',
  'On weekends I like cooking for my parents and watching cricket.',
  'My favourite season is the monsoon because the fields turn green.',
  'I usually take the bus, though it is often crowded in the morning.',
  'Reading helps me relax after a long shift at the hospital.',
  'I would like to visit Japan one day to see the temples.',
  'My best friend lives in Chennai, so we talk on the phone.',
  'Music was important when I was a child; my uncle played the flute.',
  'I want to describe a trip to the mountains with my cousins last year, when we walked for hours and slept in a small guest house.',
];

describe('a test most of whose answers were not answers', () => {
  it('gets no band when the same memorised paragraph is said to every question, and says why', () => {
    const result = scoreSpeakingTest(answered(() => MEMORISED));
    expect(result.assessable).toBe(false);
    if (result.assessable) return;
    expect(result.nonAnswers.filter((item) => item.kind === 'repetition')).toHaveLength(20);
    expect(result.reason).toBe(
      'Most answers were repeated sentences, so no band is estimated: only 1 of your 21 answers is a real answer, too few to show how you speak. Answer each question in your own words, then take the test again.',
    );
  });

  it('still gets a band when half the answers or fewer were not answers', () => {
    // Answers 0-10 in the student's own words, the other ten the same paragraph: its first saying
    // counts, its nine repeats do not: 9 of 21 are not answers.
    const result = scoreSpeakingTest(answered((n) => OWN[n] ?? MEMORISED));
    expect(result.nonAnswers).toHaveLength(9);
    expect(result.assessable).toBe(true);
  });
});
