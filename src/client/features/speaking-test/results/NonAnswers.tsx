import { Alert, Text } from '@mantine/core';
import type { NonAnswer } from '../../../../shared/speaking-test/non-answers';

/** Above the answers: how many were not counted and why that matters. */
export function NonAnswersNote({ nonAnswers }: { nonAnswers: readonly NonAnswer[] }) {
  if (nonAnswers.length === 0) return null;
  const count = nonAnswers.length;
  return (
    <Alert color="yellow" variant="light" title={`${count} ${count === 1 ? 'answer was' : 'answers were'} not counted`} role="note" data-testid="non-answers">
      <Text size="sm">
        {count === 1 ? 'This answer is' : 'These answers are'} not used in any figure below, because they do not show your English. An answer is not used if it
        is only filler words, not in English, mostly the question repeated, only &quot;I don&apos;t know&quot;, a repeat of what you said before, a list of words
        without sentences, or about something else. Each is marked under &quot;Your answers&quot; with the reason.
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
