import { Alert, Text } from '@mantine/core';
import type { NonAnswer } from '../../../../shared/speaking-test/non-answers';

/** Above the answers: how many were not counted and why that matters. */
export function NonAnswersNote({ nonAnswers }: { nonAnswers: readonly NonAnswer[] }) {
  if (nonAnswers.length === 0) return null;
  const count = nonAnswers.length;
  return (
    <Alert color="yellow" variant="light" title={`${count} ${count === 1 ? 'answer was' : 'answers were'} not counted`} role="note" data-testid="non-answers">
      <Text size="sm">
        Only filler words, another language, reading the question back, repeating what you said before, a list of words without sentences or talking about something else does not show your English, so{' '}
        {count === 1 ? 'this answer is' : 'these answers are'} left out of every figure below. Each is marked under &quot;Your answers&quot; with the reason.
      </Text>
    </Alert>
  );
}

/** Under an answer that was not counted: why. */
export function NotCounted({ nonAnswer }: { nonAnswer: NonAnswer | undefined }) {
  if (!nonAnswer) return null;
  return (
    <Text size="sm" c="red.9" fw={500} data-testid="not-counted" data-kind={nonAnswer.kind}>
      Not counted: {nonAnswer.reason}
    </Text>
  );
}
