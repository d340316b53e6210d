import { Alert, Badge, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  bandText,
  CRITERIA_OF,
  CRITERION_LABELS,
  type AttemptDetail,
  type AttemptKind,
  type Bands,
  type CriterionAnalysis,
  type InterviewAnalysis,
  type SpeechMetricsDto,
} from '../../../../shared/api/admin-attempts';
import { COMMUNICATION_FULL_MARKS_WORDS_PER_ANSWER, CONFIDENCE_FULL_MARKS_TOTAL_WORDS } from '../../../../shared/interview/constants';
import { formatPercent, formatSeconds } from './format';

type IeltsDetail = Extract<AttemptDetail, { kind: 'ielts' }>;
type InterviewDetail = Extract<AttemptDetail, { kind: 'interview' }>;

const ratio = (value: number) => `${value.toFixed(2)} (${formatPercent(value)})`;
const oneDecimal = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** How the figures a speaking-test rule reads are named and shown. */
const FIGURE_TEXT: Record<string, { label: string; show: (value: number | null) => string }> = {
  wordsPerMinute: { label: 'Words per minute', show: (v) => (v === null ? 'not measured' : String(Math.round(v))) },
  fillerRatio: { label: 'Filler ratio', show: (v) => (v === null ? '—' : ratio(v)) },
  responseTimeMs: { label: 'Response time', show: (v) => (v === null ? 'not measured' : formatSeconds(v)) },
  uniqueWordRatio: { label: 'Unique-word ratio', show: (v) => (v === null ? '—' : ratio(v)) },
  wordCount: { label: 'Word count', show: (v) => (v === null ? '—' : String(v)) },
  grammarErrorRatio: { label: 'Grammar-slip ratio', show: (v) => (v === null ? '—' : ratio(v)) },
  avgWordsPerSentence: { label: 'Words per sentence', show: (v) => (v === null ? '—' : v.toFixed(1)) },
};

function delta(value: number): string {
  return `${value > 0 ? '+' : '−'}${Math.abs(value)}`;
}

function BandPair({ kind, estimate, teacher, size = 'lg' }: { kind: AttemptKind; estimate: number | null | undefined; teacher: number | null | undefined; size?: 'lg' | 'xl' }) {
  return (
    <Group gap="xs" align="baseline" wrap="wrap">
      <Text fz={size === 'xl' ? 32 : 24} fw={700} lh={1.1}>
        {estimate === null || estimate === undefined ? '—' : bandText(kind, estimate)}
      </Text>
      <Text size="xs" c="dimmed">
        estimate
      </Text>
      {teacher !== null && teacher !== undefined ? (
        <Badge variant="light" color="indigo" c="indigo.9" size="lg">
          Teacher {bandText(kind, teacher)}
        </Badge>
      ) : null}
    </Group>
  );
}

function FiguresTable({ caption, rows }: { caption: string; rows: Array<[string, string]> }) {
  return (
    <Table.ScrollContainer minWidth={280} type="native">
      <Table withTableBorder verticalSpacing={6} captionSide="top" fz="sm">
        <Table.Caption ta="left">{caption}</Table.Caption>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500} w="55%">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function IeltsCriterionCard({ criterion, teacher }: { criterion: CriterionAnalysis; teacher: number | null | undefined }) {
  const label = CRITERION_LABELS[criterion.criterion];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {label}
        </Title>
        <BandPair kind="ielts" estimate={criterion.band} teacher={teacher} />
        <Text size="sm">
          Base {criterion.base}
          {criterion.rules.length === 0 ? '; no rule changed it.' : ', then:'}
        </Text>
        {criterion.rules.length > 0 ? (
          <List size="sm" spacing={2}>
            {criterion.rules.map((rule) => (
              <List.Item key={rule.rule}>
                {rule.rule}: <strong>{delta(rule.delta)}</strong>
              </List.Item>
            ))}
          </List>
        ) : null}
        <List size="sm" spacing={2} listStyleType="none" styles={{ root: { paddingInlineStart: 0 } }}>
          {Object.entries(criterion.figures).map(([key, value]) => (
            <List.Item key={key}>
              {FIGURE_TEXT[key]?.label ?? key}: {FIGURE_TEXT[key]?.show(value) ?? String(value)}
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed" fs="italic">
          {criterion.advice}
        </Text>
      </Stack>
    </Paper>
  );
}

function speechFigures(metrics: SpeechMetricsDto): Array<[string, string]> {
  return [
    ['Words per minute', metrics.wordsPerMinute === null ? 'not measured' : String(Math.round(metrics.wordsPerMinute))],
    ['Unique-word ratio', `${metrics.uniqueWordRatio.toFixed(2)} (${metrics.uniqueWords} different words)`],
    ['Word count', String(metrics.wordCount)],
    ['Fillers', `${metrics.fillerWords} (${formatPercent(metrics.fillerRatio)} of words)`],
    ['Grammar slips', `${metrics.grammarErrors} (${formatPercent(metrics.grammarErrorRatio)} of words)`],
    ['Response time', metrics.responseTimeMs === null ? 'not measured' : `${formatSeconds(metrics.responseTimeMs)} on average`],
    ['Sentences', `${metrics.sentenceCount} (${metrics.avgWordsPerSentence.toFixed(1)} words each)`],
    ['Speaking time', formatSeconds(metrics.speakingTimeMs)],
  ];
}

function IeltsScores({ detail }: { detail: IeltsDetail }) {
  const { analysis } = detail;
  const teacher = detail.teacherScores;
  return (
    <Stack gap="md">
      <Group gap="xl" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            Overall band
          </Text>
          <BandPair kind="ielts" estimate={detail.overall} teacher={teacher?.overall} size="xl" />
        </Stack>
        <Text size="sm" c="dimmed" maw={520}>
          The estimate is the mean of the four criteria, shown to the nearest half band. Each criterion starts from a base band and
          moves with the rules the figures fired.
        </Text>
      </Group>
      {!detail.assessable ? (
        <Alert color="orange" variant="light" title="No band estimate" role="note">
          {detail.notAssessableReason}
        </Alert>
      ) : null}
      {analysis && analysis.criteria.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {analysis.criteria.map((criterion) => (
            <IeltsCriterionCard key={criterion.criterion} criterion={criterion} teacher={teacher?.[criterion.criterion]} />
          ))}
        </SimpleGrid>
      ) : (
        <TeacherOnlyBands kind="ielts" teacher={teacher} />
      )}
      {analysis ? <FiguresTable caption="The figures behind the estimate" rows={speechFigures(analysis.metrics)} /> : null}
      {analysis?.partNotes.map((note) => (
        <Alert key={note.part} color="gray" variant="light" title={`Part ${note.part}`} role="note">
          {note.message}
        </Alert>
      ))}
    </Stack>
  );
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
    communication: `${oneDecimal(figures.averageWordsPerAnswer)} words per answer on average over ${figures.questionCount} questions; ${COMMUNICATION_FULL_MARKS_WORDS_PER_ANSWER} or more gives 9.`,
    confidence: `${figures.totalWords} words in the whole interview; ${CONFIDENCE_FULL_MARKS_TOTAL_WORDS} or more gives 9.`,
    relevance: `The mean of each answer's relevance to its question (shown with each answer below).`,
    clarity: parts
      ? `Three parts, each out of 100%: few fillers ${formatPercent(parts.fillers)}, sentence length ${formatPercent(parts.sentenceLength)}, recognizer confidence ${
          parts.recognizerConfidence === null ? 'not reported (left out)' : formatPercent(parts.recognizerConfidence)
        }.`
      : 'Nothing was said, so there is nothing to judge.',
  };
}

function InterviewScores({ detail }: { detail: InterviewDetail }) {
  const figures = detail.analysis?.figures;
  const teacher = detail.teacherScores;
  const explanations = figures ? interviewExplanations(figures) : {};
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          Overall score
        </Text>
        <BandPair kind="interview" estimate={detail.overall} teacher={teacher?.overall} size="xl" />
        <Text size="sm" c="dimmed">
          The rounded mean of the four scores, each from 0 to 9.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {CRITERIA_OF.interview.map((criterion) => (
          <Paper key={criterion} withBorder radius="md" p="md" component="section" aria-label={CRITERION_LABELS[criterion]}>
            <Stack gap="xs">
              <Title order={3} size="h4">
                {CRITERION_LABELS[criterion]}
              </Title>
              <BandPair kind="interview" estimate={detail.scores?.[criterion]} teacher={teacher?.[criterion]} />
              {explanations[criterion] ? <Text size="sm">{explanations[criterion]}</Text> : null}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      {figures ? (
        <FiguresTable
          caption="The figures behind the scores"
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

export function ScoresSection({ detail }: { detail: AttemptDetail }) {
  return detail.kind === 'ielts' ? <IeltsScores detail={detail} /> : <InterviewScores detail={detail} />;
}
