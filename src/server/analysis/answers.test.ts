import { describe, expect, it } from 'vitest';
import { answerWindows, type AnswerWindow, overAnswers } from './answers.js';

const window = (startMs: number, endMs: number, questionNumber: number): AnswerWindow => ({ part: 1, questionNumber, startMs, endMs, text: 'words' });

describe('overAnswers: the student figures over their answers', () => {
  // Answer 1 (0-10 s): speech 2-4 s and 4.5-6 s (a 0.5 s pause). The examiner's next question and a
  // 65 s preparation minute lie between the answers. Answer 2 (80-90 s): speech 81-84 s.
  const windows = [window(0, 10_000, 1), window(80_000, 90_000, 2)];
  const segments = [
    { startMs: 2_000, endMs: 4_000 },
    { startMs: 4_500, endMs: 6_000 },
    { startMs: 12_000, endMs: 14_000 },
    { startMs: 81_000, endMs: 84_000 },
  ];
  const nucleiMs = [2_100, 2_500, 3_000, 3_500, 4_600, 5_000, 5_500, 12_500, 13_000, 81_500, 82_000, 82_500, 83_000, 83_500];

  it('leaves the silences between answers and the speech outside them (the examiner) out', () => {
    expect(overAnswers(windows, segments, nucleiMs)).toEqual({
      speakingTimeMs: 6_500,
      syllables: 12,
      // 12 syllables over the answers' spans, 4 s + 3 s.
      speechRateSps: 1.71,
      articulationRateSps: 1.85,
      phonationTimeRatio: 0.929,
      pauses: { count: 1, meanMs: 500, longestMs: 500 },
      meanLengthOfRunSyllables: 4,
    });
  });

  it('is null when no answer holds speech', () => {
    expect(overAnswers([window(20_000, 30_000, 1)], segments, nucleiMs)).toBeNull();
    expect(overAnswers([], segments, nucleiMs)).toBeNull();
  });
});

describe('answerWindows: where an interview places its answers on the recording', () => {
  const question = (questionId: number, answer: string, timestamp: number, recording?: [number, number]) => ({
    questionId,
    question: `Question ${questionId}?`,
    category: 'Introduction',
    answer,
    timestamp,
    ...(recording ? { recordingStartMs: recording[0], recordingEndMs: recording[1] } : {}),
  });

  it("uses the recording's own times when the page gave them: the recording pauses between answers", () => {
    // The interview's clock says 9-30 s and 38-61 s; the recording holds only the answers, 0-20.5 s and 20.5-43 s.
    const windows = answerWindows('interview', { questions: [question(1, 'I am a nurse', 30_000, [0, 20_500]), question(2, 'No response recorded', 61_000, [20_500, 43_000])] });
    expect(windows).toEqual([
      { part: null, questionNumber: 1, startMs: 0, endMs: 20_500, text: 'I am a nurse' },
      { part: null, questionNumber: 2, startMs: 20_500, endMs: 43_000, text: '' },
    ]);
  });

  it('gives an answer recorded without a transcript no words: its placeholder is not what the student said', () => {
    const windows = answerWindows('interview', {
      questions: [question(1, 'Answered aloud (recorded, not transcribed)', 30_000, [0, 20_500]), question(2, 'Answered aloud (neither recorded nor transcribed on this device)', 61_000, [20_500, 43_000])],
    });
    expect(windows.map((window) => window.text)).toEqual(['', '']);
  });

  it("falls back to the interview's clock for interviews saved without them, or with times out of order", () => {
    const clock = [
      { part: null, questionNumber: 1, startMs: 0, endMs: 30_000, text: 'I am a nurse' },
      { part: null, questionNumber: 2, startMs: 30_000, endMs: 61_000, text: 'in Pune' },
    ];
    expect(answerWindows('interview', { questions: [question(1, 'I am a nurse', 30_000), question(2, 'in Pune', 61_000)] })).toEqual(clock);
    expect(answerWindows('interview', { questions: [question(1, 'I am a nurse', 30_000, [5_000, 20_000]), question(2, 'in Pune', 61_000, [0, 4_000])] })).toEqual(clock);
  });
});

describe('answerWindows: where a speaking test places its answers on the recording', () => {
  const startedAt = Date.parse('2026-12-01T09:00:00.000Z');
  const iso = (ms: number) => new Date(startedAt + ms).toISOString();
  /**
   * Two answers as the page closes them: question 1 ends at 3 s, the student answers from 4 s to 9 s
   * and the answer closes after 3 s of silence, at 12.2 s; the long turn runs from 40 s to 160.1 s,
   * its last words at 100 s. The saved timings (response and speaking time) are the recogniser's.
   */
  const pairs = [
    { part: 1, questionNumber: 1, question: 'Where do you live?', answer: 'in Pune near the river', responseTimeMs: 1_000, speakingTimeMs: 5_000, timestamp: iso(12_200), recordingStartMs: 3_000, recordingEndMs: 12_200 },
    { part: 2, questionNumber: 1, question: 'Describe a journey', answer: 'a long story', responseTimeMs: 2_000, speakingTimeMs: 58_000, timestamp: iso(160_100), recordingStartMs: 40_000, recordingEndMs: 160_100 },
  ];
  /** The transcript as saved before the page sent the windows: each examiner line placed back from the close by the two timings. */
  const transcript = [
    { speaker: 'Examiner', text: 'Where do you live?', timestamp: iso(12_200 - 5_000 - 1_000), part: 1 },
    { speaker: 'Student', text: 'in Pune near the river', timestamp: iso(12_200), part: 1 },
    { speaker: 'Examiner', text: 'Describe a journey', timestamp: iso(160_100 - 58_000 - 2_000), part: 2 },
    { speaker: 'Student', text: 'a long story', timestamp: iso(160_100), part: 2 },
  ];
  const session = (withWindows: boolean) => ({
    duration: 200,
    completedAt: iso(200_000),
    transcript,
    questionAnswerPairs: withWindows ? pairs : pairs.map(({ recordingStartMs: _start, recordingEndMs: _end, ...pair }) => pair),
  });

  it('runs each window from where its question ends to where the answer closes, so the first words are inside it', () => {
    expect(answerWindows('ielts', session(true))).toEqual([
      { part: 1, questionNumber: 1, startMs: 3_000, endMs: 12_200, text: 'in Pune near the river' },
      { part: 2, questionNumber: 1, startMs: 40_000, endMs: 160_100, text: 'a long story' },
    ]);
  });

  it('places a test saved without them by its transcript, whose windows begin as late as the silence that closed the answer', () => {
    expect(answerWindows('ielts', session(false)).map(({ startMs, endMs }) => [startMs, endMs])).toEqual([
      [6_200, 12_200],
      [100_100, 160_100],
    ]);
  });
});

describe('a long turn held mid-answer (a failure screen or a hidden page; the recording goes on)', () => {
  // The long turn runs 40-160 s, held 70-130 s. Speech 41-69 s with a 1 s pause at 50-51 s; during the
  // hold someone else speaks (90-95 s); after it, the student again at 131-150 s.
  const held = { part: 2 as const, questionNumber: 1, startMs: 40_000, endMs: 160_000, text: 'a long story', held: [{ startMs: 70_000, endMs: 130_000 }] };
  const segments = [
    { startMs: 41_000, endMs: 50_000 },
    { startMs: 51_000, endMs: 69_000 },
    { startMs: 90_000, endMs: 95_000 },
    { startMs: 131_000, endMs: 150_000 },
  ];
  const nucleiMs = [45_000, 55_000, 60_000, 92_000, 93_000, 140_000];

  it("counts neither the hold's sound nor its silence as the student's", () => {
    const pooled = overAnswers([held], segments, nucleiMs);
    expect(pooled).toMatchObject({ speakingTimeMs: 46_000, syllables: 4, pauses: { count: 1, meanMs: 1_000, longestMs: 1_000 } });
    // 4 syllables over the two pieces' spans, 28 s + 19 s (not 41-150 s with the hold inside).
    expect(pooled?.speechRateSps).toBe(0.09);
    expect(pooled?.meanLengthOfRunSyllables).toBe(1.3);
    const { held: _held, ...unheld } = held;
    expect(overAnswers([unheld], segments, nucleiMs)).toMatchObject({ speakingTimeMs: 51_000, syllables: 6, pauses: { count: 3 } });
  });

  it('reads the holds the page saved, when each lies in its window and in order', () => {
    const startedAt = Date.parse('2026-12-01T09:00:00.000Z');
    const pair = { part: 2, questionNumber: 1, question: 'Describe a journey', answer: 'a long story', responseTimeMs: 1_000, speakingTimeMs: 50_000, timestamp: new Date(startedAt + 160_000).toISOString(), recordingStartMs: 40_000, recordingEndMs: 160_000 };
    const windowsOf = (recordingHeldMs: unknown) => answerWindows('ielts', { duration: 200, completedAt: new Date(startedAt + 200_000).toISOString(), transcript: [], questionAnswerPairs: [{ ...pair, recordingHeldMs }] });
    expect(windowsOf([{ startMs: 70_000, endMs: 130_000 }])).toEqual([held]);
    for (const wrong of [[{ startMs: 30_000, endMs: 50_000 }], [{ startMs: 70_000, endMs: 170_000 }], [{ startMs: 90_000, endMs: 100_000 }, { startMs: 80_000, endMs: 85_000 }], [{ startMs: 'x' }], 'held']) {
      expect(windowsOf(wrong)[0]).not.toHaveProperty('held');
    }
  });
});
