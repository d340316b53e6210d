import { Alert, Text } from '@mantine/core';

/** The attempt lists arrive with the speaking test and interview, which create the attempts. */
export function AttemptsPlaceholder({ kind }: { kind: 'IELTS' | 'Interview' }) {
  return (
    <Alert variant="light" color="gray" title={`${kind} attempts`}>
      <Text size="sm">
        The list of {kind === 'IELTS' ? 'speaking-test' : 'interview'} attempts, with scores, date filter and each attempt's
        review, opens here once students can save {kind === 'IELTS' ? 'tests' : 'interviews'}.
      </Text>
    </Alert>
  );
}
