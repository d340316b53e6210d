import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { HeldButton } from '../HeldButton';
import { BulletList } from '../BulletList';
import type { AttemptDetail, IeltsAnswer, InterviewAnswer, NonAnswerDto } from '../../../shared/api/admin-attempts';
import { answerWords } from '../../../shared/interview/answers';
import { INTERVIEW_BASIS_TEXT } from '../../../shared/interview/basis-text';
import { nonAnswerReason } from '../../../shared/non-answers/reasons';
import { AnswerText, anyAnswerText, askedText, countMarks, formatSeconds, markAnswer, MarksLegend, type AnswerPiece } from '../scores';
import { formatClock } from './recording-evidence';
import type { FigureAudience } from './recording-figures';
import { deviceTimeZone, saveFile } from '../../lib/download';
import { toastError } from '../../lib/notify';

const PART_TITLES: Record<number, string> = {
  1: 'Part 1: Introduction & Interview',
  2: 'Part 2: Cue Card',
  3: 'Part 3: Discussion',
};

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The answers are read by the student (their attempt's page) or their teacher (the review page);
 * what the student did is said to the student as "you". Whether the answers were transcribed and
 * recorded says what an answer without words means (`wordlessAnswerText`).
 */
interface Reading {
  audience: FigureAudience;
  noTranscript: boolean;
  recorded: boolean;
}

/** What the answers say about what the student did, for each reader. */
const ABOUT_THE_STUDENT: Record<FigureAudience, { repeated: string; notes: string }> = {
  student: { repeated: 'You asked to hear this question again; the examiner repeated it.', notes: 'Your notes' },
  teacher: { repeated: 'The student asked to hear this question again; the examiner repeated it.', notes: "The student's notes" },
};

/** The answer's own words marked, none for an empty answer or a placeholder ("Answered aloud (recorded, not transcribed)"); an answer not counted has no word marked less common. */
function markedWords(answer: string, asked: string, nonAnswer: unknown): AnswerPiece[] {
  const words = answerWords(answer);
  return words === '' ? [] : markAnswer(words, asked, nonAnswer === undefined);
}

/** An answer's facts and, when it has words, its marks' counts (an answer without words has none to count, not zero). */
function AnswerFacts({ pieces, facts }: { pieces: readonly AnswerPiece[]; facts: string[] }) {
  const { fillers, slips, rare } = countMarks(pieces);
  const counts = pieces.length === 0 ? [] : [plural(fillers, 'filler', 'fillers'), plural(slips, 'grammar mistake', 'grammar mistakes'), plural(rare, 'less common word', 'less common words')];
  const all = [...facts, ...counts];
  if (all.length === 0) return null;
  return (
    <Text size="xs" c="dimmed">
      {all.join(' · ')}
    </Text>
  );
}

/** Under an answer that the estimate did not count (decision 0018): why. */
function NotCounted({ nonAnswer, audience }: { nonAnswer: Pick<NonAnswerDto, 'kind' | 'reason'> | undefined; audience: FigureAudience }) {
  if (!nonAnswer) return null;
  return (
    <Text size="sm" c="red.9" fw={500} data-testid="not-counted" data-kind={nonAnswer.kind}>
      Not counted: {nonAnswerReason(nonAnswer, audience)}
    </Text>
  );
}

function IeltsAnswerCard({ answer, nonAnswer, reading }: { answer: IeltsAnswer; nonAnswer: NonAnswerDto | undefined; reading: Reading }) {
  const facts = [
    answer.responseTimeMs === null ? 'response time not measured' : `began after ${formatSeconds(answer.responseTimeMs)}`,
    answer.speakingTimeMs === null ? null : `spoke for ${formatSeconds(answer.speakingTimeMs)}`,
  ].filter((fact): fact is string => fact !== null);
  const pieces = markedWords(answer.answer, askedText(answer.question, answer.cueCard), nonAnswer);
  const about = ABOUT_THE_STUDENT[reading.audience];
  return (
    <Paper withBorder radius="md" p="md" component="li" style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        {answer.cueCard ? (
          <Paper bg="gray.0" p="sm" radius="sm">
            <Text size="sm" fw={600}>
              Cue card: {answer.cueCard.topic}
            </Text>
            <Text size="sm">You should say:</Text>
            <BulletList>
              {answer.cueCard.bullets.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </BulletList>
          </Paper>
        ) : (
          <Text size="sm" fw={600}>
            Q{answer.questionNumber}. {answer.question}
          </Text>
        )}
        {answer.repeated ? (
          <Text size="sm" c="dimmed" data-testid="repeated-note">
            {about.repeated}
          </Text>
        ) : null}
        {answer.notes ? (
          <Paper bg="gray.0" p="sm" radius="sm" data-testid="part2-notes">
            <Text size="sm" fw={600}>
              {about.notes}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {answer.notes}
            </Text>
          </Paper>
        ) : null}
        <AnswerText text={answer.answer} pieces={pieces} noTranscript={reading.noTranscript} recorded={reading.recorded} />
        <NotCounted nonAnswer={nonAnswer} audience={reading.audience} />
        <AnswerFacts pieces={pieces} facts={facts} />
      </Stack>
    </Paper>
  );
}

function IeltsAnswers({ detail, reading }: { detail: Extract<AttemptDetail, { kind: 'ielts' }>; reading: Reading }) {
  const parts = [...new Set(detail.answers.map((answer) => answer.part))].sort();
  const nonAnswers = detail.analysis?.nonAnswers ?? [];
  return (
    <>
      {parts.map((part) => (
        <Stack key={part} gap="sm" component="section" aria-label={PART_TITLES[part] ?? `Part ${part}`}>
          <Title order={3} size="h4">
            {PART_TITLES[part] ?? `Part ${part}`}
          </Title>
          <Stack gap="sm" component="ul" m={0} p={0}>
            {detail.answers
              .filter((answer) => answer.part === part)
              .map((answer) => (
                <IeltsAnswerCard
                  key={`${answer.part}-${answer.questionNumber}`}
                  answer={answer}
                  nonAnswer={nonAnswers.find((item) => item.part === answer.part && item.questionNumber === answer.questionNumber)}
                  reading={reading}
                />
              ))}
          </Stack>
        </Stack>
      ))}
    </>
  );
}

type Relevance = { score: number; matchedWords: string[]; stockPhrases?: string[] | undefined };

/**
 * An interview answer's facts. Its time on the interview's clock and its place on the recording
 * differ (the recording runs only while answers are listened to), so each says which it is: the
 * word-by-word transcript gives recording times.
 */
export function interviewAnswerFacts(answer: InterviewAnswer, relevance: Relevance | undefined): string[] {
  return [
    answer.timestamp === null ? null : `at ${formatClock(answer.timestamp)} of the interview`,
    answer.recording ? `on the recording ${formatClock(answer.recording.startMs)}\u2060–\u2060${formatClock(answer.recording.endMs)}` : null,
    relevance ? `relevance ${relevance.score.toFixed(1)} of 9${relevance.matchedWords.length ? ` (matched: ${relevance.matchedWords.join(', ')})` : ''}` : null,
    relevance?.stockPhrases?.length ? `stock phrases, not counted: ${relevance.stockPhrases.join(', ')}` : null,
  ].filter((fact): fact is string => fact !== null);
}

function InterviewAnswerCard({
  answer,
  relevance,
  nonAnswer,
  reading,
}: {
  answer: InterviewAnswer;
  relevance: Relevance | undefined;
  nonAnswer: Pick<NonAnswerDto, 'kind' | 'reason'> | undefined;
  reading: Reading;
}) {
  // Without a transcript no answer's relevance was judged: the figure saved for it is no measurement.
  const facts = interviewAnswerFacts(answer, reading.noTranscript ? undefined : relevance);
  const pieces = markedWords(answer.answer, answer.question, nonAnswer);
  return (
    <Paper withBorder radius="md" p="md" component="li" style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            Q{answer.questionId}. {answer.question}
          </Text>
          {answer.category ? (
            <Badge size="sm" variant="light" color="gray" c="gray.8">
              {answer.category}
            </Badge>
          ) : null}
        </Group>
        <AnswerText text={answer.answer} pieces={pieces} noTranscript={reading.noTranscript} recorded={reading.recorded} />
        <NotCounted nonAnswer={nonAnswer} audience={reading.audience} />
        <AnswerFacts pieces={pieces} facts={facts} />
      </Stack>
    </Paper>
  );
}

/**
 * The transcript as a file, as the results offered it when the attempt was taken; its code loads on
 * the press. Held, not disabled, while it loads, so the focus stays on it.
 */
function TranscriptDownload({ detail }: { detail: AttemptDetail }) {
  const [preparing, setPreparing] = useState(false);
  const download = async () => {
    setPreparing(true);
    try {
      const { attemptTranscriptFile } = await import('./transcript-file');
      const file = attemptTranscriptFile(detail, deviceTimeZone());
      saveFile(file.blob, file.fileName);
    } catch {
      toastError('Transcript not downloaded', 'It could not be prepared: check your connection and try again.');
    } finally {
      setPreparing(false);
    }
  };
  return (
    <HeldButton variant="default" size="xs" w="fit-content" unavailable={preparing} onClick={() => void download()} data-testid="download-transcript">
      Download Transcript
    </HeldButton>
  );
}

/** The attempt's questions and answers, worded for `audience`: the student on their own attempt's page, the teacher on the review page. */
export function AnswersSection({ detail, audience }: { detail: AttemptDetail; audience: FigureAudience }) {
  const reading: Reading = { audience, noTranscript: detail.noTranscript, recorded: !detail.noRecording };
  if (detail.answers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No answers were saved with this attempt.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <TranscriptDownload detail={detail} />
      {/* The highlights' key only over answers with words: not when every answer was recorded, not transcribed. */}
      {anyAnswerText(detail.answers.map((answer) => answer.answer)) ? <MarksLegend /> : null}
      {/* Beside the answers it asks to be read against; on the review page this section loads later, so the first visit does not carry it. */}
      {detail.kind === 'interview' && detail.assessable && !detail.noTranscript ? (
        <Text size="sm" data-testid="interview-basis">
          {INTERVIEW_BASIS_TEXT}
        </Text>
      ) : null}
      {detail.kind === 'interview' && detail.analysis?.questionsDiffer ? (
        <Text size="sm" data-testid="questions-differ">
          Some of these questions are not the ones the interview profile gives: it was changed after the interview began, or the page sent other
          questions. Each answer&apos;s relevance was judged against the profile&apos;s question of its number.
        </Text>
      ) : null}
      {detail.kind === 'ielts' ? (
        <IeltsAnswers detail={detail} reading={reading} />
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0}>
          {detail.answers.map((answer, index) => (
            <InterviewAnswerCard
              key={answer.questionId}
              answer={answer}
              relevance={detail.analysis?.figures.relevance[index]}
              nonAnswer={detail.analysis?.nonAnswers?.find((item) => item.questionNumber === index + 1)}
              reading={reading}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
