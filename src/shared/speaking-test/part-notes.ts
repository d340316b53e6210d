import { words } from '../text/index.js';
import type { SpeakingTestAnswer } from './answer.js';
import { MIN_AVERAGE_WORDS_PER_ANSWER, PART2_MIN_SPEAKING_MS } from './constants.js';
import { partNoteMessage, type PartNote } from './part-note-text.js';

export { partNoteMessage, type PartNote, type PartNoteReader } from './part-note-text.js';

/** Notes for the parts present in the answers; a part without answers gets none. */
export function partNotes(answers: readonly SpeakingTestAnswer[]): PartNote[] {
  const notes: PartNote[] = [];
  for (const part of [1, 2, 3] as const) {
    const inPart = answers.filter((answer) => answer.part === part);
    if (inPart.length === 0) continue;
    if (part === 2) {
      const speakingTimeMs = inPart.reduce((total, answer) => total + answer.speakingTimeMs, 0);
      if (speakingTimeMs < PART2_MIN_SPEAKING_MS) {
        const note = { part, kind: 'short-long-turn', speakingTimeMs } as const;
        notes.push({ ...note, message: partNoteMessage(note, 'student') });
      }
      continue;
    }
    const averageWords = inPart.reduce((total, answer) => total + words(answer.answer).length, 0) / inPart.length;
    if (averageWords < MIN_AVERAGE_WORDS_PER_ANSWER) {
      const note = { part, kind: 'short-answers', averageWords } as const;
      notes.push({ ...note, message: partNoteMessage(note, 'student') });
    }
  }
  return notes;
}
