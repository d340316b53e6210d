import { describe, expect, it } from 'vitest';
import { INTERVIEW_CATEGORIES, type InterviewCategory } from './constants.js';
import { NO_RESPONSE_TEXT } from './answer-texts.js';
import { STOP_WORDS } from '../text/index.js';
import { CATEGORY_TOPIC_WORDS, RELEVANCE_FULL_MARKS_MATCHES, contentTerms, referenceStems, scoreAnswerRelevance } from './relevance.js';

describe('contentTerms', () => {
  it('drops stop words and fillers, stems the rest and keeps the first way each was written', () => {
    expect(contentTerms('Um, I managed the Management team and we were managing well')).toEqual([
      { stem: 'manag', word: 'managed' },
      { stem: 'team', word: 'team' },
    ]);
  });

  it('splits compounds and drops possessives', () => {
    expect(contentTerms("Problem-solving at the company's office").map((t) => t.word)).toEqual(['Problem', 'solving', 'company', 'office']);
  });

  it('keeps numbers and words outside a-z unstemmed', () => {
    expect(contentTerms('Two years in München, 2019').map((t) => t.stem)).toEqual(['two', 'year', 'münchen', '2019']);
  });

  it('leaves out the given words', () => {
    expect(contentTerms('Tell me about Infosys', new Set(['tell'])).map((t) => t.word)).toEqual(['Infosys']);
  });

  it('keeps every topic word a content word (a stop word there could never match)', () => {
    for (const category of INTERVIEW_CATEGORIES) {
      for (const word of CATEGORY_TOPIC_WORDS[category]) expect(STOP_WORDS.has(word), `${category}: ${word}`).toBe(false);
    }
  });
});

describe('referenceStems', () => {
  it('takes the question\'s content words without the words that frame it', () => {
    expect([...referenceStems('Tell me about your work at Infosys. What were your main responsibilities there?')]).toEqual([
      'work',
      'infosi',
      'respons',
    ]);
  });

  it('adds the category\'s topic words', () => {
    const stems = referenceStems('Where do you see yourself in five years?', 'Career Goals');
    expect(stems.has('promot')).toBe(true);
    expect(stems.has('five')).toBe(true);
    expect(referenceStems('Where do you see yourself in five years?').has('promot')).toBe(false);
  });
});

const EXPERIENCE_QUESTION = 'Tell me about your work at Infosys. What were your main responsibilities there?';

describe('scoreAnswerRelevance', () => {
  it.each([
    ['an empty answer', ''],
    ['white space', '  \n '],
    ['the no-response placeholder', NO_RESPONSE_TEXT],
    ['only stop words and fillers', 'um well I mean it was you know'],
  ])('scores %s 0', (_name, answer) => {
    expect(scoreAnswerRelevance(EXPERIENCE_QUESTION, answer, 'Experience')).toMatchObject({ score: 0, matchedWords: [] });
  });

  it.each([
    [1, 'I was at Infosys.', ['Infosys']],
    [2, 'At Infosys I managed things.', ['Infosys', 'managed']],
    [3, 'At Infosys I managed a team.', ['Infosys', 'managed', 'team']],
    [4, 'At Infosys I managed a team and clients.', ['Infosys', 'managed', 'team', 'clients']],
    [7, 'At Infosys I managed a team, handled clients and delivered projects.', ['Infosys', 'managed', 'team', 'handled', 'clients', 'delivered', 'projects']],
  ])('gives 9 x min(1, matches / 4) for %i different matches', (count, answer, matched) => {
    const result = scoreAnswerRelevance(EXPERIENCE_QUESTION, answer, 'Experience');
    expect(result.matchedWords).toEqual(matched);
    expect(result.score).toBeCloseTo(9 * Math.min(1, count / RELEVANCE_FULL_MARKS_MATCHES), 10);
  });

  it('counts a word said again, or in another form, once', () => {
    const result = scoreAnswerRelevance(EXPERIENCE_QUESTION, 'Infosys, Infosys, INFOSYS. I manage, managed, management.', 'Experience');
    expect(result.matchedWords).toEqual(['Infosys', 'manage']);
    expect(result.score).toBeCloseTo(4.5, 10);
  });

  type Pair = [question: string, category: InterviewCategory, onTopic: string, offTopic: string];
  it.each<Pair>([
    [
      EXPERIENCE_QUESTION,
      'Experience',
      'At Infosys I was responsible for testing the billing system and I reported to the project manager every day.',
      'I enjoy cricket and watching films with my cousins on the weekend.',
    ],
    [
      'What did you study at Anna University, and how has it prepared you for this role?',
      'Education',
      'I studied mechanical engineering at Anna University and the lab courses prepared me to work carefully.',
      'My favourite food is biryani and I cook it every Sunday for my family.',
    ],
    [
      'Describe a difficult problem you solved using React. What steps did you take?',
      'Technical',
      'Our React app was slow, so I profiled the components, found the problem and solved it with memoised state.',
      'The weather in Chennai is very hot in May, so we travel to the hills.',
    ],
    [
      'Asha, please tell me about yourself.',
      'Introduction',
      'My name is Asha. I graduated from college in commerce and I have two years of experience in accounts.',
      'Yesterday the bus was late and the traffic was terrible near the market.',
    ],
    [
      'What would you say are your greatest strengths, and how have they helped you?',
      'Strengths',
      'My greatest strength is patience; it helped me solve customer problems calmly and keep the team positive.',
      'Bananas are yellow and grow in bunches on tall green plants.',
    ],
  ])('scores an on-topic answer above an off-topic one: %s', (question, category, onTopic, offTopic) => {
    const on = scoreAnswerRelevance(question, onTopic, category);
    const off = scoreAnswerRelevance(question, offTopic, category);
    expect(on.score).toBeGreaterThan(off.score);
    expect(on.score).toBeGreaterThanOrEqual(6.75);
    expect(off.score).toBeLessThanOrEqual(2.25);
  });
});
