import { describe, expect, it } from 'vitest';
import { NO_RESPONSE_TEXT, NOT_RECORDED_TEXT, NOT_TRANSCRIBED_TEXT } from './answer-texts.js';
import { INTERVIEW_MIN_ASSESSABLE_WORDS } from './score-scale.js';
import { NOT_TRANSCRIBED_REASON } from './no-scores-reasons.js';
import {
  fillerPart,
  overallScore,
  recognizerConfidencePart,
  confidenceWordCount,
  scoreConfidence,
  scoreInterview,
  sentenceLengthPart,
  type ScoringAnswer,
} from './scoring.js';

/** `n` distinct words that are neither fillers nor stop words. */
const filler = (n: number, prefix = 'w') => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');
const answer = (text: string, extra: Partial<ScoringAnswer> = {}): ScoringAnswer => ({
  question: 'What motivates you?',
  category: 'Motivation',
  answer: text,
  ...extra,
});

describe('scoreConfidence: words counted over 50 for every question asked, scaled to 9 (decision 0072)', () => {
  it.each([
    [0, 20, 0], [100, 20, 0.9], [500, 20, 4.5], [1000, 20, 9], [5000, 20, 9], [175, 7, 4.5], [350, 7, 9], [10, 0, 0],
  ])('%i words counted over %i questions -> %d', (words, questions, expected) => {
    expect(scoreConfidence(words, questions)).toBeCloseTo(expected, 10);
  });

  it('counts each answer up to 50 words', () => {
    expect(confidenceWordCount([0, 20, 50, 51, 300])).toBe(170);
  });
});

describe('clarity parts', () => {
  it.each([
    [0, 0], [4, 0.5], [8, 1], [14, 1], [20, 1], [30, 0.5], [40, 0], [90, 0],
  ])('sentence length %d -> %d', (length, expected) => {
    expect(sentenceLengthPart(length)).toBeCloseTo(expected, 10);
  });

  it.each([
    [0, 1], [0.05, 0.75], [0.1, 0.5], [0.2, 0], [0.6, 0],
  ])('filler ratio %d -> %d', (ratio, expected) => {
    expect(fillerPart(ratio)).toBeCloseTo(expected, 10);
  });

  it.each([
    [0.1, 0], [0.5, 0], [0.7, 0.5], [0.9, 1], [1, 1],
  ])('recognizer confidence %d -> %d', (confidence, expected) => {
    expect(recognizerConfidencePart(confidence)).toBeCloseTo(expected, 10);
  });

});

describe('overallScore: Math.round of the mean of the four', () => {
  it.each([
    [[0, 0, 0, 0], 0],
    [[9, 9, 9, 9], 9],
    [[4.5, 4.5, 4.5, 4.4], 4],
    [[4.5, 4.5, 4.5, 4.5], 5],
    [[1, 2, 3, 4], 3],
    [[9, 0, 0, 0], 2],
  ])('%j -> %i', ([communication, confidence, relevance, clarity], expected) => {
    expect(overallScore({ communication: communication!, confidence: confidence!, relevance: relevance!, clarity: clarity! })).toBe(expected);
  });
});

describe('scoreInterview', () => {
  it('gives zeros and no clarity parts when nothing was asked', () => {
    const report = scoreInterview([]);
    expect(report.scores).toEqual({ communication: 0, confidence: 0, relevance: 0, clarity: 0, overall: 0 });
    expect(report.figures).toMatchObject({ questionCount: 0, totalWords: 0, averageWordsPerAnswer: 0, clarityParts: null, meanConfidence: null });
  });

  it('gives zeros when every answer is empty or the placeholder', () => {
    const report = scoreInterview([answer(''), answer('   '), answer(NO_RESPONSE_TEXT)]);
    expect(report.scores).toEqual({ communication: 0, confidence: 0, relevance: 0, clarity: 0, overall: 0 });
    expect(report.figures).toMatchObject({ questionCount: 3, answeredCount: 0, totalWords: 0, fillerRatio: 0, averageSentenceLength: 0 });
    expect(report.figures.relevance.map((r) => r.score)).toEqual([0, 0, 0]);
  });

  it('averages words over every asked question, empty answers included', () => {
    // Two different answers: the same words twice would be a repeat, not counted (decision 0018).
    const report = scoreInterview([answer(filler(50)), answer(''), answer(NO_RESPONSE_TEXT), answer(filler(50, 'x'))]);
    expect(report.figures.totalWords).toBe(100);
    expect(report.figures.answeredCount).toBe(2);
    expect(report.figures.averageWordsPerAnswer).toBe(25);
    // Confidence: 100 words counted of the 50 x 4 that earn 9.
    expect(report.figures.confidenceWords).toBe(100);
    expect(report.scores.confidence).toBeCloseTo(4.5, 10);
    // Communication is the calibrated fluency and vocabulary; the unanswered questions lower it.
    const { language } = report.figures;
    if (!language) throw new Error('expected the language estimate');
    expect(report.scores.communication).toBe((language.fluency + language.vocabulary) / 2);
    expect(report.scores.communication).toBeLessThan(scoreInterview([answer(filler(50)), answer(filler(50, 'x'))]).scores.communication);
  });

  it('keeps communication within 9 and clamps confidence at 9', () => {
    const report = scoreInterview([answer(filler(2000)), answer(filler(2000, 'x'))]);
    expect(report.scores.communication).toBeLessThanOrEqual(9);
    expect(report.scores.confidence).toBe(9);
  });

  it('averages relevance over asked questions, an empty answer counting 0', () => {
    const question = 'Tell me about your work at Infosys.';
    const report = scoreInterview([
      { question, category: 'Experience', answer: 'At Infosys I managed a team and handled clients.' },
      { question, category: 'Experience', answer: '' },
    ]);
    expect(report.figures.relevance.map((r) => r.score)).toEqual([9, 0]);
    expect(report.figures.relevance[0]?.matchedWords).toEqual(['Infosys', 'managed', 'team', 'handled', 'clients']);
    expect(report.scores.relevance).toBe(4.5);
  });

  it('scores an off-topic interview lower on relevance than an on-topic one', () => {
    const questions: Omit<ScoringAnswer, 'answer'>[] = [
      { question: 'What did you study at Anna University?', category: 'Education' },
      { question: 'How would you rate your knowledge of Python?', category: 'Technical' },
    ];
    const onTopic = scoreInterview([
      { ...questions[0]!, answer: 'I studied electronics at Anna University and took a course in signal processing.' },
      { ...questions[1]!, answer: 'I know Python well: I built a data pipeline and wrote tests for every module.' },
    ]);
    const offTopic = scoreInterview([
      { ...questions[0]!, answer: 'My sister is getting married next month in Madurai.' },
      { ...questions[1]!, answer: 'I usually take the bus because parking is expensive.' },
    ]);
    expect(onTopic.scores.relevance).toBeGreaterThan(offTopic.scores.relevance);
    expect(offTopic.scores.relevance).toBeLessThan(3);
  });

  it('measures fillers and sentence length over all answers, sentences split at utterance breaks', () => {
    // 20 words in 2 utterances of 10; 2 fillers (um, uh): ratio 0.1.
    const report = scoreInterview([answer(`um ${filler(9, 'a')}\nuh ${filler(9, 'b')}`)]);
    expect(report.figures).toMatchObject({ totalWords: 20, fillerCount: 2, fillerRatio: 0.1, sentenceCount: 2, averageSentenceLength: 10 });
    expect(report.figures.clarityParts).toEqual({ fillers: 0.5, sentenceLength: 1, recognizerConfidence: null });
    // The parts are evidence; clarity is the calibrated grammar band.
    expect(report.scores.clarity).toBe(report.figures.language?.grammar);
  });

  it('uses the word-weighted mean of the reported confidences, ignoring missing and 0', () => {
    const report = scoreInterview([
      answer(filler(10), { confidence: 0.9 }),
      answer(filler(30), { confidence: 0.7 }),
      answer(filler(10), { confidence: 0 }),
      answer(filler(10), { confidence: null }),
      answer(filler(10)),
      answer('', { confidence: 0.1 }),
    ]);
    expect(report.figures.meanConfidence).toBeCloseTo((0.9 * 10 + 0.7 * 30) / 40, 10);
    expect(report.figures.clarityParts?.recognizerConfidence).toBeCloseTo(0.625, 10);
  });

  it('ranks a developed, well-formed answer above a telegraphic one on communication and clarity', () => {
    const developed = scoreInterview([
      answer(
        'what motivates me most is solving problems that actually matter to the people who use our software\n' +
          'in my last role i redesigned the billing process which had been causing delays for months\n' +
          'when the new system went live our complaints fell by half and i realised how much i enjoy that kind of work',
      ),
    ]);
    const telegraphic = scoreInterview([answer('money\nyes\nmoney good\nteam\nwork work\nmy my boss he say good\nyes money\nok')]);
    expect(developed.scores.communication).toBeGreaterThan(telegraphic.scores.communication);
    expect(developed.scores.clarity).toBeGreaterThan(telegraphic.scores.clarity);
  });

  it('keeps every score within 0-9 and overall a whole number', () => {
    const cases: ScoringAnswer[][] = [
      [answer('um '.repeat(3000), { confidence: 1 })],
      [answer(filler(5000), { confidence: 5 })],
      [answer('x', { confidence: -1 })],
    ];
    for (const answers of cases) {
      const { scores } = scoreInterview(answers);
      for (const value of Object.values(scores)) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(9);
      }
      expect(Number.isInteger(scores.overall)).toBe(true);
    }
  });

  it('is deterministic: the same answers give the same report', () => {
    const answers = [
      answer('I want to grow with a company that values learning.', { confidence: 0.8 }),
      { question: 'Tell me about your work at Infosys.', category: 'Experience' as const, answer: 'Um, I handled clients.\nIt was good.' },
    ];
    const first = scoreInterview(answers);
    expect(scoreInterview(structuredClone(answers))).toEqual(first);
    expect(scoreInterview(answers)).toEqual(first);
  });

  it('computes overall from the unrounded four', () => {
    const { scores } = scoreInterview([answer(filler(30), { confidence: 0.9 })]);
    expect(scores.overall).toBe(Math.round((scores.communication + scores.confidence + scores.relevance + scores.clarity) / 4));
  });
});

describe('scoreInterview: not enough speech', () => {
  it('has nothing to score in silence, instead of zeros', () => {
    const report = scoreInterview([answer(''), answer(NO_RESPONSE_TEXT), answer('   ')]);
    expect(report.assessable).toBe(false);
    expect(report.reason).toBe(
      'No speech was recognised in your answers (nothing was heard for any of the 3 questions), so there is nothing to score: scores need at least 20 words. Check that the microphone works and answer every question aloud, then try the interview again.',
    );
    expect(scoreInterview([]).assessable).toBe(false);
  });

  it('reads an answer recorded but not transcribed as no words, not as the placeholder\'s, and says why there are no scores', () => {
    const report = scoreInterview([answer(NOT_TRANSCRIBED_TEXT), answer(NOT_TRANSCRIBED_TEXT), answer(NOT_RECORDED_TEXT), answer(NO_RESPONSE_TEXT)]);
    expect(report).toMatchObject({ assessable: false, reason: NOT_TRANSCRIBED_REASON, nonAnswers: [], figures: { totalWords: 0 } });
    expect(report.figures.relevance.map((item) => item.matchedWords)).toEqual([[], [], [], []]);
  });

  it('says which questions nothing was heard for, beside the words heard in the others', () => {
    const report = scoreInterview([answer('I work in a bank there'), answer(''), answer(NO_RESPONSE_TEXT), answer(''), answer('yes I like it'), answer(''), answer('')]);
    expect(report.reason).toBe(
      'Only 10 words were recognised in your answers (fillers such as um and uh not counted): 2 of the 7 questions had an answer, and nothing was heard for questions 2 to 4, 6 and 7, so there is nothing to score: scores need at least 20 words. Check that the microphone works and answer every question aloud, then try the interview again.',
    );
    // Every question answered: nothing to name.
    expect(scoreInterview([answer('um uh'), answer('I work in a bank there')]).reason).toMatch(/^Only 6 words were recognised in your answers \(fillers such as um and uh not counted\), so there is nothing/);
  });

  it('does not count fillers towards the minimum', () => {
    const report = scoreInterview([answer('um uh you know er like um uh ah you know um uh er ah um uh'), answer(`um ${filler(5)}`)]);
    expect(report.assessable).toBe(false);
    expect(report.reason).toMatch(/^Only 5 words were recognised in your answers \(fillers such as um and uh not counted\)/);
  });

  it(`scores from ${INTERVIEW_MIN_ASSESSABLE_WORDS} words across the answers`, () => {
    const below = scoreInterview([answer(filler(10)), answer(filler(INTERVIEW_MIN_ASSESSABLE_WORDS - 11, 'x'))]);
    expect(below).toMatchObject({ assessable: false, figures: { totalWords: INTERVIEW_MIN_ASSESSABLE_WORDS - 1 } });
    const enough = scoreInterview([answer(filler(10)), answer(filler(INTERVIEW_MIN_ASSESSABLE_WORDS - 10, 'x'))]);
    expect(enough).toMatchObject({ assessable: true, reason: null });
    expect(enough.scores.overall).toBeGreaterThan(0);
  });

  it('keeps a short but real interview assessable', () => {
    const report = scoreInterview([
      { question: 'Tell me about yourself.', category: 'Introduction', answer: 'I grew up in a small town near the coast and I still enjoy walking by the sea with my family on weekends.' },
      { question: 'Why do you want this job?', category: 'Motivation', answer: '' },
    ]);
    expect(report).toMatchObject({ assessable: true, reason: null });
  });
});
