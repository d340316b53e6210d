import { describe, expect, it } from 'vitest';
import { BAND_MODEL } from '../band-estimate/coefficients.js';
import { estimateLanguage } from '../band-estimate/estimate.js';
import { interviewNextStep } from './next-step.js';
import { scoreInterview, type ScoringAnswer } from './scoring.js';

const ANSWER =
  'I worked as a nurse for three years and I managed a small team on the night shift, because the hospital needed someone who could stay calm, ' +
  'and I learned to plan the work so that every patient was seen on time';

const asked = (question: string, answer: string, category: ScoringAnswer['category'] = 'Experience'): ScoringAnswer => ({ question, category, answer });

const estimate = estimateLanguage([{ answer: ANSWER }]);
const inputs = { estimate, model: BAND_MODEL, averageWordsPerAnswer: 30, questionCount: 8, relevance: [] };

describe('the interview\'s "work on next"', () => {
  it('names the lowest score, and its advice in the student\'s figures', () => {
    const relevance = [60, 45, 30, 20, 50, 10, 0, 25].map((wordCount) => ({ wordCount, matchedWords: [] }));
    const step = interviewNextStep({ ...inputs, relevance, scores: { communication: 6, confidence: 2.2, relevance: 5, clarity: 6 } });
    expect(step.score).toBe('Confidence');
    // Full marks are 50 words in every answer, however many questions the profile gave (decision 0072).
    expect(step.advice).toBe(
      'Say more in each answer: what you did, how, and what happened as a result, with an example. 6 of your 8 answers had fewer than 50 words (about 30 per answer). 50 words in every answer earns the full 9; extra words in one answer do not count for a short answer elsewhere.',
    );
  });

  it('for relevance, counts the answers that used none of the key words and the questions not answered', () => {
    const relevance = [
      { wordCount: 20, matchedWords: [] },
      { wordCount: 0, matchedWords: [] },
      { wordCount: 15, matchedWords: ['nurse'] },
      { wordCount: 12, matchedWords: [] },
    ];
    const step = interviewNextStep({ ...inputs, relevance, scores: { communication: 6, confidence: 7, relevance: 3, clarity: 6 } });
    expect(step.score).toBe('Relevance');
    expect(step.advice).toContain('This time 2 answers used none of the question\'s key words and 1 question was not answered.');
  });

  it("for communication and clarity, gives the speaking test's advice for the weaker of fluency and vocabulary, or for grammar", () => {
    const communication = interviewNextStep({ ...inputs, scores: { communication: 3, confidence: 7, relevance: 7, clarity: 6 } });
    const clarity = interviewNextStep({ ...inputs, scores: { communication: 6, confidence: 7, relevance: 7, clarity: 3 } });
    expect(communication.score).toBe('Communication');
    expect(clarity.score).toBe('Clarity');
    expect(communication.advice).not.toBe(clarity.advice);
    expect(communication.advice.length).toBeGreaterThan(20);
    expect(clarity.advice.length).toBeGreaterThan(20);
  });

  it("aims a weak speaker's communication advice at the learners a level above, not at the strongest (decision 0069)", () => {
    const basic = estimateLanguage(
      [
        'i live in my city it is big and he go to school every day with my friend',
        'i like cooking because it is fun and my mother cook very well every day',
        'my school is near my house i walk there with my friend in the morning',
        'i want to visit london because it is famous and my friend live there now',
        'on weekend i play tennis with my brother and we eat lunch at home together',
      ].map((answer) => ({ answer })),
    );
    expect(basic.criteria.vocabulary.band).toBeLessThan(basic.criteria.fluency.band);
    const step = interviewNextStep({ ...inputs, estimate: basic, scores: { communication: 2, confidence: 7, relevance: 7, clarity: 6 } });
    expect(step.score).toBe('Communication');
    // Not "say how sure you are: probably, definitely", what separates them from levels 8-9, but more precise words.
    expect(step.advice).toBe('Use more precise words where they fit ("fascinating" for "very interesting", "crowded" for "many people").');
  });

  it('names scores level as shown beside the lowest: the lower before rounding, else the first in the order shown', () => {
    expect(interviewNextStep({ ...inputs, scores: { communication: 5, confidence: 5, relevance: 5, clarity: 5 } })).toMatchObject({
      score: 'Communication',
      levelWith: ['Confidence', 'Relevance', 'Clarity'],
    });
    // 4.98 and 5.01 both show as 5.0; 5.1 does not.
    expect(interviewNextStep({ ...inputs, scores: { communication: 5.1, confidence: 5.01, relevance: 7, clarity: 4.98 } })).toMatchObject({ score: 'Clarity', levelWith: ['Confidence'] });
    expect(interviewNextStep({ ...inputs, scores: { communication: 6, confidence: 7, relevance: 7, clarity: 3 } }).levelWith).toEqual([]);
  });

  it('comes with every assessable report, and not with one that has nothing to score', () => {
    const report = scoreInterview([
      asked('Tell me about your experience as a nurse.', 'I worked as a nurse for three years on the night shift.'),
      asked('Why do you want this role?', 'I want this role because I enjoy caring for patients every day.', 'Motivation'),
    ]);
    expect(report.assessable).toBe(true);
    // Two answers of 12 words: confidence (50 words an answer earn 9) is the lowest.
    expect(report.nextStep?.score).toBe('Confidence');
    expect(scoreInterview([asked('Why do you want this role?', 'um')]).nextStep).toBeNull();
  });
});
