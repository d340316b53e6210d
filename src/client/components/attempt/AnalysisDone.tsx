import { Button, Stack, Text, Title } from '@mantine/core';
import { Columns } from '../Columns';
import { useMemo, useState } from 'react';
import type { AttemptDetail, AttemptKind } from '../../../shared/api/admin-attempts';
import type { RecordingAnalysis } from '../../../shared/api/recording-analysis';
import { PlainAlert } from '../PlainAlert';
import { formatDuration } from './format';
import { HINTS_ANCHOR_ID, LIMITS_ANCHOR_ID } from './analysis-status';
import { formatClock, groupWordsByAnswer, isMissingWord, recordingSummary, sortWords, type WordHint } from './recording-evidence';
import { FIGURES_LIMITS, FIGURES_LIMITS_FOR_TEACHERS, figureLines, type FigureAudience } from './recording-figures';
import classes from './RecordingEvidence.module.css';
import { RecordingTimeline } from './RecordingTimeline';
import { seekAudio } from './useAudioClock';
import { WordTranscript } from './WordTranscript';
import { Table } from '../Table';

// In this part's chunk: shown beside Pronunciation only with a finished analysis (analysis-part.tsx).
export { PronunciationEvidence } from './PronunciationEvidence';

/*
 * A finished analysis of the recording: the timeline, the figures, answer by answer, the
 * words to listen to and the word-synced transcript. Loaded by RecordingEvidence only when an
 * analysis is done (analysis-part.tsx): an attempt without one does not download it.
 */
/** Hints shown before "Show all": a long list of words to check helps nobody. */
const HINTS_SHOWN = 12;

function Figures({ analysis, audience, kind }: { analysis: RecordingAnalysis; audience: FigureAudience; kind: AttemptKind }) {
  const lines = figureLines(analysis, audience, kind);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        What the recording shows
      </Title>
      <Columns cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" data-testid="recording-figures">
        {lines.map((figure) => (
          <div key={figure.label} className={classes.figure}>
            <Text component="dt" size="sm" fw={600}>
              {figure.label}: <span className={classes.figureValue}>{figure.value}</span>
            </Text>
            <Text component="dd" size="sm" m={0}>
              {figure.line}
            </Text>
          </div>
        ))}
      </Columns>
      <Text size="sm" c="dimmed" id={LIMITS_ANCHOR_ID} tabIndex={-1}>
        {audience === 'teacher' ? FIGURES_LIMITS_FOR_TEACHERS : FIGURES_LIMITS}
      </Text>
    </Stack>
  );
}

function AnswerFiguresTable({ analysis }: { analysis: RecordingAnalysis }) {
  if (analysis.answers.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table withTableBorder verticalSpacing={4} fz="sm" captionSide="top" data-testid="answer-figures">
        <Table.Caption ta="left">Answer by answer (speech rate in syllables a second)</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Answer</Table.Th>
            <Table.Th scope="col">Speaking</Table.Th>
            <Table.Th scope="col">Speech rate</Table.Th>
            <Table.Th scope="col">Pauses</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {analysis.answers.map((answer, i) => (
            <Table.Tr key={`${answer.part ?? 'q'}-${answer.questionNumber}-${i}`}>
              <Table.Th scope="row" fw={500}>
                {answer.part === null ? `Question ${answer.questionNumber}` : `Part ${answer.part}, Q${answer.questionNumber}`}
              </Table.Th>
              <Table.Td>{formatDuration(answer.speakingTimeMs)}</Table.Td>
              <Table.Td>{answer.speechRateSps.toFixed(1)}</Table.Td>
              <Table.Td>{answer.pauses.count === 0 ? 'none' : `${answer.pauses.count} (longest ${(answer.pauses.longestMs / 1000).toFixed(1)} s)`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "Listen to these words": each plays from the word; why it is listed beside it. Never a score. */
function HintList({ hints, audio }: { hints: readonly WordHint[]; audio: HTMLAudioElement | null }) {
  const [all, setAll] = useState(false);
  if (hints.length === 0) return null;
  const shown = all ? hints : hints.slice(0, HINTS_SHOWN);
  return (
    <Stack gap="xs" component="section" aria-label="Listen to these words" id={HINTS_ANCHOR_ID} tabIndex={-1}>
      <Title order={3} size="h5">
        Listen to these words
      </Title>
      <Text size="sm" c="dimmed">
        The words below were hard to place on the recording. Play each and listen whether it was said clearly and in full: they are a hint, not a score.
      </Text>
      <Stack gap={6} component="ul" m={0} p={0} data-testid="hint-words">
        {shown.map((hint) => (
          <li key={`${hint.startMs}:${hint.word}`} className={classes.hint}>
            <Button
              variant="default"
              size="compact-sm"
              leftSection={
                <span className={classes.hintSwatch} aria-hidden="true">
                  ▲
                </span>
              }
              onClick={() => seekAudio(audio, hint.startMs, { play: true })}>
              {hint.word} at {formatClock(hint.startMs)}
            </Button>{' '}
            <Text span size="sm">
              {hint.why}
            </Text>
          </li>
        ))}
      </Stack>
      {hints.length > HINTS_SHOWN ? (
        <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => setAll((value) => !value)}>
          {all ? 'Show fewer' : `Show all ${hints.length} words`}
        </Button>
      ) : null}
    </Stack>
  );
}

function Words({ analysis, audio, detail }: { analysis: RecordingAnalysis; audio: HTMLAudioElement | null; detail: AttemptDetail }) {
  const words = useMemo(() => sortWords(analysis.words), [analysis.words]);
  const groups = useMemo(() => groupWordsByAnswer(words, analysis.answers), [words, analysis.answers]);
  const hintWhy = useMemo(() => new Map(analysis.hints.map((hint) => [`${hint.startMs}:${hint.word}`, hint.why])), [analysis.hints]);
  const missing = useMemo(() => analysis.hints.filter(isMissingWord), [analysis.hints]);
  if (analysis.alignment.status !== 'done') {
    return (
      <PlainAlert color="gray" role="note" title="Word timings are unavailable" data-testid="alignment-unavailable">
        {analysis.alignment.reason ?? 'The words could not be placed on the recording.'} The timeline and figures above come from the sound alone.
      </PlainAlert>
    );
  }
  if (words.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {detail.answers.length ? 'No words could be placed on the recording: the answers have no transcript.' : 'There is no transcript to place on the recording.'}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <HintList hints={analysis.hints} audio={audio} />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Transcript, word by word
        </Title>
        <WordTranscript audio={audio} words={words} groups={groups} hintWhy={hintWhy} missing={missing} />
      </Stack>
    </Stack>
  );
}

export interface AnalysisDoneProps {
  analysis: RecordingAnalysis;
  /** The page's one player, shared by the timeline and the transcript. */
  audio: HTMLAudioElement | null;
  detail: AttemptDetail;
  /** Whom the figures are explained to: the student (default) or their teacher. */
  audience?: FigureAudience;
}

export function AnalysisDone({ analysis, audio, detail, audience = 'student' }: AnalysisDoneProps) {
  return (
    <Stack gap="lg" data-testid="analysis-done">
      <RecordingTimeline analysis={analysis} audio={audio} summary={recordingSummary(analysis)} />
      <Figures analysis={analysis} audience={audience} kind={detail.kind} />
      <AnswerFiguresTable analysis={analysis} />
      <Words analysis={analysis} audio={audio} detail={detail} />
    </Stack>
  );
}
