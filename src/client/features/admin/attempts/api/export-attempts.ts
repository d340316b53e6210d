import { useMutation } from '@tanstack/react-query';
import type { AttemptKind } from '../../../../../shared/api/admin-attempts';
import { ApiError } from '../../../../lib/api';
import { fileNameFrom, saveFile } from '../../../../lib/download';
import { ATTEMPTS_LIST_URL } from './attempts-list';

/** Downloads the attempts of the date filter (or of every date) as a CSV file; resolves to the file's name. */
async function exportAttempts({ kind, date }: { kind: AttemptKind; date: string }): Promise<string> {
  const response = await fetch(`${ATTEMPTS_LIST_URL[kind]}/export.csv?${new URLSearchParams({ date })}`, { credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const fileName = fileNameFrom(response.headers.get('content-disposition')) ?? `${kind}-attempts.csv`;
  saveFile(await response.blob(), fileName);
  return fileName;
}

export function useExportAttempts() {
  return useMutation({ mutationFn: exportAttempts });
}
