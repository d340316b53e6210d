import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from './answer.js';
import { CUE_CARDS, PART1_QUESTIONS, PART3_QUESTIONS } from './questions.js';
import { scoreSpeakingTest } from './scoring.js';

/*
 * Questions asked but not answered count against the estimate's evidence (decision 0018): an
 * examiner's probe got overall 7.0 from one fluent long turn beside twenty silent questions, since
 * the figures are over the answers spoken.
 */

const LONG_TURN =
  'I would like to describe a journey I took with my uncle last year. We took an overnight train from Chennai to Delhi, ' +
  'and although the carriage was crowded, the people around us were remarkably friendly. We shared food, played cards and ' +
  'talked about politics until late at night. What made it memorable was watching the landscape change from green rice ' +
  'fields to dry plains in the morning, which made me realise how enormous and varied my country is.';

/** A test of 10 + 1 + 10 answers; `followUps`: asked as an examiner's follow-ups, which are never judged off-topic. */
function test(part1: (q: string) => string, part3: (q: string) => string, followUps = false): SpeakingTestAnswer[] {
  const answer = (part: 1 | 2 | 3, questionNumber: number, question: string, text: string): SpeakingTestAnswer => ({
    part, questionNumber, question: followUps ? 'Why do you think so?' : question, answer: text, responseTimeMs: text ? 1200 : null, speakingTimeMs: text ? 12_000 : 0,
  });
  return [
    ...PART1_QUESTIONS.slice(0, 10).map((q, i) => answer(1, i + 1, q, part1(q))),
    answer(2, 1, CUE_CARDS[0]?.topic ?? '', LONG_TURN),
    ...PART3_QUESTIONS.slice(0, 10).map((q, i) => answer(3, i + 1, q, part3(q))),
  ];
}

describe('questions left unanswered', () => {
  it('give no band when most of them got no words: one long turn beside twenty silences', () => {
    const result = scoreSpeakingTest(test(() => '', () => ''));
    expect(result.assessable).toBe(false);
    if (result.assessable) throw new Error('expected no band');
    expect(result.reason).toBe(
      'Only 1 of the 21 questions has a real answer (no words were recognised for 20), so no band is estimated: too few to show how you speak. ' +
        'Answer every question in your own words (if you did, check the microphone), then take the test again.',
    );
  });

  it('name the non-answers beside the silences', () => {
    const result = scoreSpeakingTest(test((q) => (q === PART1_QUESTIONS[1] ? 'um uh like you know' : ''), () => ''));
    if (result.assessable) throw new Error('expected no band');
    expect(result.reason).toMatch(/^Only 1 of the 21 questions has a real answer \(no words were recognised for 19; 1 was filler words\)/);
  });

  it('still give a band when fewer than half were silent', () => {
    const lines = [
      'I live with my parents in a small flat near the railway station.',
      'Mostly by bus, although my brother sometimes drops me at college on his scooter.',
      'We went to the hills last summer and stayed in a cottage for a week.',
      'Chemistry was my favourite because our teacher let us do experiments every Friday.',
      'I can make simple dishes like rice and dal, but my mother cooks far better.',
      'People travel abroad because flights have become cheaper and social media shows them beautiful places.',
      'Tourism brought hotels and jobs to our coast, yet the beaches are dirtier than before.',
      'Online courses let adults learn at night after work, which was impossible twenty years ago.',
      'Governments should pay for university, otherwise talented poor students never get a chance.',
      'Festivals keep families together, since relatives travel home and cook traditional sweets.',
      'Older people find new technology confusing, so their grandchildren usually help them.',
      'Cities grow because villages offer few jobs, and young people want better salaries.',
      'Learning with friends is more fun, but I concentrate better when I study alone.',
      'Traditional music is played at weddings, though most teenagers prefer film songs.',
      'Skilled workers will always be needed, even if machines take over routine tasks.',
    ];
    let next = 0;
    const said = () => lines[next++ % lines.length] ?? '';
    const silentEvenPart1 = (q: string) => (PART1_QUESTIONS.indexOf(q) % 2 === 0 ? '' : said());
    const result = scoreSpeakingTest(test(silentEvenPart1, () => said(), true));
    expect(result.assessable, result.assessable ? '' : result.reason).toBe(true);
  });
});
