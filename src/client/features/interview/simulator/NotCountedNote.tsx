import { Alert, List, Text } from '@mantine/core';
import type { InterviewNonAnswer } from '../../../../shared/interview';
import { nonAnswerReason } from '../../../../shared/non-answers/reasons';
import { alertStyles } from './Panel';

/* Which answers the scores left out (decision 0018) and why, in the speaking test's words. */

export function NotCountedNote({ nonAnswers, questions }: { nonAnswers: readonly InterviewNonAnswer[]; questions: readonly string[] }) {
  const count = nonAnswers.length;
  if (count === 0) return null;
  return (
    <Alert color="yellow" variant="light" title={`${count} ${count === 1 ? 'answer was' : 'answers were'} not counted`} styles={alertStyles} role="note" data-testid="non-answers">
      <Text size="sm">
        {count === 1 ? 'This answer is' : 'These answers are'} not used in any score, because they do not show how you speak. An answer is not used if it is only
        filler words, not in English, mostly the question repeated, only &quot;I don&apos;t know&quot;, a repeat of what you said before, or a list of words without
        sentences.
      </Text>
      <List size="sm" spacing={4} mt="xs">
        {nonAnswers.map((item) => (
          <List.Item key={item.questionNumber} data-testid="not-counted" data-kind={item.kind}>
            Question {item.questionNumber}
            {questions[item.questionNumber - 1] ? ` (“${questions[item.questionNumber - 1]}”)` : ''}: {nonAnswerReason(item)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
