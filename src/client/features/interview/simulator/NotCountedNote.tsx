import { Alert, List, Text } from '@mantine/core';
import type { InterviewNonAnswer } from '../../../../shared/interview';
import { alertStyles } from './Panel';

/* Which answers the scores left out (decision 0018) and why, in the speaking test's words. */

export function NotCountedNote({ nonAnswers, questions }: { nonAnswers: readonly InterviewNonAnswer[]; questions: readonly string[] }) {
  const count = nonAnswers.length;
  if (count === 0) return null;
  return (
    <Alert color="yellow" variant="light" title={`${count} ${count === 1 ? 'answer was' : 'answers were'} not counted`} styles={alertStyles} role="note" data-testid="non-answers">
      <Text size="sm">
        Only filler words, another language, reading the question back, repeating what you said before or a list of words without sentences does not show how you speak, so{' '}
        {count === 1 ? 'this answer is' : 'these answers are'} left out of every score.
      </Text>
      <List size="sm" spacing={4} mt="xs">
        {nonAnswers.map((item) => (
          <List.Item key={item.questionNumber} data-testid="not-counted" data-kind={item.kind}>
            Question {item.questionNumber}
            {questions[item.questionNumber - 1] ? ` (“${questions[item.questionNumber - 1]}”)` : ''}: {item.reason}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
