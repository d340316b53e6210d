import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from './answer.js';
import { judgeAnswers, QUESTION_ECHO_REASON } from './non-answers.js';
import { CUE_CARDS, PART1_QUESTIONS, PART3_QUESTIONS } from './questions.js';
import { scoreSpeakingTest } from './scoring.js';

/*
 * A student who reads the question back says nothing of their own: the examiner's words are not the
 * student's speech, so such an answer is not counted (decision 0018's "what was already said"), and
 * a test made of them gets no band rather than one worked out from the questions' wording.
 */

function answer(part: 1 | 2 | 3, questionNumber: number, question: string, text: string): SpeakingTestAnswer {
  return { part, questionNumber, question, answer: text, responseTimeMs: 800, speakingTimeMs: part === 2 ? 60_000 : 5_000 };
}

const card = CUE_CARDS[3] ?? { topic: '', bullets: [] };
const part1 = PART1_QUESTIONS.slice(0, 10);
const part3 = PART3_QUESTIONS.slice(0, 10);

describe('an answer that reads the question back', () => {
  it('is not counted, with a reason that says so, in every part', () => {
    const { counted, nonAnswers } = judgeAnswers([
      answer(1, 2, 'Do you work, or are you a student?', 'Do you work, or are you a student?'),
      answer(2, 1, card.topic, `${card.topic} You should say: ${card.bullets.join(', ')}`),
      answer(3, 1, 'Should university education be free for everyone?', 'um should university education be free for everyone'),
    ]);
    expect(counted).toEqual([]);
    expect(nonAnswers.map((item) => [item.part, item.kind, item.reason])).toEqual([
      [1, 'question-echo', QUESTION_ECHO_REASON],
      [2, 'question-echo', QUESTION_ECHO_REASON],
      [3, 'question-echo', QUESTION_ECHO_REASON],
    ]);
  });

  it('counts an answer that starts from the question and goes on in its own words', () => {
    const { counted, nonAnswers } = judgeAnswers([
      answer(3, 8, 'Why do you think so many people want to travel abroad these days?', 'I think so many people want to travel abroad these days because flights are cheaper and they see photos of beaches on their phones every day.'),
      answer(1, 10, 'Are you good at cooking?', 'Am I good at cooking? Not really, but I can make rice, dal and a decent omelette for my brother.'),
    ]);
    expect(nonAnswers).toEqual([]);
    expect(counted).toHaveLength(2);
  });

  it('gives a whole test of questions read back no band, and says why', () => {
    const answers = [
      answer(1, 1, part1[0] ?? '', 'My name is Ravi.'),
      ...part1.slice(1).map((question, i) => answer(1, i + 2, question, question)),
      answer(2, 1, card.topic, card.topic),
      ...part3.map((question, i) => answer(3, i + 1, question, question)),
    ];
    const result = scoreSpeakingTest(answers);
    expect(result.assessable).toBe(false);
    if (result.assessable) return;
    expect(result.reason).toContain('Most answers were the question repeated');
    expect(result.nonAnswers.filter((item) => item.kind === 'question-echo')).toHaveLength(20);
  });
});
