import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportPreview, ImportResult } from '../../../../../shared/api/students';
import { apiPost } from '../../../../lib/api';
import { STUDENTS_QUERY_KEY } from './students-list';

/** Checks a CSV file's rows on the server; nothing is written. */
export function usePreviewImport() {
  return useMutation({ mutationFn: (csv: string) => apiPost<ImportPreview>('/api/admin/students/import/preview', { csv }) });
}

/** Writes the file's valid rows (all in one transaction on the server). */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => apiPost<ImportResult>('/api/admin/students/import/commit', { csv }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STUDENTS_QUERY_KEY }),
  });
}
