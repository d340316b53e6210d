/* The speaking-test estimate explained and answers highlighted: the student's results and the teacher's review. */
export { AnswerText, MarksLegend } from './AnswerText';
export { BandPair, CriterionCard, FiguresTable, speechFigures } from './CriterionCard';
export { fluencyAudioFigures, fluencySourceNote, formatPercent, formatSeconds, type RecordingStatus } from './format';
export { markAnswer, markCounts, tallyMarks, tallyText, type AnswerPiece, type MarkKind, type MarkTally } from './mark-answer';
