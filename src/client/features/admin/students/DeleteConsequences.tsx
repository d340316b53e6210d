import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { studentAttemptsQuery } from '../student-page/api/student-attempts';

const KEEP_INSTEAD = 'To stop them signing in but keep their work, deactivate them instead.';

/**
 * Under "Are you sure you want to delete this student?": what goes with the student (their attempts
 * of both kinds, the recordings and the teachers' reviews: the foreign keys cascade,
 * students/service.ts) and the way to keep it. The count is the student page's first page's total.
 */
export function DeleteConsequences({ studentId }: { studentId: number }) {
  // Counted afresh each time the dialog opens: the student may have saved an attempt since.
  const { data, isError, isFetchedAfterMount } = useQuery({ ...studentAttemptsQuery(String(studentId), 1), refetchOnMount: 'always' });
  let what: string;
  if (data && isFetchedAfterMount) {
    const { total } = data;
    what =
      total === 0
        ? 'They have no saved attempts. Their account cannot be restored.'
        : `${total === 1 ? 'Their 1 saved attempt' : `All ${total.toLocaleString('en')} of their saved attempts`} (speaking tests and interviews), with the recordings and the teachers' reviews, will be deleted too and cannot be restored. ${KEEP_INSTEAD}`;
  } else if (isError && isFetchedAfterMount) what = `Their saved attempts, recordings and the teachers' reviews will be deleted too and cannot be restored. ${KEEP_INSTEAD}`;
  else what = 'Checking what they have saved…';
  return (
    <Text size="sm" mt="xs" aria-live="polite" data-testid="delete-consequences">
      {what}
    </Text>
  );
}
