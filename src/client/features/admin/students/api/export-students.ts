import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api';

/** Downloads the students matching the search as a CSV file; resolves to the file's name. */
async function exportStudents(search: string): Promise<string> {
  // The file-saving helpers load with the first export, beside its request: the list's first visit does not need them.
  const [response, { fileNameFrom, saveFile }] = await Promise.all([
    fetch(`/api/admin/students/export.csv?${new URLSearchParams({ search })}`, { credentials: 'include' }),
    import('../../../../lib/download'),
  ]);
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const fileName = fileNameFrom(response.headers.get('content-disposition')) ?? 'students.csv';
  saveFile(await response.blob(), fileName);
  return fileName;
}

export function useExportStudents() {
  return useMutation({ mutationFn: exportStudents });
}
