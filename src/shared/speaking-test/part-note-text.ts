import { MIN_AVERAGE_WORDS_PER_ANSWER, PART2_MIN_SPEAKING_MS } from './constants.js';
import { showNear } from './wording.js';

/*
 * A part note's sentence, apart from finding the notes (part-notes.ts) so that the attempt pages can
 * word a stored note for their reader without the transcript's tokeniser.
 */

/**
 * A note on a part whose answers are far below a sensible length (beyond the spec): the bands
 * cannot see it, since they work on the whole test.
 */
export type PartNote =
  | { part: 1 | 3; kind: 'short-answers'; averageWords: number; message: string }
  | { part: 2; kind: 'short-long-turn'; speakingTimeMs: number; message: string };

/** Who reads a note: the student it speaks to (the message stored with the attempt), or their teacher. */
export type PartNoteReader = 'student' | 'teacher';

/** A note without its sentence (each kind of the union keeps its own figure). */
type NoteFigures = PartNote extends infer Note ? (Note extends PartNote ? Omit<Note, 'message'> : never) : never;

/** A note's sentence for its reader: the student is told what to do, the teacher what the student did. */
export function partNoteMessage(note: NoteFigures, reader: PartNoteReader): string {
  if (note.kind === 'short-long-turn') {
    const spoken = `${showNear(note.speakingTimeMs / 1000, PART2_MIN_SPEAKING_MS / 1000)} s in Part 2`;
    return reader === 'student'
      ? `You spoke for ${spoken}; the cue card asks for one to two minutes, so aim to keep talking for at least ${PART2_MIN_SPEAKING_MS / 1000} s.`
      : `The student spoke for ${spoken}; the cue card asks for one to two minutes, at least ${PART2_MIN_SPEAKING_MS / 1000} s.`;
  }
  const averaged = `Part ${note.part} answers averaged ${showNear(note.averageWords, MIN_AVERAGE_WORDS_PER_ANSWER, 1)} words`;
  return reader === 'student'
    ? `${averaged}, which is too short to show your English: add a reason or an example, ${MIN_AVERAGE_WORDS_PER_ANSWER} words at the very least.`
    : `${averaged}, too short to show the student's English (${MIN_AVERAGE_WORDS_PER_ANSWER} words at the very least).`;
}
