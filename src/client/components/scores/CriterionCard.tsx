import { Badge, Group, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { BulletList } from '../BulletList';
import type { AttemptKind, CriterionAnalysis, SpeechMetricsDto } from '../../../shared/api/admin-attempts';
import { bandText, CRITERION_LABELS } from '../../../shared/api/admin-attempts-kinds';
import type { ReactNode } from 'react';
import { bandWorking, deltaText } from './band-working';
import { FLUENCY_NOTE_FIGURES, fluencyAudioFigures, fluencySourceNote, formatPercent, formatSeconds } from './format';
import { tallyText, type MarkTally } from './tally-text';
import { Table } from '../Table';

/*
 * The speaking-test estimate explained, shared by the student's results and the teacher's review:
 * each criterion's band, the evidence that moved it from its starting band (the typical learner's,
 * decision 0030; older attempts: section 9's base and rules), the spec's figures, the advice.
 */

const ratio = (value: number) => `${value.toFixed(2)} (${formatPercent(value)})`;

/** How the figures a speaking-test rule reads are named and shown. */
const FIGURE_TEXT: Record<string, { label: string; show: (value: number | null) => string }> = {
  wordsPerMinute: { label: 'Words per minute', show: (v) => (v === null ? 'not measured' : String(Math.round(v))) },
  fillerRatio: { label: 'Filler ratio', show: (v) => (v === null ? '—' : ratio(v)) },
  responseTimeMs: { label: 'Response time', show: (v) => (v === null ? 'not measured' : formatSeconds(v)) },
  uniqueWordRatio: { label: 'Unique-word ratio', show: (v) => (v === null ? '—' : ratio(v)) },
  wordCount: { label: 'Word count', show: (v) => (v === null ? '—' : String(v)) },
  grammarErrorRatio: { label: 'Grammar-mistake ratio', show: (v) => (v === null ? '—' : ratio(v)) },
  avgWordsPerSentence: { label: 'Words per sentence', show: (v) => (v === null ? '—' : v.toFixed(1)) },
  // Fluency from the recording (decision 0019).
  speechRateSps: { label: 'Speech rate (recording)', show: (v) => (v === null ? '—' : `${v.toFixed(1)} syllables a second`) },
  meanLengthOfRunSyllables: { label: 'Length of run (recording)', show: (v) => (v === null ? '—' : `${v.toFixed(1)} syllables between pauses`) },
};

/** A band, labelled as the estimate, with the teacher's own band beside it when there is one. */
export function BandPair({
  kind,
  estimate,
  teacher,
  teacherLabel = 'Teacher',
  size = 'lg',
}: {
  kind: AttemptKind;
  estimate: number | null | undefined;
  teacher?: number | null | undefined;
  /** What the teacher's band is called: "Teacher" to the student; "Draft" or "Released" on the teachers' page. */
  teacherLabel?: string;
  size?: 'lg' | 'xl';
}) {
  return (
    <Group gap="xs" align="baseline" wrap="wrap">
      <Text fz={size === 'xl' ? 32 : 24} fw={700} lh={1.1} data-testid="band-estimate">
        {estimate === null || estimate === undefined ? '—' : bandText(kind, estimate)}
      </Text>
      <Text size="xs" c="dimmed">
        estimate
      </Text>
      {teacher !== null && teacher !== undefined ? (
        <Badge variant="light" color="indigo" c="indigo.9" size="lg">
          {teacherLabel} {bandText(kind, teacher)}
        </Badge>
      ) : null}
    </Group>
  );
}

export function FiguresTable({ caption, rows }: { caption: string; rows: Array<[string, string]> }) {
  return (
    <Table.ScrollContainer minWidth={280}>
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

/**
 * One criterion: band, base and the rules that fired, the figures they read and the advice.
 * `figureNotes` adds words after a figure, e.g. the fillers said after the filler ratio. `note` is
 * a line under the band: Fluency says where its speed came from (by default from its figures:
 * the recording or the transcript's timing), Pronunciation points to the recording's evidence.
 * `adviceLabel` goes before the advice where it needs saying whose it is ("Told the student" for
 * the teacher, "Advice for you" for the student reading it on their attempt's page), and before the
 * note on words said often, which speaks to the student too. `earlierRules`: the attempt was scored by
 * section 9's rules, whose figures set the band; the calibrated estimate's card says its figures do not.
 */
export function CriterionCard({
  criterion,
  teacher,
  figureNotes = {},
  headingOrder = 3,
  note,
  adviceLabel,
  earlierRules = false,
  teacherLabel,
}: {
  criterion: CriterionAnalysis;
  teacher?: number | null | undefined;
  figureNotes?: Partial<Record<string, string>>;
  headingOrder?: TitleOrder;
  note?: ReactNode;
  adviceLabel?: string;
  earlierRules?: boolean;
  teacherLabel?: string;
}) {
  const label = CRITERION_LABELS[criterion.criterion];
  const fromRecording = criterion.criterion === 'fluency' && fluencyAudioFigures(criterion.figures) !== null;
  const shownNote = note ?? (criterion.criterion === 'fluency' ? fluencySourceNote(criterion.figures, criterion.band, undefined) : null);
  const figures = Object.entries(criterion.figures).filter(([key]) => !(fromRecording && FLUENCY_NOTE_FIGURES.includes(key)));
  const working = bandWorking(criterion);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Stack gap="xs">
        <Title order={headingOrder} size="h4">
          {label}
        </Title>
        <BandPair kind="ielts" estimate={criterion.band} teacher={teacher} {...(teacherLabel ? { teacherLabel } : {})} />
        {shownNote ? (
          <Text size="sm" c={fromRecording ? 'teal.9' : 'dimmed'} data-testid={`${criterion.criterion}-note`} data-source={criterion.criterion === 'fluency' ? (fromRecording ? 'recording' : 'transcript') : undefined} component="div">
            {shownNote}
          </Text>
        ) : null}
        <Text size="sm">{working.start}</Text>
        {criterion.rules.length > 0 ? (
          <BulletList>
            {criterion.rules.map((rule) => (
              <li key={rule.rule}>
                {rule.rule}: <strong>{deltaText(rule.delta)}</strong>
              </li>
            ))}
          </BulletList>
        ) : null}
        {working.end ? (
          <Text size="sm" data-testid={`${criterion.criterion}-working`}>
            {working.end}
          </Text>
        ) : null}
        {criterion.repeated ? (
          <Text size="sm" data-testid={`${criterion.criterion}-repeated`}>
            {adviceLabel ? (
              <Text span inherit fw={600}>
                {`${adviceLabel}: `}
              </Text>
            ) : null}
            {criterion.repeated}
          </Text>
        ) : null}
        {/* The spec's figures for the criterion: the estimate's band comes from the steps above, not from these. */}
        {figures.length > 0 && !earlierRules ? (
          <Text size="sm" c="dimmed" mb={-6}>
            Also counted, not used for this band:
          </Text>
        ) : null}
        <BulletList bullets={false}>
          {figures.map(([key, value]) => (
            <li key={key}>
              {FIGURE_TEXT[key]?.label ?? key}: {FIGURE_TEXT[key]?.show(value) ?? String(value)}
              {figureNotes[key] ? ` — ${figureNotes[key]}` : null}
            </li>
          ))}
        </BulletList>
        <Text size="sm" c="dimmed" fs="italic">
          {adviceLabel ? (
            <Text span inherit fs="normal" fw={600}>
              {`${adviceLabel}: `}
            </Text>
          ) : null}
          {criterion.advice}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The whole test's figures as rows for FiguresTable; with a tally, the fillers and slips by name. */
export function speechFigures(metrics: SpeechMetricsDto, tally?: MarkTally): Array<[string, string]> {
  const named = (items: string) => (items ? `: ${items}` : '');
  return [
    ['Words per minute', metrics.wordsPerMinute === null ? 'not measured' : String(Math.round(metrics.wordsPerMinute))],
    ['Unique-word ratio', `${metrics.uniqueWordRatio.toFixed(2)} (${metrics.uniqueWords} different words)`],
    ['Word count', String(metrics.wordCount)],
    ['Fillers', `${metrics.fillerWords} (${formatPercent(metrics.fillerRatio)} of words)${tally ? named(tallyText(tally.fillers)) : ''}`],
    // The spec's two slips are counted; the answers mark more kinds (slips.ts), named after them.
    ['Grammar mistakes', `${metrics.grammarErrors} of "she are" and "the the" (${formatPercent(metrics.grammarErrorRatio)} of words)${tally && tally.slips.length > 0 ? `; marked in the answers: ${tallyText(tally.slips)}` : ''}`],
    ['Response time', metrics.responseTimeMs === null ? 'not measured' : `${formatSeconds(metrics.responseTimeMs)} on average`],
    ['Sentences', `${metrics.sentenceCount} (${metrics.avgWordsPerSentence.toFixed(1)} words each)`],
    ['Speaking time', formatSeconds(metrics.speakingTimeMs)],
  ];
}
