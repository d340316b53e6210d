/* The speaking-test estimate explained and answers highlighted: the student's results and the teacher's review. */
export { AnswerText, MarksLegend } from './AnswerText';
export { anyAnswerText, wordlessAnswerText } from './answer-text';
export { BandPair, CriterionCard, FiguresTable, speechFigures } from './CriterionCard';
export { timingFigures, timingsOnlyText, TIMINGS_CAPTION, type TimingsReader } from './timings-only';
export { fluencyAudioFigures, fluencySourceNote, formatPercent, formatSeconds, type RecordingStatus } from './format';
export { askedText, countMarks, markAnswer, tallyMarks, type AnswerPiece, type MarkKind } from './mark-answer';
// In a module of its own: the score cards show a tally without loading the finders.
export { tallyText, type MarkTally } from './tally-text';
