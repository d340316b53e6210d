import type { AttemptKind } from '../../../shared/api/admin-attempts-kinds';
import type { RecordingAnalysis } from '../../../shared/api/recording-analysis';

/*
 * The sentences that explain the recording's figures, to the student or to their teacher, and what
 * the figures cannot tell. Pure, so they can be checked without a browser; AnalysisDone.tsx shows them.
 */

export interface FigureLine {
  label: string;
  value: string;
  /** What it means and what would raise it, in one line. */
  line: string;
}

const rate = (sps: number) => `${sps.toFixed(1)} syllables a second`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Whom the figures are explained to: the student, or their teacher on the review page. */
export type FigureAudience = 'student' | 'teacher';

/** Who asked the questions, whose turns are not the student's pauses: the speaking test's examiner (and Part 2's preparation minute), the interviewer. */
const ASKER: Record<AttemptKind, string> = { ielts: "the examiner's", interview: "the interviewer's" };
const notPauses = (kind: AttemptKind, preparation: string) =>
  kind === 'ielts' ? `${ASKER[kind]} questions and ${preparation} preparation time are not pauses` : `${ASKER[kind]} questions are not pauses`;

/** The lines said to a teacher, about the student, where the student's own would say "you". */
const forTeachers = (kind: AttemptKind): Record<string, string> => ({
  'Speech rate': 'Syllables a second in the answers, each from its first word to its last, pauses included. Longer runs and shorter pauses raise it.',
  'Articulation rate': 'Syllables a second while speaking, pauses left out: how fast the phrases themselves are said.',
  'Time spent speaking': 'The share of the speaking time filled with speech rather than silence.',
  Pauses: `Silences of a quarter of a second or more between words in the answers (${notPauses(kind, 'the')}). Joining ideas with "and", "so" or "because" instead of stopping makes them fewer and shorter.`,
  'Length of run': 'Syllables said between two pauses, on average: word-by-word speech keeps it low.',
  'Syllables counted': "The speed figures count syllables. Where the answers' words were found in the recording, the syllables come from those words; elsewhere from loud points in the sound, which finds fewer.",
});

/** Each figure the recording gave, with one plain line on what it means and what would raise it; missing figures left out. */
export function figureLines(analysis: RecordingAnalysis, audience: FigureAudience = 'student', kind: AttemptKind = 'ielts'): FigureLine[] {
  const lines = studentFigureLines(analysis, kind);
  const teachers = forTeachers(kind);
  const shown = audience === 'teacher' ? lines.map((line) => ({ ...line, line: teachers[line.label] ?? line.line })) : lines;
  if (analysis.figuresScope !== 'recording') return shown;
  // The answers could not be placed on the recording: the figures span it all, and say so.
  const note = wholeRecordingNote(audience === 'teacher' ? 'the answers' : 'your answers', kind);
  return shown.map((line) => (SPAN_FIGURES.has(line.label) ? { ...line, line: `${line.line} ${note}` } : line));
}

/** The figures whose span is the answers, or the whole recording when they could not be placed. */
const SPAN_FIGURES = new Set(['Speech rate', 'Time spent speaking', 'Pauses', 'Length of run']);
const wholeRecordingNote = (answers: string, kind: AttemptKind) =>
  `Here taken from the recording's first word to its last, because ${answers} could not be placed on it: ${ASKER[kind]} questions and the time between answers count as pauses.`;

function studentFigureLines(analysis: RecordingAnalysis, kind: AttemptKind): FigureLine[] {
  const lines: FigureLine[] = [];
  if (analysis.speechRateSps !== null) {
    lines.push({
      label: 'Speech rate',
      value: rate(analysis.speechRateSps),
      line: 'How fast you spoke in your answers, each from its first word to its last, pauses included. Speaking in longer stretches with shorter pauses raises it.',
    });
  }
  if (analysis.articulationRateSps !== null) {
    lines.push({
      label: 'Articulation rate',
      value: rate(analysis.articulationRateSps),
      line: 'How fast you spoke while actually speaking, pauses left out. Practised, smooth phrases raise it; clear is better than rushed.',
    });
  }
  if (analysis.phonationTimeRatio !== null) {
    lines.push({
      label: 'Time spent speaking',
      value: `${Math.round(analysis.phonationTimeRatio * 100)}%`,
      line: 'The share of your speaking time filled with speech rather than silence. Fewer and shorter pauses raise it.',
    });
  }
  if (analysis.pauses !== null) {
    const { count, meanMs, longestMs } = analysis.pauses;
    lines.push({
      label: 'Pauses',
      value: count === 0 ? 'none' : `${count}, ${seconds(meanMs)} on average, longest ${seconds(longestMs)}`,
      line: `Silences of a quarter of a second or more between words in your answers (${notPauses(kind, 'your')}). Joining ideas with words like "and", "so" or "because" instead of stopping makes them fewer and shorter.`,
    });
  }
  if (analysis.meanLengthOfRunSyllables !== null) {
    lines.push({
      label: 'Length of run',
      value: `${analysis.meanLengthOfRunSyllables.toFixed(1)} syllables`,
      line: 'How much you say between two pauses, on average. Speaking in whole phrases and sentences, not word by word, raises it.',
    });
  }
  if (analysis.syllableSource !== null) {
    lines.push({
      label: 'Syllables counted',
      value: SYLLABLE_SOURCES[analysis.syllableSource],
      line: 'The speed figures count syllables. Where the words of your answers were found in the recording, the syllables come from those words; elsewhere they come from loud points in the sound, which finds fewer.',
    });
  }
  return lines;
}

const SYLLABLE_SOURCES = {
  words: 'from the words heard',
  nuclei: 'from the sound alone',
  mixed: 'from the words heard, and the sound alone where no words were placed',
} as const;

/** What the figures cannot tell, said plainly beside them. */
export const FIGURES_LIMITS =
  'These figures measure only speed and pauses, from the sound of the recording. They cannot judge your accent, how you say individual sounds, word stress or intonation, or whether your words and grammar are right.';

/** The same, said to the teacher. */
export const FIGURES_LIMITS_FOR_TEACHERS =
  "These figures measure only speed and pauses, from the sound of the recording. They cannot judge the student's accent, individual sounds, word stress or intonation, or whether their words and grammar are right: listen for those.";
