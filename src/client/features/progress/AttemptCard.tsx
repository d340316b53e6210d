import { Anchor, Badge, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { AttemptKind } from '../../../shared/api/admin-attempts';
import { bandText, CRITERIA_OF, CRITERION_LABELS } from '../../../shared/api/admin-attempts-kinds';
import { shortTestText } from '../../../shared/band-estimate/short-test';
import { noResultReason, noResultShortText, RETAKE_WHAT, type NoResultReason } from '../../../shared/api/no-result-texts';
import type { ProgressAttempt } from '../../../shared/api/progress';
import { formatAttemptDateAndTime, formatAttemptTime } from '../../components/attempt/format';
import type { AttemptWhen } from '../../components/attempt/list-times';
import { attemptLinkText } from './attempt-link';

/* One attempt on My progress: when, whose result it is (or why there is none), its bands and the link to it. */

export const KIND_TITLES: Record<AttemptKind, string> = { ielts: 'IELTS speaking test', interview: 'Mock interview' };

function resultText(attempt: ProgressAttempt, key: 'overall' | (typeof CRITERIA_OF)[AttemptKind][number]): string {
  const value = attempt.result[key];
  return value === null || value === undefined ? '—' : bandText(attempt.kind, value);
}

/** Whose the result is, or why there is none: "Estimate only" only where there is an estimate. */
function AttemptBadge({ attempt }: { attempt: ProgressAttempt }) {
  const [label, color, text] = attempt.releasedAt
    ? ['Teacher reviewed', 'indigo', 'indigo.9']
    : attempt.resultSource === 'estimate'
      ? ['Estimate only', 'gray', 'gray.8']
      : BADGE_OF[noResultReason(attempt)];
  return (
    <Badge variant="light" color={color} c={text} data-testid="progress-badge">
      {label}
    </Badge>
  );
}

/** The badge where there is no result: its label, colour and text colour (contrast: the dark shade on the light badge). */
const BADGE_OF: Record<NoResultReason, [string, string, string]> = {
  awaitingTeacher: ['Awaiting your teacher', 'blue', 'blue.9'],
  nothingToScore: ['Nothing to score', 'red', 'red.9'],
  tooLittleSpeech: ['No estimate', 'gray', 'gray.8'],
};

/** `when`: the time its link names it by, told apart from the list's other attempts (distinctAttemptTimes). */
export function AttemptCard({ attempt, when = formatAttemptDateAndTime(attempt.completedAt) }: { attempt: ProgressAttempt; when?: AttemptWhen }) {
  const noun = attempt.kind === 'ielts' ? 'band' : 'score';
  // Made by section 9's fixed rules before the calibrated estimate (the charts leave it out and say why).
  const earlier = attempt.earlierRules ? ' by the earlier fixed rules' : '';
  // An estimate from a short test, a rough guide (shared/band-estimate/short-test.ts).
  const short = attempt.shortTestWords === undefined ? '' : ` ${shortTestText(attempt.shortTestWords, 'list') ?? ''}`;
  return (
    <Paper withBorder radius="md" p="md" component="li" style={{ listStyle: 'none' }} data-testid="progress-attempt">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text fw={600}>{KIND_TITLES[attempt.kind]}</Text>
            <Text size="sm" c="dimmed">
              <time dateTime={attempt.completedAt}>{formatAttemptTime(attempt.completedAt)}</time>
            </Text>
          </Group>
          <AttemptBadge attempt={attempt} />
        </Group>
        <Text size="sm">
          Overall {noun}: <strong>{resultText(attempt, 'overall')}</strong>{' '}
          {attempt.resultSource === 'teacher'
            ? "(your teacher's)"
            : attempt.resultSource === 'estimate'
              ? `(estimate${earlier}${short})`
              : `(${noResultShortText(noResultReason(attempt), RETAKE_WHAT[attempt.kind])})`}
          {attempt.resultSource === 'teacher' && attempt.estimate?.overall != null ? `; estimate ${bandText(attempt.kind, attempt.estimate.overall)}${earlier}${short}` : ''}
        </Text>
        <Text size="sm" c="dimmed" data-testid="progress-criteria">
          {/* Whose the figures are, as the overall says: a released review's bands are never mixed with the estimate. */}
          {attempt.resultSource === 'teacher' ? `Your teacher's ${noun}s: ` : attempt.resultSource === 'estimate' ? `Estimate${earlier}: ` : ''}
          {CRITERIA_OF[attempt.kind].map((criterion) => `${CRITERION_LABELS[criterion]} ${resultText(attempt, criterion)}`).join(' · ')}
        </Text>
        {/* A screen reader's list of links shows every card's link alone: its name says which attempt it opens. */}
        <Anchor component={Link} to={`/progress/attempts/${attempt.id}`} size="sm" w="fit-content" className="touch-target">
          {attemptLinkText(attempt)}
          <VisuallyHidden>
            {' '}
            ({KIND_TITLES[attempt.kind]}, {when.date}, {when.time})
          </VisuallyHidden>
        </Anchor>
      </Stack>
    </Paper>
  );
}
