import { describe, expect, it } from 'vitest';
import type { SpeakingTestAnswer } from './answer.js';
import { partNoteMessage, partNotes } from './part-notes.js';

function answer(part: 1 | 2 | 3, wordCount: number, speakingTimeMs = 10_000): SpeakingTestAnswer {
  const text = Array.from({ length: wordCount }, () => 'word').join(' ');
  return { part, questionNumber: 1, question: 'Q?', answer: text, responseTimeMs: 1000, speakingTimeMs };
}

describe('partNotes', () => {
  it.each([
    [[8, 8], false],
    [[8, 8, 7], true],
    [[7, 9], false],
    [[0, 15], true],
    [[20, 0, 0], true],
  ])('Part 1 answers of %j words: note %s (average under 8)', (counts, noted) => {
    const notes = partNotes(counts.map((count) => answer(1, count)));
    expect(notes.length > 0).toBe(noted);
  });

  it('notes Part 3 the same way, and says which part and the average', () => {
    expect(partNotes([answer(3, 5), answer(3, 6)])).toEqual([
      {
        part: 3,
        kind: 'short-answers',
        averageWords: 5.5,
        message: 'Part 3 answers averaged 5.5 words, which is too short to show your English: add a reason or an example, 8 words at the very least.',
      },
    ]);
  });

  it.each([
    [0, true],
    [59_999, true],
    [60_000, false],
    [120_000, false],
  ])('a Part 2 long turn of %i ms: note %s (under 60 s)', (speakingTimeMs, noted) => {
    expect(partNotes([answer(2, 150, speakingTimeMs)]).length > 0).toBe(noted);
  });

  it('words the Part 2 note with the time spoken', () => {
    expect(partNotes([answer(2, 80, 42_400)])).toEqual([
      {
        part: 2,
        kind: 'short-long-turn',
        speakingTimeMs: 42_400,
        message: 'You spoke for 42 s in Part 2; the cue card asks for one to two minutes, so aim to keep talking for at least 60 s.',
      },
    ]);
    expect(partNotes([answer(2, 80, 59_600)])[0]?.message).toMatch(/^You spoke for 59.6 s/);
  });

  it('adds up the speaking time of every Part 2 answer', () => {
    expect(partNotes([answer(2, 50, 30_000), answer(2, 50, 30_000)])).toEqual([]);
  });

  it('notes nothing about parts without answers, and lists notes in part order', () => {
    expect(partNotes([])).toEqual([]);
    expect(partNotes([answer(3, 1), answer(2, 100, 1000), answer(1, 1)]).map((note) => note.part)).toEqual([1, 2, 3]);
  });
});

describe('partNoteMessage', () => {
  it('tells the teacher what the student did, in the third person, with the same figures', () => {
    const [long, short] = [partNotes([answer(2, 80, 42_400)])[0]!, partNotes([answer(3, 5), answer(3, 6)])[0]!];
    expect(partNoteMessage(long, 'teacher')).toBe('The student spoke for 42 s in Part 2; the cue card asks for one to two minutes, at least 60 s.');
    expect(partNoteMessage(short, 'teacher')).toBe("Part 3 answers averaged 5.5 words, too short to show the student's English (8 words at the very least).");
    for (const note of [long, short]) {
      expect(partNoteMessage(note, 'student')).toBe(note.message);
      expect(partNoteMessage(note, 'teacher')).not.toMatch(/\byour?\b/i);
    }
  });
});
