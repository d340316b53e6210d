import { Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { bandText } from '../../../../shared/api/admin-attempts-kinds';
import { interviewAgreementText } from '../../../../shared/band-estimate/agreement';
import { clarityText, communicationText, confidenceText, INTERVIEW_BASIS_TEXT, relevanceText, type InterviewNonAnswer, type InterviewScoreReport, type QuestionRelevanceFigures } from '../../../../shared/interview';
import { listed } from '../../../../shared/text/listed';

/* The scores on the completed view (SPEC.md section 9 'Interview': communication, confidence, relevance, clarity, overall). */

const score = (value: number) => bandText('interview', value);

/** "/ 9" as shown; a screen reader reads "out of 9" (it read "slash 9"). */
function OutOfNine() {
  return (
    <>
      <span aria-hidden="true"> / 9</span>
      <VisuallyHidden> out of 9</VisuallyHidden>
    </>
  );
}

function ScoreCard({ label, value, children }: { label: string; value: number; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" align="baseline" wrap="nowrap">
        <Text fw={600}>{label}</Text>
        <Text fw={700} size="xl">
          {score(value)}
          <Text span size="sm" c="dimmed">
            <OutOfNine />
          </Text>
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {children}
      </Text>
    </Paper>
  );
}

/** Under an answer that used stock phrases (decision 0072): which, and what to say instead. */
function stockPhrasesText(phrases: readonly string[]): string {
  const quoted = phrases.map((phrase) => `"${phrase}"`).join(', ');
  return `Not counted: ${quoted}, ${phrases.length === 1 ? 'a common phrase' : 'common phrases'} that any candidate could say. Say what you did instead.`;
}

/** Under each question of the relevance list: why it was not counted, or what it matched. */
function answerLine(item: QuestionRelevanceFigures, nonAnswer: InterviewNonAnswer | undefined): string {
  if (nonAnswer) return `Not counted: ${nonAnswer.reason}`;
  if (item.wordCount === 0) return 'No answer.';
  const matched = `${item.wordCount} words; matched ${item.matchedWords.length} of ${item.referenceTermCount} key words${item.matchedWords.length > 0 ? `: ${item.matchedWords.join(', ')}` : ''}.`;
  const stock = item.stockPhrases ?? [];
  return stock.length === 0 ? matched : `${matched} ${stockPhrasesText(stock)}`;
}

/** The four scores and the figures behind each. */
export function ScoreBreakdown({ report }: { report: InterviewScoreReport }) {
  const { scores, figures, nonAnswers } = report;
  const clarity = figures.clarityParts;
  return (
    <Stack gap="sm" component="section" aria-labelledby="scores-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id="scores-title">
          Your scores
        </Title>
        <Text fw={700}>
          Overall {score(scores.overall)}
          <OutOfNine />
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        Overall is the rounded average of the four scores below, each from 0 to 9.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ScoreCard label="Communication" value={scores.communication}>
          {communicationText(figures)}
        </ScoreCard>
        <ScoreCard label="Confidence" value={scores.confidence}>
          {confidenceText(figures)}
        </ScoreCard>
        <ScoreCard label="Relevance" value={scores.relevance}>
          {relevanceText(figures)}
        </ScoreCard>
        <ScoreCard label="Clarity" value={scores.clarity}>
          {clarity === null ? 'Nothing was said, so clarity is 0.' : clarityText(figures)}
        </ScoreCard>
      </SimpleGrid>
      {/* What the scores rest on, under them as the speaking test's results say it under the bands: on a phone the scores come first, not a paragraph. */}
      <Text size="sm" c="dimmed" data-testid="scores-basis">
        {INTERVIEW_BASIS_TEXT}
        {figures.language ? ` ${interviewAgreementText()}` : ''}
      </Text>
      {report.nextStep ? (
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-blue-light)" data-testid="next-step">
          <Text size="sm">
            <Text span fw={700} size="sm">
              {`Work on next (${report.nextStep.score}${report.nextStep.levelWith.length > 0 ? `, same score as ${listed(report.nextStep.levelWith)}` : ''}):`}
            </Text>{' '}
            {report.nextStep.advice}
          </Text>
        </Paper>
      ) : null}
      <details>
        <summary>
          <Text span size="sm" fw={500}>
            Relevance of each answer
          </Text>
        </summary>
        <Stack gap={6} mt="xs" component="ol" style={{ paddingInlineStart: '1.25rem', margin: 0 }}>
          {figures.relevance.map((item, index) => (
            <li key={index}>
              <Text size="sm">
                {item.question}{' '}
                {/* "4.5 / 9" kept on one line: the "/ 9" alone on the next reads as a new figure. */}
                <Text span fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {score(item.score)}
                  <OutOfNine />
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {answerLine(item, nonAnswers.find((non) => non.questionNumber === index + 1))}
              </Text>
            </li>
          ))}
        </Stack>
      </details>
    </Stack>
  );
}
