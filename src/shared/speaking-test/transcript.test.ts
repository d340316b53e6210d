import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from './answer.js';
import type { CueCard } from './questions.js';
import { scoreSpeakingTest, type SpeakingTestResult } from './scoring.js';
import {
  audioDescriptionFileName,
  buildAudioDescriptionText,
  buildAudioTimeline,
  buildTranscriptText,
  recordingFileName,
  transcriptFileName,
} from './transcript.js';

const card: CueCard = { topic: 'Describe a journey you remember well.', bullets: ['where you went', 'and explain why.'] };

const answers: SpeakingTestAnswer[] = [
  // Given out of order: the exports sort by part, then question number.
  { part: 3, questionNumber: 1, question: 'Why?', answer: '', responseTimeMs: null, speakingTimeMs: 0 },
  { part: 2, questionNumber: 1, question: card.topic, answer: 'We took the train.', responseTimeMs: 500, speakingTimeMs: 90_000 },
  { part: 1, questionNumber: 2, question: 'Where did you go on your last holiday?', answer: 'I went to Goa\nwith my  family last winter', responseTimeMs: 800, speakingTimeMs: 4000 },
  { part: 1, questionNumber: 1, question: 'What is your name?', answer: 'Asha', responseTimeMs: 1000, speakingTimeMs: 1000 },
];

describe('buildAudioTimeline', () => {
  it('follows the spec arithmetic on a hand-computed example', () => {
    // Q1 18 chars -> 3 s minimum; A1 4 chars -> 2 s minimum; Q2 38 chars -> 3.8 s;
    // A2 40 chars once white space is collapsed -> 4 s; cue card 15 s; Part 2 answer 120 s;
    // Part 3 question 4 chars -> 3 s; empty answer -> 2 s; 1 s between turns.
    const timeline = buildAudioTimeline(answers, card);
    expect(timeline.entries.map((e) => [e.part, e.speaker, e.startMs, e.durationMs])).toEqual([
      [1, 'Examiner', 0, 3000],
      [1, 'Candidate', 4000, 2000],
      [1, 'Examiner', 7000, 3800],
      [1, 'Candidate', 11_800, 4000],
      [2, 'Examiner', 16_800, 15_000],
      [2, 'Candidate', 32_800, 120_000],
      [3, 'Examiner', 153_800, 3000],
      [3, 'Candidate', 157_800, 2000],
    ]);
    expect(timeline.totalMs).toBe(159_800);
  });

  it('reserves 136 s for Part 2: cue card 15 s, the 1 s gap, answer 120 s', () => {
    const { entries } = buildAudioTimeline(answers, card);
    const part2 = entries.filter((e) => e.part === 2);
    const end = part2[1]!.startMs + part2[1]!.durationMs;
    expect(end - part2[0]!.startMs).toBe(136_000);
  });

  it('counts Part 2 as 15 s and 120 s whatever the text, and writes an empty answer as such', () => {
    const { entries } = buildAudioTimeline(answers, card);
    expect(entries[4]!.text).toBe('Describe a journey you remember well. You should say: where you went and explain why.');
    expect(entries[5]!.text).toBe('We took the train.');
    expect(entries[7]!.text).toBe('(no answer recorded)');
    expect(buildAudioTimeline([{ ...answers[1]!, answer: 'x'.repeat(5000) }]).totalMs).toBe(136_000);
  });

  it('writes an empty answer of a test recorded without a transcript as recorded, not as missing', () => {
    const { entries } = buildAudioTimeline(answers, card, true);
    expect(entries[7]!.text).toBe('(recorded, not transcribed)');
    expect(entries[5]!.text).toBe('We took the train.');
  });

  it('lets long questions and answers run past the minimum at 0.1 s per character', () => {
    const long: SpeakingTestAnswer = { part: 1, questionNumber: 1, question: 'q'.repeat(31), answer: 'a'.repeat(21), responseTimeMs: 0, speakingTimeMs: 0 };
    expect(buildAudioTimeline([long]).entries.map((e) => e.durationMs)).toEqual([3100, 2100]);
    expect(buildAudioTimeline([]).totalMs).toBe(0);
  });
});

describe('file names', () => {
  const lateEvening = new Date('2025-11-21T20:30:00Z');
  it('uses the date in the given time zone', () => {
    expect(transcriptFileName(lateEvening, 'UTC')).toBe('ielts-speaking-transcript-2025-11-21.txt');
    expect(transcriptFileName(lateEvening, 'Asia/Kolkata')).toBe('ielts-speaking-transcript-2025-11-22.txt');
    expect(audioDescriptionFileName(lateEvening, 'UTC')).toBe('ielts-speaking-audio-timeline-2025-11-21.txt');
    expect(recordingFileName(lateEvening, 'America/New_York', 'mp4')).toBe('ielts-speaking-recording-2025-11-21.mp4');
  });
});

describe('buildTranscriptText', () => {
  const scored: SpeakingTestResult = {
    assessable: true,
    bands: { fluency: 6, vocabulary: 6.5, grammar: 7, pronunciation: 6.5, overall: 6.5 },
    criteria: {
      fluency: { criterion: 'fluency', base: 5, rules: [], band: 6, figures: { wordsPerMinute: 100, fillerRatio: 0, responseTimeMs: 1000 }, advice: 'F.' },
      vocabulary: { criterion: 'vocabulary', base: 5, rules: [], band: 6.5, figures: { uniqueWordRatio: 0.6, wordCount: 300 }, advice: 'V.' },
      grammar: { criterion: 'grammar', base: 6, rules: [], band: 7, figures: { grammarErrorRatio: 0, avgWordsPerSentence: 12 }, advice: 'G.' },
      pronunciation: { criterion: 'pronunciation', base: 6.5, rules: [], band: 6.5, figures: { fillerRatio: 0 }, advice: 'P.' },
    },
    metrics: scoreSpeakingTest([]).metrics,
    partNotes: [{ part: 2, kind: 'short-long-turn', speakingTimeMs: 1000, message: 'Too short.' }],
    nonAnswers: [],
  };

  it('writes the header, scores, advice, then each question and answer by part', () => {
    const text = buildTranscriptText({
      studentName: 'Asha Rao',
      completedAt: new Date('2025-11-21T08:35:00Z'),
      timeZone: 'Asia/Kolkata',
      durationSeconds: 872.4,
      result: { ...scored, bands: { ...scored.bands, overall: 6.75 } },
      answers,
      cueCard: card,
    });
    expect(text).toBe(
      [
        'Parley IELTS Speaking Practice Test: Transcript',
        '',
        'Student: Asha Rao',
        'Date: 2025-11-21 14:05 (Asia/Kolkata)',
        'Duration: 14 min 32 s',
        'Estimated overall band: 7.0',
        'Fluency 6.0, Vocabulary 6.5, Grammar 7.0, Pronunciation 6.5',
        '',
        'To raise each band:',
        '  Fluency: F.',
        '  Vocabulary: V.',
        '  Grammar: G.',
        '  Pronunciation: P.',
        '  Part 2: Too short.',
        '',
        'PART 1: INTRODUCTION & INTERVIEW',
        '',
        'Q1. What is your name?',
        'Answer: Asha',
        '',
        'Q2. Where did you go on your last holiday?',
        'Answer: I went to Goa with my family last winter',
        '',
        'PART 2: CUE CARD',
        '',
        'Cue card: Describe a journey you remember well.',
        'You should say:',
        '  - where you went',
        '  - and explain why.',
        'Answer: We took the train.',
        '',
        'PART 3: DISCUSSION',
        '',
        'Q1. Why?',
        'Answer: (no answer recorded)',
        '',
      ].join('\n'),
    );
  });

  it('says when the test could not be assessed, and writes short durations in seconds', () => {
    const result = scoreSpeakingTest([]);
    const text = buildTranscriptText({ studentName: 'A', completedAt: new Date('2025-01-02T00:00:00Z'), timeZone: 'UTC', durationSeconds: 45, result, answers: [] });
    expect(text).toContain('Date: 2025-01-02 00:00 (UTC)\nDuration: 45 s\nEstimated band: not assessed\nNo speech was recognised;');
    expect(text).not.toContain('PART 1');
  });

  it('says under each answer that was not counted why', () => {
    const fillers: SpeakingTestAnswer = { part: 1, questionNumber: 1, question: 'Q?', answer: 'um uh er', responseTimeMs: 500, speakingTimeMs: 2000 };
    const result = scoreSpeakingTest([fillers]);
    const text = buildTranscriptText({ studentName: 'A', completedAt: new Date(0), timeZone: 'UTC', durationSeconds: 0, result, answers: [fillers] });
    expect(text).toContain('Q1. Q?\nAnswer: um uh er\nNot counted: This answer is only filler words (such as um, uh, like, you know).\n');
  });

  it('prints the Part 2 question text when the card is not given', () => {
    const text = buildTranscriptText({ studentName: 'A', completedAt: new Date(0), timeZone: 'UTC', durationSeconds: 0, result: scored, answers: [answers[1]!] });
    expect(text).toContain('Cue card: Describe a journey you remember well.\nAnswer: We took the train.');
  });
});

describe('buildAudioDescriptionText', () => {
  it('lists each turn with its estimated start and end', () => {
    const text = buildAudioDescriptionText({ studentName: 'Asha Rao', completedAt: new Date('2025-11-21T08:35:00Z'), timeZone: 'UTC', answers, cueCard: card });
    const lines = text.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'Parley IELTS Speaking Practice Test: Complete audio description',
      '',
      'Student: Asha Rao',
      'Date: 2025-11-21 08:35 (UTC)',
      'Estimated length: 2:39.8',
    ]);
    expect(lines).toContain('[0:00.0-0:03.0] Part 1, Examiner: What is your name?');
    expect(lines).toContain('[0:32.8-2:32.8] Part 2, Candidate: We took the train.');
    expect(lines).toContain('[2:37.8-2:39.8] Part 3, Candidate: (no answer recorded)');
  });
});
