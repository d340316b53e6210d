import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { BulletList } from '../BulletList';
import { Columns } from '../Columns';
import { AGREEMENT_RHO_FIRST_250_WORDS, agreementParagraphs, interviewAgreementText, ratedRangeText } from '../../../shared/band-estimate/agreement';
import { teacherShortTestText } from '../../../shared/band-estimate/short-test';
import { EARLIER_RULES_TEXT, scoredByEarlierRules } from '../../../shared/band-estimate/earlier-rules';
import type { ReactNode } from 'react';
import type { AttemptDetail, AttemptKind, Bands, IeltsAnalysis, InterviewAnalysis } from '../../../shared/api/admin-attempts';
import { nonAnswerReason } from '../../../shared/non-answers/reasons';
import { partNoteMessage } from '../../../shared/speaking-test/part-note-text';
import { bandText, CRITERIA_OF, CRITERION_LABELS } from '../../../shared/api/admin-attempts-kinds';
import { clarityText, communicationText, confidenceText, relevanceText } from '../../../shared/interview/scoring-text';
// From the modules themselves, not the scores index: that brings the answers' marking (and the
// filler and slip finders) into the review page's first visit.
import { BandPair, CriterionCard, FiguresTable, speechFigures } from '../scores/CriterionCard';
import { fluencySourceNote, formatPercent } from '../scores/format';
import { timingFigures, timingsOnlyText, TIMINGS_CAPTION } from '../scores/timings-only';
import { PlainAlert } from '../PlainAlert';
import { pronunciationEvidence } from './analysis-part';

type IeltsDetail = Extract<AttemptDetail, { kind: 'ielts' }>;
type InterviewDetail = Extract<AttemptDetail, { kind: 'interview' }>;

const oneDecimal = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** Who reads the scores: the teacher on the review page, the student on their own attempt's page. */
export type ScoresReader = 'teacher' | 'student';

/**
 * Why there is no estimate, for its reader. The reason the attempt was saved with is worded to the
 * student ("answer each question…, then take the test again"; "your teacher will score them"): the
 * teacher reads it as what the student was told. Nothing to score is already said to each reader in
 * their own words (the teacher's: "Ask the student to retake…").
 */
function notAssessableText(detail: AttemptDetail, reader: ScoresReader): string | null {
  const reason = detail.notAssessableReason;
  if (reader === 'student') return teacherScored(detail) ? TEACHER_SCORED_TEXT[detail.kind] : reason;
  if (reason === null || detail.nothingToScore) return reason;
  return `${READER_TEXT.teacher.adviceLabel}: ${reason}`;
}

/**
 * The teacher's band's badge for its reader: the student reads only released bands (their teacher's);
 * the teachers' page holds the latest saved review, so each band says whether it is the one the
 * student sees (Released) or saved since and not yet released (Draft).
 */
function teacherLabel(detail: AttemptDetail, reader: ScoresReader, criterion: string): string {
  if (reader === 'student') return 'Teacher';
  const released = detail.release?.scores?.[criterion];
  return typeof released === 'number' && released === detail.teacherScores?.[criterion] ? 'Released' : 'Draft';
}

/** Not transcribed, and the teacher's overall is in: what the student was told would happen has happened. */
const teacherScored = (detail: AttemptDetail) => detail.noTranscript && typeof detail.teacherScores?.overall === 'number';

/** The student's reason once their teacher has scored an attempt that was not transcribed ("your teacher will score them" no longer). */
export const TEACHER_SCORED_TEXT: Record<AttemptKind, string> = {
  ielts: 'Your answers were not transcribed, so there is no automatic estimate: your teacher listened to the recording, and their bands above are your result.',
  interview: 'Your answers were not transcribed, so there is no automatic estimate: your teacher listened to the recording, and their scores above are your result.',
};

/** What the section says to each reader about the advice and about what only listening can judge. */
export const READER_TEXT: Record<ScoresReader, { adviceLabel: string; listening: string }> = {
  teacher: { adviceLabel: 'Told the student', listening: 'You can, by listening.' },
  student: { adviceLabel: 'Advice for you', listening: 'Your teacher, listening, can.' },
};

/** Where each criterion's working starts, for its reader: the student met "the average learner" on the results. */
const STARTING_BAND: Record<ScoresReader, string> = {
  teacher: 'the average band of the learners it was checked on',
  student: "the average learner's band",
};
const workingText = (reader: ScoresReader) =>
  `Overall is the average of the four criteria, rounded to the nearest half band. Each criterion starts at ${STARTING_BAND[reader]} and moves up or down with what was measured.`;

/** Beside the overall, in short paragraphs for a phone: what the estimate is and the range it gave, how it was checked, then Pronunciation and how it was worked out. */
function EstimateParagraphs({ overall, reader }: { overall: number; reader: ScoresReader }) {
  const { what, checked, pronunciation } = agreementParagraphs(reader);
  const range = ratedRangeText(overall);
  return (
    <Stack gap={6} maw={520} data-testid="estimate-paragraphs">
      <Text size="sm" c="dimmed">
        {range ? `${what} ${range}` : what}
      </Text>
      <Text size="sm" c="dimmed">
        {checked}
      </Text>
      <Text size="sm" c="dimmed">
        {pronunciation} {workingText(reader)}
      </Text>
    </Stack>
  );
}

/**
 * Under the estimate's paragraphs on the teacher's page: an estimate from fewer words than its agreement
 * was measured on (short-test.ts), with the agreement measured on learners' first words. The student's
 * page says it in its own words before the estimate's section (AttemptPage's ShortTestNote).
 */
function TeacherShortTestNote({ wordCount }: { wordCount: number }) {
  const text = teacherShortTestText(wordCount, AGREEMENT_RHO_FIRST_250_WORDS);
  if (text === null) return null;
  return (
    <PlainAlert color="yellow" title="A short test" role="note" data-testid="short-test">
      {text}
    </PlainAlert>
  );
}

function IeltsScores({ detail, reader }: { detail: IeltsDetail; reader: ScoresReader }) {
  const { analysis } = detail;
  const teacher = detail.teacherScores;
  // Scored before the calibrated estimate: its agreement with examiners is not this attempt's to claim.
  const earlierRules = analysis !== null && scoredByEarlierRules(analysis.criteria);
  return (
    <Stack gap="md">
      <Group gap="xl" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            Overall band
          </Text>
          <BandPair kind="ielts" estimate={detail.overall} teacher={teacher?.overall} teacherLabel={teacherLabel(detail, reader, 'overall')} size="xl" />
        </Stack>
        {earlierRules ? (
          <Text size="sm" c="dimmed" maw={520}>
            {EARLIER_RULES_TEXT} Overall is the average of the four criteria, rounded to the nearest half band.
          </Text>
        ) : detail.assessable && detail.overall !== null ? (
          <EstimateParagraphs overall={detail.overall} reader={reader} />
        ) : null}
      </Group>
      {reader === 'teacher' && !earlierRules && detail.assessable && detail.overall !== null && analysis ? <TeacherShortTestNote wordCount={analysis.metrics.wordCount} /> : null}
      {!detail.assessable ? (
        <PlainAlert color="orange" title="No band estimate" role="note">
          {notAssessableText(detail, reader)}
        </PlainAlert>
      ) : null}
      {analysis && analysis.criteria.length > 0 ? (
        <Columns cols={{ base: 1, sm: 2 }}>
          {analysis.criteria.map((criterion) => (
            <CriterionCard
              key={criterion.criterion}
              criterion={criterion}
              teacher={teacher?.[criterion.criterion]}
              teacherLabel={teacherLabel(detail, reader, criterion.criterion)}
              note={criterionNote(criterion, detail, reader)}
              adviceLabel={READER_TEXT[reader].adviceLabel}
              earlierRules={earlierRules}
            />
          ))}
        </Columns>
      ) : (
        <TeacherOnlyBands kind="ielts" teacher={teacher} />
      )}
      <NonAnswersAlert items={(analysis?.nonAnswers ?? []).map((item) => [`Part ${item.part}, ${item.part === 2 ? 'the cue card' : `question ${item.questionNumber}`}`, nonAnswerReason(item, reader)])} />
      {analysis && detail.noTranscript ? (
        // The figures counted from words are unknown without a transcript, not zero: the timings alone, as the results showed them.
        <Stack gap="xs" data-testid="timings-only">
          <Text size="sm">{timingsOnlyText(reader, !detail.noRecording, teacherScored(detail))}</Text>
          <FiguresTable caption={TIMINGS_CAPTION[reader]} rows={timingFigures(analysis.metrics)} />
        </Stack>
      ) : analysis ? (
        <FiguresTable
          // The spec's figures, not the model's inputs: the measures the bands weigh are in each criterion's card.
          caption={`Figures from the ${analysis.nonAnswers && analysis.nonAnswers.length > 0 ? 'counted answers' : 'answers'}, for reference only: each band comes from the steps in its card above`}
          rows={speechFigures(analysis.metrics)}
        />
      ) : null}
      {analysis?.partNotes.map((note) => (
        <PlainAlert key={note.part} color="gray" title={`Part ${note.part}`} role="note">
          {partNoteText(note, reader)}
        </PlainAlert>
      ))}
    </Stack>
  );
}

/** A part's note for its reader, worded now from its figure when the attempt kept it; else the sentence stored for the student. */
function partNoteText(note: IeltsAnalysis['partNotes'][number], reader: ScoresReader): string {
  if (note.kind === 'short-long-turn' && note.part === 2 && note.speakingTimeMs !== undefined) {
    return partNoteMessage({ part: 2, kind: note.kind, speakingTimeMs: note.speakingTimeMs }, reader);
  }
  if (note.kind === 'short-answers' && (note.part === 1 || note.part === 3) && note.averageWords !== undefined) {
    return partNoteMessage({ part: note.part, kind: note.kind, averageWords: note.averageWords }, reader);
  }
  return note.message;
}

/** The answers not counted (decision 0018), each as [where, why]; nothing when every answer counted. */
function NonAnswersAlert({ items }: { items: ReadonlyArray<readonly [string, string]> }) {
  if (items.length === 0) return null;
  return (
    <PlainAlert color="yellow" title={`${items.length} ${items.length === 1 ? 'answer was' : 'answers were'} not counted`} role="note" data-testid="non-answers">
      <Stack gap={4}>
        <Text size="sm">Left out of the estimate and of every figure on this page, each for the reason given.</Text>
        <BulletList>
          {items.map(([where, reason]) => (
            <li key={where}>
              {where}: {reason}
            </li>
          ))}
        </BulletList>
      </Stack>
    </PlainAlert>
  );
}

/** Fluency: where its speed came from; Pronunciation: the recording's evidence, once analysed. */
function criterionNote(criterion: NonNullable<IeltsDetail['analysis']>['criteria'][number], detail: IeltsDetail, reader: ScoresReader): ReactNode {
  const recording = detail.recordingAnalysis;
  if (criterion.criterion === 'fluency') return fluencySourceNote(criterion.figures, criterion.band, recording?.status ?? null);
  if (criterion.criterion === 'pronunciation' && recording?.status === 'done') return <pronunciationEvidence.Part analysis={recording} listening={READER_TEXT[reader].listening} />;
  return undefined;
}

function TeacherOnlyBands({ kind, teacher }: { kind: AttemptKind; teacher: Bands | null }) {
  if (!teacher) return null;
  return (
    <Group gap="md" wrap="wrap">
      {CRITERIA_OF[kind].map((criterion) => (
        <Text key={criterion} size="sm">
          {CRITERION_LABELS[criterion]}: teacher {teacher[criterion] === null || teacher[criterion] === undefined ? 'not set' : bandText(kind, teacher[criterion])}
        </Text>
      ))}
    </Group>
  );
}

function interviewExplanations(figures: InterviewAnalysis['figures']): Record<string, string> {
  const parts = figures.clarityParts;
  return {
    communication: communicationText(figures),
    confidence: confidenceText(figures),
    relevance: `${relevanceText(figures)} Each answer's figure is shown with it below.`,
    clarity: parts
      ? clarityText(figures)
      : 'Nothing was said, so there is nothing to judge.',
  };
}

function InterviewScores({ detail, reader }: { detail: InterviewDetail; reader: ScoresReader }) {
  // Without a transcript the figures were counted from no words: unknown, not zero, so none is shown (as the completed view shows none).
  const figures = detail.noTranscript ? undefined : detail.analysis?.figures;
  const teacher = detail.teacherScores;
  const explanations = figures && detail.assessable ? interviewExplanations(figures) : {};
  return (
    <Stack gap="md">
      {!detail.assessable ? (
        <PlainAlert color="orange" title="No score estimate" role="note" data-testid="not-assessable">
          {notAssessableText(detail, reader)}
        </PlainAlert>
      ) : null}
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          Overall score
        </Text>
        <BandPair kind="interview" estimate={detail.overall} teacher={teacher?.overall} teacherLabel={teacherLabel(detail, reader, 'overall')} size="xl" />
        <Text size="sm" c="dimmed">
          The average of the four scores, rounded, each from 0 to 9.{figures?.language && detail.assessable ? ` ${interviewAgreementText()}` : ''}
        </Text>
      </Stack>
      <Columns cols={{ base: 1, sm: 2 }}>
        {CRITERIA_OF.interview.map((criterion) => (
          <Paper key={criterion} withBorder radius="md" p="md" component="section" aria-label={CRITERION_LABELS[criterion]}>
            <Stack gap="xs">
              <Title order={3} size="h4">
                {CRITERION_LABELS[criterion]}
              </Title>
              <BandPair kind="interview" estimate={detail.scores?.[criterion]} teacher={teacher?.[criterion]} teacherLabel={teacherLabel(detail, reader, criterion)} />
              {explanations[criterion] ? <Text size="sm">{explanations[criterion]}</Text> : null}
            </Stack>
          </Paper>
        ))}
      </Columns>
      <NonAnswersAlert items={(detail.analysis?.nonAnswers ?? []).map((item) => [`Question ${item.questionNumber}`, nonAnswerReason(item, reader)])} />
      {figures ? (
        <FiguresTable
          caption="Figures from the answers: each card above says which of them its score uses"
          rows={[
            ['Questions asked', String(figures.questionCount)],
            ['Questions answered', String(figures.answeredCount)],
            ['Total words', String(figures.totalWords)],
            ['Words per answer', oneDecimal(figures.averageWordsPerAnswer)],
            ['Fillers', `${figures.fillerCount} (${formatPercent(figures.fillerRatio)} of words)`],
            ['Sentences', `${figures.sentenceCount} (${figures.averageSentenceLength.toFixed(1)} words each)`],
            ['Recognizer confidence', figures.meanConfidence === null ? 'not reported' : formatPercent(figures.meanConfidence)],
          ]}
        />
      ) : null}
    </Stack>
  );
}

/** The attempt's scores and what lies behind them, worded for `reader`. */
export function ScoresSection({ detail, reader }: { detail: AttemptDetail; reader: ScoresReader }) {
  return detail.kind === 'ielts' ? <IeltsScores detail={detail} reader={reader} /> : <InterviewScores detail={detail} reader={reader} />;
}
