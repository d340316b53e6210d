import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from './answer.js';
import { judgeAnswers, NOT_ENGLISH_REASON } from './non-answers.js';
import { PART1_QUESTIONS, PART3_QUESTIONS } from './questions.js';
import { scoreSpeakingTest } from './scoring.js';

/*
 * An answer in another language is not an answer to an English speaking test, and the student is
 * told so: not that it "does not seem to be about the question", which is false for a student who
 * answered the question well in Hindi or Spanish.
 */

function answer(part: 1 | 3, questionNumber: number, question: string, text: string): SpeakingTestAnswer {
  return { part, questionNumber, question, answer: text, responseTimeMs: 900, speakingTimeMs: 8_000 };
}

const HINDI = 'हाँ, मुझे यात्रा करना पसंद है क्योंकि इससे नई जगहें और नए लोग देखने को मिलते हैं';
const SPANISH = 'Sí, me encanta viajar porque puedo conocer otras culturas, probar comida diferente y practicar idiomas';
const HINGLISH = 'haan mujhe ghumna bahut pasand hai kyunki naye log aur nayi jagah dekhne ko milti hai';

describe('an answer in another language', () => {
  it('is not counted, and the reason says it was not in English (Devanagari, Spanish, Hindi in Latin letters)', () => {
    const question = 'Do you enjoy travelling? Why, or why not?';
    const { counted, nonAnswers } = judgeAnswers([answer(1, 6, question, HINDI), answer(1, 7, question, SPANISH), answer(1, 8, question, HINGLISH)]);
    expect(counted).toEqual([]);
    expect(nonAnswers.map((item) => [item.kind, item.reason])).toEqual([
      ['not-english', NOT_ENGLISH_REASON],
      ['not-english', NOT_ENGLISH_REASON],
      ['not-english', NOT_ENGLISH_REASON],
    ]);
  });

  it('is not counted in Japanese written in Latin letters, whose particles "wa" and "ga" share a stem with "was" and "gas"', () => {
    // A low-level learner answering in Japanese, as the recogniser writes it. The word list ranks
    // words by their Porter stem, and "was" stems to "wa", "gas" to "ga": the particles passed for
    // English, so 3 of 7 words did and the answer counted (in the interview) or nearly did.
    const question = 'Where do you see yourself in five years, and what are you doing to get there?';
    const { counted, nonAnswers } = judgeAnswers([
      answer(1, 5, question, 'watashi wa hataraku no ga suki desu'),
      answer(1, 6, 'Is there a new skill you would like to learn?', 'watashi wa ryori ga suki'),
    ]);
    expect(counted).toEqual([]);
    expect(nonAnswers.map((item) => item.kind)).toEqual(['not-english', 'not-english']);
  });

  it('counts short English answers whose short words are listed as they are', () => {
    const { nonAnswers } = judgeAnswers([
      answer(1, 1, 'What is your name?', 'my name is yuki tanaka'),
      answer(1, 4, 'Tell me about the town or city where you grew up.', 'i go to yaizu by bus'),
      answer(3, 2, 'Why do some adults find it difficult to learn new skills?', 'i think they are busy so no time'),
    ]);
    expect(nonAnswers).toEqual([]);
  });

  it('counts English with names, Indian dishes and rare words in it', () => {
    const { nonAnswers } = judgeAnswers([
      answer(1, 1, 'What is your name?', 'My name is Lucía Fernández Ortega.'),
      answer(1, 12, 'Are you good at cooking?', 'Yes, I can cook dal, roti, sabzi and paneer tikka for my family.'),
      answer(3, 15, 'Is globalisation making cultures around the world more alike?', 'Superficially, yes, although ubiquitous franchises mask idiosyncratic regional customs.'),
    ]);
    expect(nonAnswers).toEqual([]);
  });

  it('gives a test answered in Spanish no band, and says the answers were not in English', () => {
    const answers = [...PART1_QUESTIONS.slice(1, 10), ...PART3_QUESTIONS.slice(0, 10)].map((question, i) => answer(i < 9 ? 1 : 3, (i % 10) + 1, question, `${SPANISH} ${i}`));
    const result = scoreSpeakingTest(answers);
    expect(result.assessable).toBe(false);
    if (result.assessable) return;
    expect(result.reason).toContain('Most answers were not in English');
  });
});
