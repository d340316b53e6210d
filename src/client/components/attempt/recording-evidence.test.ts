import { describe, expect, it } from 'vitest';
import type { RecordingAnalysis } from '../../../shared/api/recording-analysis';
import { analysisRefetchInterval } from './analysis-status';
import {
  answerLabel,
  countedPauses,
  formatClock,
  groupWordsByAnswer,
  isMissingWord,
  missingAfter,
  pauseBars,
  pausesBetween,
  recordingSummary,
  shortAnswerLabel,
  sortWords,
  spanBars,
  timeTicks,
  timeToX,
  wordIndexAt,
  xToTime,
  type AlignedWord,
  type AnswerSpan,
} from './recording-evidence';
import { figureLines } from './recording-figures';

const word = (text: string, startMs: number, endMs: number, confidence = 0.9): AlignedWord => ({ word: text, startMs, endMs, confidence });
const answer = (part: 1 | 2 | 3 | null, questionNumber: number, startMs: number, endMs: number): AnswerSpan => ({
  part,
  questionNumber,
  startMs,
  endMs,
  speakingTimeMs: 0,
  syllables: 0,
  speechRateSps: 0,
  pauses: { count: 0, meanMs: 0, longestMs: 0 },
});

const done: RecordingAnalysis = {
  status: 'done',
  reason: null,
  durationMs: 723_000,
  speakingTimeMs: 460_000,
  speechRateSps: 3.14,
  articulationRateSps: 4.2,
  phonationTimeRatio: 0.64,
  pauses: { count: 54, meanMs: 820, longestMs: 4200 },
  meanLengthOfRunSyllables: 7.25,
  syllables: 1400,
  syllableSource: 'words',
  figuresScope: 'answers',
  segments: [],
  syllableTimesMs: [],
  answers: [],
  words: [],
  hints: [],
  alignment: { status: 'done', reason: null },
};

describe('the timeline geometry', () => {
  it('maps times to x over the duration and back, clamped to the track', () => {
    expect(timeToX(0, 60_000, 390)).toBe(0);
    expect(timeToX(30_000, 60_000, 390)).toBe(195);
    expect(timeToX(90_000, 60_000, 390)).toBe(390);
    expect(timeToX(-5, 60_000, 390)).toBe(0);
    expect(timeToX(10, 0, 390)).toBe(0);
    expect(xToTime(195, 390, 60_000)).toBe(30_000);
    expect(xToTime(500, 390, 60_000)).toBe(60_000);
    expect(xToTime(-1, 390, 60_000)).toBe(0);
  });

  it('draws speech segments as bars at least a pixel wide, inside the track', () => {
    const bars = spanBars(
      [
        { startMs: 1000, endMs: 3000 },
        { startMs: 3100, endMs: 3110 },
        { startMs: 59_995, endMs: 60_000 },
      ],
      60_000,
      600,
    );
    expect(bars.map(({ x, width }) => [x, width])).toEqual([
      [10, 20],
      [31, 1],
      [599, 1],
    ]);
  });

  it('finds the pauses of 250 ms or more between segments, in order, and marks the long ones', () => {
    const segments = [
      { startMs: 5000, endMs: 6000 },
      { startMs: 0, endMs: 1000 },
      { startMs: 1200, endMs: 2000 },
      { startMs: 2250, endMs: 3000 },
    ];
    expect(pausesBetween(segments)).toEqual([
      { startMs: 2000, endMs: 2250 },
      { startMs: 3000, endMs: 5000 },
    ]);
    expect(pauseBars(pausesBetween(segments), 10_000, 1000).map(({ x, width, long }) => [x, width, long])).toEqual([
      [200, 25, false],
      [300, 200, true],
    ]);
    expect(pausesBetween([])).toEqual([]);
  });

  it('draws the pauses the figures count: inside answers when the figures are over the answers, not the turn of the examiner between them', () => {
    const segments = [
      { startMs: 1000, endMs: 2000 },
      { startMs: 2600, endMs: 3500 },
      { startMs: 6000, endMs: 7000 },
      { startMs: 8000, endMs: 9000 },
    ];
    const answer = (startMs: number, endMs: number, questionNumber: number) => ({ startMs, endMs, part: 1 as const, questionNumber, speakingTimeMs: 0, syllables: 0, speechRateSps: 0, pauses: { count: 0, meanMs: 0, longestMs: 0 } });
    const answers = [answer(500, 3600, 1), answer(5000, 8500, 2)];
    // The second answer's window ends inside its last stretch: cut there, as the server counts.
    expect(countedPauses({ segments, answers, figuresScope: 'answers' })).toEqual([
      { startMs: 2000, endMs: 2600 },
      { startMs: 7000, endMs: 8000 },
    ]);
    expect(countedPauses({ segments, answers, figuresScope: 'recording' })).toHaveLength(3);
    expect(countedPauses({ segments, answers, figuresScope: null })).toHaveLength(3);
  });

  it('draws no pause across a stretch the test was held (the long turn paused), as the server counts none', () => {
    const segments = [
      { startMs: 1000, endMs: 2000 },
      { startMs: 2600, endMs: 3500 },
      { startMs: 9000, endMs: 9500 },
      { startMs: 12_000, endMs: 13_000 },
    ];
    const longTurn = { startMs: 500, endMs: 14_000, part: 2 as const, questionNumber: 1, speakingTimeMs: 0, syllables: 0, speechRateSps: 0, pauses: { count: 0, meanMs: 0, longestMs: 0 } };
    expect(countedPauses({ segments, answers: [{ ...longTurn, held: [{ startMs: 4000, endMs: 11_000 }] }], figuresScope: 'answers' })).toEqual([{ startMs: 2000, endMs: 2600 }]);
    expect(countedPauses({ segments, answers: [longTurn], figuresScope: 'answers' })).toHaveLength(3);
  });

  it('puts axis ticks on whole steps that fit the width', () => {
    expect(timeTicks(60_000, 500)).toEqual([0, 10_000, 20_000, 30_000, 40_000, 50_000, 60_000]);
    expect(timeTicks(723_000, 390)).toEqual([0, 300_000, 600_000]);
    expect(timeTicks(0, 390)).toEqual([0]);
  });

  it('writes times as the player does', () => {
    expect(formatClock(5_400)).toBe('0:05');
    expect(formatClock(723_000)).toBe('12:03');
    expect(formatClock(3_723_000)).toBe('1:02:03');
  });
});

describe('the word being said', () => {
  const words = sortWords([word('garden', 2000, 2400), word('teacher', 800, 1200), word('morning', 1200, 1600), word('holiday', 5000, 5600)]);

  it('is the last word started, while it lasts, found by binary search; none before the first or in a pause', () => {
    expect(words.map((w) => w.word)).toEqual(['teacher', 'morning', 'garden', 'holiday']);
    expect(wordIndexAt(words, 0)).toBe(-1);
    expect(wordIndexAt(words, 800)).toBe(0);
    expect(wordIndexAt(words, 1199)).toBe(0);
    expect(wordIndexAt(words, 1200)).toBe(1);
    expect(wordIndexAt(words, 1700)).toBe(1); // a short grace after its end
    expect(wordIndexAt(words, 1900)).toBe(-1);
    expect(wordIndexAt(words, 2000)).toBe(2);
    expect(wordIndexAt(words, 5599)).toBe(3);
    expect(wordIndexAt(words, 9000)).toBe(-1);
    expect(wordIndexAt([], 100)).toBe(-1);
  });

  it('is found in 2,000 words as a linear scan finds it', () => {
    const many = Array.from({ length: 2000 }, (_, i) => word(`w${i}`, i * 360, i * 360 + 300));
    for (const ms of [0, 359, 360, 100_001, 719_999, 800_000]) {
      const linear = many.reduce((found, w, i) => (w.startMs <= ms ? i : found), -1);
      const expected = linear >= 0 && ms < (many[linear]?.endMs ?? 0) + 250 ? linear : -1;
      expect(wordIndexAt(many, ms)).toBe(expected);
    }
  });
});

describe('the transcript per answer', () => {
  it('puts each word under the answer holding its start, or the nearest one; answers without words left out', () => {
    const answers = [answer(1, 1, 0, 10_000), answer(1, 2, 10_000, 20_000), answer(2, 1, 20_000, 30_000), answer(3, 1, 30_000, 40_000)];
    const words = sortWords([word('a', 500, 900), word('b', 9800, 10_100), word('c', 10_100, 10_400), word('d', 29_990, 30_500), word('e', 41_000, 41_300)]);
    const groups = groupWordsByAnswer(words, answers);
    expect(groups.map((g) => [g.label, g.words.map((w) => `${w.word.word}${w.index}`)])).toEqual([
      ['Part 1, question 1', ['a0', 'b1']],
      ['Part 1, question 2', ['c2']],
      ['Part 2, question 1', ['d3']],
      ['Part 3, question 1', ['e4']],
    ]);
  });

  it("puts a word starting exactly where one answer ends under the next (an interview's answers run back to back on its recording)", () => {
    const answers = [answer(null, 1, 0, 7148), answer(null, 2, 7148, 25_303)];
    const groups = groupWordsByAnswer(sortWords([word('quickly', 6500, 7000), word('i', 7148, 7300), word('enjoy', 7300, 7600)]), answers);
    expect(groups.map((g) => g.words.map((w) => w.word.word))).toEqual([['quickly'], ['i', 'enjoy']]);
  });

  it('keeps every word in one group when the recording has no answers', () => {
    const groups = groupWordsByAnswer([word('hello', 0, 100)], []);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.label).toBe('The recording');
    expect(groupWordsByAnswer([], [])).toEqual([]);
  });

  it('labels answers with and without parts', () => {
    expect(answerLabel({ part: 2, questionNumber: 1 })).toBe('Part 2, question 1');
    expect(answerLabel({ part: null, questionNumber: 4 })).toBe('Question 4');
    expect(shortAnswerLabel({ part: 3, questionNumber: 2 })).toBe('P3 Q2');
    expect(shortAnswerLabel({ part: null, questionNumber: 4 })).toBe('Q4');
  });
});

describe('the words around the figures', () => {
  it('sums the recording up in one sentence', () => {
    expect(recordingSummary(done)).toBe('12 min 3 s recorded, 7 min 40 s speaking, 54 pauses');
    expect(recordingSummary({ durationMs: 45_000, speakingTimeMs: 20_000, pauses: { count: 1, meanMs: 300, longestMs: 300 }, segments: [] })).toBe(
      '45 s recorded, 20 s speaking, 1 pause',
    );
    expect(
      recordingSummary({
        durationMs: null,
        speakingTimeMs: null,
        pauses: null,
        segments: [
          { startMs: 0, endMs: 100 },
          { startMs: 600, endMs: 700 },
        ],
      }),
    ).toBe('1 pause');
  });

  it('gives every figure a value and one line saying what it means and what raises it', () => {
    const lines = figureLines(done);
    expect(lines.map((l) => [l.label, l.value])).toEqual([
      ['Speech rate', '3.1 syllables a second'],
      ['Articulation rate', '4.2 syllables a second'],
      ['Time spent speaking', '64%'],
      ['Pauses', '54, 0.8 s on average, longest 4.2 s'],
      ['Length of run', '7.3 syllables'],
      ['Syllables counted', 'from the words heard'],
    ]);
    for (const line of lines) expect(line.line).toMatch(/raise|fewer/);
    expect(figureLines({ ...done, speechRateSps: null, pauses: null }).map((l) => l.label)).toEqual(['Articulation rate', 'Time spent speaking', 'Length of run', 'Syllables counted']);
    expect(figureLines({ ...done, syllableSource: 'nuclei' }).at(-1)?.value).toBe('from the sound alone');
  });

  it("says when the figures span the whole recording (the answers could not be placed) and that the examiner's turns then count", () => {
    for (const audience of ['student', 'teacher'] as const) {
      const overAnswers = figureLines(done, audience);
      const whole = figureLines({ ...done, figuresScope: 'recording' }, audience);
      expect(overAnswers.some((l) => l.line.includes('could not be placed'))).toBe(false);
      expect(whole.filter((l) => l.line.includes("the examiner's questions and the time between answers count as pauses")).map((l) => l.label)).toEqual([
        'Speech rate',
        'Time spent speaking',
        'Pauses',
        'Length of run',
      ]);
    }
    expect(figureLines(done, 'teacher').find((l) => l.label === 'Pauses')?.line).not.toMatch(/\byour?\b/);
  });

  it("names an interview's interviewer, not an examiner or a preparation time, and speaks of the student to the teacher", () => {
    for (const audience of ['student', 'teacher'] as const) {
      const lines = [...figureLines(done, audience, 'interview'), ...figureLines({ ...done, figuresScope: 'recording' }, audience, 'interview')];
      expect(lines.map((l) => l.line).join(' ')).not.toMatch(/examiner|preparation/);
      expect(lines.find((l) => l.label === 'Pauses')?.line).toContain("(the interviewer's questions are not pauses)");
      expect(lines.filter((l) => l.line.includes("the interviewer's questions and the time between answers count as pauses"))).toHaveLength(4);
    }
    for (const line of figureLines(done, 'teacher')) expect(line.line, line.label).not.toMatch(/\byour?\b/);
  });
});

describe('asking again while the analysis runs', () => {
  it('refetches every 5 s while pending and stops once it is done, failed or absent', () => {
    expect(analysisRefetchInterval({ recordingAnalysis: { status: 'pending' } })).toBe(5000);
    for (const status of ['done', 'failed', 'unavailable'] as const) expect(analysisRefetchInterval({ recordingAnalysis: { status } })).toBe(false);
    expect(analysisRefetchInterval({ recordingAnalysis: null })).toBe(false);
    expect(analysisRefetchInterval(undefined)).toBe(false);
  });
});

describe('words not found in the recording, in the word-by-word transcript', () => {
  const placed = [word('my', 1_000, 1_250), word('name', 1_300, 1_650), word('is', 1_700, 1_900), word('asha', 2_000, 2_350)];
  const missing = (text: string, at: number) => ({ word: text, startMs: at, endMs: at, why: 'Not found in the recording: listen whether it was said.' });

  it('go after the placed word before where they are marked, or before the first; every one kept', () => {
    const after = missingAfter(placed, [missing('well', 500), missing('really', 1_600), missing('enormous', 2_400), missing('purple', 2_400)]);
    expect(after.get(-1)?.map((m) => m.word)).toEqual(['well']);
    expect(after.get(1)?.map((m) => m.word)).toEqual(['really']);
    expect(after.get(3)?.map((m) => m.word)).toEqual(['enormous', 'purple']);
    expect([...after.values()].flat()).toHaveLength(4);
  });

  it('are the hints without a length of their own', () => {
    expect(isMissingWord(missing('purple', 2_400))).toBe(true);
    expect(isMissingWord({ word: 'asha', startMs: 2_000, endMs: 2_050, why: 'Heard very briefly for its sounds: listen whether it was said in full.' })).toBe(false);
  });
});
