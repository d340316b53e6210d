import { describe, expect, it } from 'vitest';
import { PRONUNCIATION_NOT_MEASURED_ADVICE } from './pronunciation-note.js';
import type { SpeakingTestAnswer } from './answer.js';
import {
  clampBand,
  overallBand,
  roundToHalfBand,
  scoreFluency,
  scoreGrammar,
  scorePronunciation,
  scoreSpeakingTest,
  scoreVocabulary,
} from './scoring.js';

// Figures that fire no rule, so each table moves one figure at a time.
const quietFluency = { wordsPerMinute: 75, fillerRatio: 0.03, responseTimeMs: 3000 };
const quietVocabulary = { uniqueWordRatio: 0.4, wordCount: 100 };
const quietGrammar = { grammarErrorRatio: 0.03, avgWordsPerSentence: 30 };

describe('scoreFluency (base 5)', () => {
  it.each([
    [200, 6.5],
    [150.01, 6.5],
    [150, 6],
    [120.01, 6],
    [120, 5.5],
    [90.01, 5.5],
    [90, 5],
    [60, 5],
    [59.99, 4],
    [0, 4],
    [null, 5],
  ])('words per minute %s gives %s', (wordsPerMinute, band) => {
    expect(scoreFluency({ ...quietFluency, wordsPerMinute }).band).toBe(band);
  });

  it.each([
    [0.5, 4],
    [0.1001, 4],
    [0.1, 4.5],
    [0.0501, 4.5],
    [0.05, 5],
    [0, 5],
  ])('filler ratio %s gives %s', (fillerRatio, band) => {
    expect(scoreFluency({ ...quietFluency, fillerRatio }).band).toBe(band);
  });

  it.each([
    [0, 5.5],
    [1999.99, 5.5],
    [2000, 5],
    [5000, 5],
    [5000.01, 4.5],
    [null, 5],
  ])('response time %s ms gives %s', (responseTimeMs, band) => {
    expect(scoreFluency({ ...quietFluency, responseTimeMs }).band).toBe(band);
  });

  it('lists the rules that fired with their deltas and keeps only its figures', () => {
    const score = scoreFluency({ wordsPerMinute: 151, fillerRatio: 0.11, responseTimeMs: 1000 });
    expect(score).toMatchObject({
      criterion: 'fluency',
      base: 5,
      band: 6,
      figures: { wordsPerMinute: 151, fillerRatio: 0.11, responseTimeMs: 1000 },
      rules: [
        { rule: 'wpm > 150', delta: 1.5 },
        { rule: 'filler ratio > 0.1', delta: -1 },
        { rule: 'response time < 2000 ms', delta: 0.5 },
      ],
    });
    expect(scoreFluency({ ...quietFluency, wordsPerMinute: 100 }).rules).toEqual([{ rule: 'wpm > 90', delta: 0.5 }]);
    expect(scoreFluency({ ...quietFluency, wordsPerMinute: 59 }).rules).toEqual([{ rule: 'wpm < 60', delta: -1 }]);
    expect(scoreFluency(quietFluency).rules).toEqual([]);
  });

  it('spans 2.5 to 7', () => {
    expect(scoreFluency({ wordsPerMinute: 10, fillerRatio: 0.5, responseTimeMs: 9000 }).band).toBe(2.5);
    expect(scoreFluency({ wordsPerMinute: 200, fillerRatio: 0, responseTimeMs: 500 }).band).toBe(7);
  });
});

describe('scoreVocabulary (base 5)', () => {
  it.each([
    [0.9, 7],
    [0.7001, 7],
    [0.7, 6.5],
    [0.6001, 6.5],
    [0.6, 6],
    [0.5001, 6],
    [0.5, 5],
    [0.3, 5],
    [0.2999, 4],
  ])('unique-word ratio %s gives %s', (uniqueWordRatio, band) => {
    expect(scoreVocabulary({ ...quietVocabulary, uniqueWordRatio }).band).toBe(band);
  });

  it.each([
    [201, 5.5],
    [200, 5],
    [50, 5],
    [49, 4],
  ])('word count %s gives %s', (wordCount, band) => {
    expect(scoreVocabulary({ ...quietVocabulary, wordCount }).band).toBe(band);
  });

  it('lists the rules that fired', () => {
    expect(scoreVocabulary({ uniqueWordRatio: 0.65, wordCount: 250 }).rules).toEqual([
      { rule: 'unique-word ratio > 0.6', delta: 1.5 },
      { rule: 'word count > 200', delta: 0.5 },
    ]);
    expect(scoreVocabulary({ uniqueWordRatio: 0.2, wordCount: 10 }).rules).toEqual([
      { rule: 'unique-word ratio < 0.3', delta: -1 },
      { rule: 'word count < 50', delta: -1 },
    ]);
  });
});

describe('scoreGrammar (base 6)', () => {
  it.each([
    [0.3, 4],
    [0.1001, 4],
    [0.1, 5],
    [0.0501, 5],
    [0.05, 6],
    [0.02, 6],
    [0.0199, 7],
    [0, 7],
  ])('error ratio %s gives %s', (grammarErrorRatio, band) => {
    expect(scoreGrammar({ ...quietGrammar, grammarErrorRatio }).band).toBe(band);
  });

  it.each([
    [0, 6],
    [7.99, 6],
    [8, 6.5],
    [14, 6.5],
    [20, 6.5],
    [20.01, 6],
  ])('average sentence length %s gives %s (8 and 20 included)', (avgWordsPerSentence, band) => {
    expect(scoreGrammar({ ...quietGrammar, avgWordsPerSentence }).band).toBe(band);
  });

  it('lists the rules that fired', () => {
    expect(scoreGrammar({ grammarErrorRatio: 0.01, avgWordsPerSentence: 12 }).rules).toEqual([
      { rule: 'error ratio < 0.02', delta: 1 },
      { rule: 'words per sentence 8–20', delta: 0.5 },
    ]);
  });
});

describe('scorePronunciation (base 6.5)', () => {
  it.each([
    [0.5, 6],
    [0.0801, 6],
    [0.08, 6.5],
    [0, 6.5],
  ])('filler ratio %s gives %s', (fillerRatio, band) => {
    expect(scorePronunciation({ fillerRatio }).band).toBe(band);
  });

  it('names the rule', () => {
    expect(scorePronunciation({ fillerRatio: 0.09 }).rules).toEqual([{ rule: 'filler ratio > 0.08', delta: -0.5 }]);
  });
});

describe('clampBand', () => {
  it.each([
    [-3, 1],
    [0.5, 1],
    [1, 1],
    [5.5, 5.5],
    [9, 9],
    [9.5, 9],
    [12, 9],
  ])('%s becomes %s', (band, clamped) => {
    expect(clampBand(band)).toBe(clamped);
  });
});

describe('overallBand and roundToHalfBand', () => {
  it.each([
    [{ fluency: 6, vocabulary: 6.5, grammar: 7, pronunciation: 6.5 }, 6.5],
    [{ fluency: 5, vocabulary: 5.5, grammar: 6, pronunciation: 6.5 }, 5.75],
    [{ fluency: 4, vocabulary: 5, grammar: 6, pronunciation: 6 }, 5.25],
    [{ fluency: 2.5, vocabulary: 3, grammar: 4, pronunciation: 6 }, 3.875],
  ])('overall of %j is the mean %s', (bands, overall) => {
    expect(overallBand(bands)).toBe(overall);
  });

  it.each([
    [6, 6],
    [6.125, 6],
    [6.2, 6],
    [6.249, 6],
    [6.25, 6.5],
    [6.3, 6.5],
    [6.74, 6.5],
    [6.75, 7],
    [6.875, 7],
    [1, 1],
    [9, 9],
  ])('%s shows as %s', (band, shown) => {
    expect(roundToHalfBand(band)).toBe(shown);
  });
});

describe('advice: one sentence on what would raise each band', () => {
  it.each([
    [{ ...quietFluency, wordsPerMinute: 84 }, 'Speak a little faster: 84 words a minute; more than 90 adds half a band.'],
    [{ ...quietFluency, wordsPerMinute: 89.96 }, 'Speak a little faster: 89.96 words a minute; more than 90 adds half a band.'],
    [{ ...quietFluency, wordsPerMinute: 50 }, 'Speak a little faster: 50 words a minute; 60 or more adds a full band.'],
    [{ ...quietFluency, wordsPerMinute: 130 }, 'Speak a little faster: 130 words a minute; more than 150 adds half a band.'],
    [
      { wordsPerMinute: 200, fillerRatio: 0.12, responseTimeMs: 1000 },
      'Use fewer fillers such as um, like and you know: they were 12% of your words; 10% or less adds half a band.',
    ],
    [
      { wordsPerMinute: 200, fillerRatio: 0.01, responseTimeMs: 6200 },
      'Start your answers sooner: you took 6.2 s on average to begin; 5 s or less adds half a band.',
    ],
    [
      { wordsPerMinute: 200, fillerRatio: 0.01, responseTimeMs: 3000 },
      'Start your answers sooner: you took 3 s on average to begin; under 2 s adds half a band.',
    ],
    [{ wordsPerMinute: 200, fillerRatio: 0.01, responseTimeMs: 1000 }, 'Nothing in this estimate would raise fluency further: keep this pace and keep fillers rare.'],
    [
      { wordsPerMinute: null, fillerRatio: 0.01, responseTimeMs: 1000 },
      'Your speaking speed could not be measured, and fillers and response time are already at their best for this estimate.',
    ],
  ])('fluency %j', (figures, advice) => {
    expect(scoreFluency(figures).advice).toBe(advice);
  });

  it('prefers the larger gain, then the first listed', () => {
    // Speed (+0.5) and fillers (+0.5) tie: speed is listed first.
    expect(scoreFluency({ wordsPerMinute: 84, fillerRatio: 0.12, responseTimeMs: 1000 }).advice).toMatch(/^Speak a little faster/);
    // Word count under 50 (+1) beats the unique-word ratio (+0.5) listed before it.
    expect(scoreVocabulary({ uniqueWordRatio: 0.65, wordCount: 40 }).advice).toBe(
      'Give longer answers: 40 words in the whole test; 50 words or more adds a full band.',
    );
    expect(scoreGrammar({ grammarErrorRatio: 0.03, avgWordsPerSentence: 7 }).advice).toMatch(/under 2% adds a full band\.$/);
  });

  it.each([
    [{ uniqueWordRatio: 0.45, wordCount: 300 }, 'Use a wider range of words: 45% of your words were different ones; more than 50% adds a full band.'],
    [{ uniqueWordRatio: 0.25, wordCount: 300 }, 'Use a wider range of words: 25% of your words were different ones; 30% or more adds a full band.'],
    [{ uniqueWordRatio: 0.8, wordCount: 150 }, 'Give longer answers: 150 words in the whole test; more than 200 words adds half a band.'],
    [{ uniqueWordRatio: 0.8, wordCount: 300 }, 'Nothing in this estimate would raise vocabulary further: keep using a wide range of words.'],
  ])('vocabulary %j', (figures, advice) => {
    expect(scoreVocabulary(figures).advice).toBe(advice);
  });

  it.each([
    [
      { grammarErrorRatio: 0.12, avgWordsPerSentence: 12 },
      'Check verb agreement and articles ("she are", "the the"): slips were 12% of your words; 10% or less adds a full band.',
    ],
    [{ grammarErrorRatio: 0.01, avgWordsPerSentence: 7 }, 'Answer in fuller sentences: 7 words a sentence on average; 8 or more adds half a band.'],
    [{ grammarErrorRatio: 0.01, avgWordsPerSentence: 25.5 }, 'Pause between ideas: 25.5 words a sentence on average; 20 or fewer adds half a band.'],
    [{ grammarErrorRatio: 0.01, avgWordsPerSentence: 12 }, 'Nothing in this estimate would raise grammar further: slips are rare and sentences a good length.'],
  ])('grammar %j', (figures, advice) => {
    expect(scoreGrammar(figures).advice).toBe(advice);
  });

  it.each([
    [0.09, 'Hesitation makes speech harder to follow: fillers were 9% of your words; 8% or less adds half a band.'],
    [
      0.03,
      'This estimate lowers pronunciation only for frequent fillers (yours: 3% of your words); it cannot hear your sounds, so ask a teacher to listen to your recording.',
    ],
  ])('pronunciation, filler ratio %s', (fillerRatio, advice) => {
    expect(scorePronunciation({ fillerRatio }).advice).toBe(advice);
  });
});

function answer(part: 1 | 2 | 3, questionNumber: number, text: string, overrides: Partial<SpeakingTestAnswer> = {}): SpeakingTestAnswer {
  return { part, questionNumber, question: `Question ${questionNumber}?`, answer: text, responseTimeMs: 1000, speakingTimeMs: 10_000, ...overrides };
}

/** n different words. */
const distinctWords = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('scoreSpeakingTest', () => {
  it.each([
    [0, 'No speech was recognised; a band estimate needs at least 50 words. Check that the microphone works and speak clearly, then take the test again.'],
    [1, 'Only 1 word was recognised; a band estimate needs at least 50 words. Check that the microphone works and speak clearly, then take the test again.'],
    [49, 'Only 49 words were recognised; a band estimate needs at least 50 words. Check that the microphone works and speak clearly, then take the test again.'],
  ])('gives no bands for %i words', (count, reason) => {
    const result = scoreSpeakingTest([answer(1, 1, distinctWords(count)), answer(3, 1, '')]);
    expect(result).toMatchObject({ assessable: false, reason });
    expect(result).not.toHaveProperty('bands');
    expect(result.metrics.wordCount).toBe(count);
  });

  it('says the answers were short, not to check the microphone, when most answers were heard', () => {
    const short = Array.from({ length: 10 }, (_, i) => answer(i < 5 ? 1 : 3, i + 1, `w${i}a w${i}b w${i}c w${i}d`));
    expect(scoreSpeakingTest(short)).toMatchObject({
      assessable: false,
      reason:
        'Only 40 words were recognised; a band estimate needs at least 50 words. Your answers were heard, but they were short: answer each question with a few sentences (say why, give an example), then take the test again.',
    });
    const mostlySilent = short.map((each, i) => (i < 5 ? each : { ...each, answer: '' }));
    expect(scoreSpeakingTest(mostlySilent)).toMatchObject({ reason: expect.stringMatching(/Check that the microphone works/) });
  });

  it('gives no bands to a silent test, though the formulas would give it about 5', () => {
    const silent = [answer(1, 1, '', { responseTimeMs: null, speakingTimeMs: 0 }), answer(2, 1, '', { responseTimeMs: null, speakingTimeMs: 0 })];
    expect(scoreSpeakingTest(silent).assessable).toBe(false);
  });

  it('scores 50 words', () => {
    const result = scoreSpeakingTest([answer(1, 1, distinctWords(50))]);
    expect(result.assessable).toBe(true);
  });

  it('puts the criteria together: the calibrated estimate, each criterion to the nearest half band, overall the mean of four', () => {
    const lines = [
      'i grew up in a small town near the coast',
      'my family moved to the city when i was ten because my father found a job there',
      'at first i missed my friends but i soon joined a football club',
      'now i think the city suits me better although it is crowded',
    ];
    const result = scoreSpeakingTest([answer(1, 1, lines.join('\n'), { speakingTimeMs: 30_000, responseTimeMs: 1500 })]);
    if (!result.assessable || !result.estimate) throw new Error('expected a scored result');
    const { criteria } = result.estimate;
    expect(result.bands.fluency).toBe(roundToHalfBand(criteria.fluency.band));
    expect(result.bands.vocabulary).toBe(roundToHalfBand(criteria.vocabulary.band));
    expect(result.bands.grammar).toBe(roundToHalfBand(criteria.grammar.band));
    // Pronunciation is not measured from a transcript: it is the average of the other three.
    expect(result.bands.pronunciation).toBe(roundToHalfBand(result.estimate.overall));
    expect(result.criteria.pronunciation.advice).toBe(PRONUNCIATION_NOT_MEASURED_ADVICE);
    const { fluency, vocabulary, grammar, pronunciation } = result.bands;
    expect(result.bands.overall).toBe((fluency + vocabulary + grammar + pronunciation) / 4);
    // Each piece of evidence names the student's figure beside the average learner's.
    expect(result.criteria.grammar.rules.map((rule) => rule.rule).join('\n')).toMatch(/clause linkers \(because, when, which…\) per 100 words \(the same word counts once, plus once more every 200 words\): [\d.]+ \(average learner [\d.]+\)/);
    expect(result.metrics).toMatchObject({ wordCount: 52, wordsPerMinute: 104, responseTimeMs: 1500 });
    expect(result.partNotes).toEqual([]);
  });

  it('keeps part notes in both kinds of result', () => {
    const short = [answer(1, 1, 'yes'), answer(1, 2, 'no')];
    expect(scoreSpeakingTest(short).partNotes).toHaveLength(1);
    const scored = scoreSpeakingTest([...short, answer(3, 1, distinctWords(60))]);
    expect(scored.assessable).toBe(true);
    expect(scored.partNotes.map((note) => note.part)).toEqual([1]);
  });

  it('round-trips through JSON (the server receives the answers in a saved payload)', () => {
    const answers = [answer(1, 1, distinctWords(60), { confidence: 0.9 }), answer(2, 1, 'I went', { responseTimeMs: null })];
    const received = JSON.parse(JSON.stringify(answers)) as SpeakingTestAnswer[];
    expect(scoreSpeakingTest(received)).toEqual(scoreSpeakingTest(answers));
  });
});
