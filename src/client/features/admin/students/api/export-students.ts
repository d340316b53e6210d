import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api';
import { fileNameFrom, saveFile } from '../../../../lib/download';

/** Downloads the students matching the search as a CSV file; resolves to the file's name. */
async function exportStudents(search: string): Promise<string> {
  const response = await fetch(`/api/admin/students/export.csv?${new URLSearchParams({ search })}`, { credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const fileName = fileNameFrom(response.headers.get('content-disposition')) ?? 'students.csv';
  saveFile(await response.blob(), fileName);
  return fileName;
}

export function useExportStudents() {
  return useMutation({ mutationFn: exportStudents });
}
