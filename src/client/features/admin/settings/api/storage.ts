import { useQuery } from '@tanstack/react-query';
import type { RecordingStorage } from '../../../../../shared/api/attempts';
import { apiGet } from '../../../../lib/api';

/** What recordings take on the server and the rules in force (GET /api/admin/storage). */
export function useRecordingStorage() {
  return useQuery({ queryKey: ['admin', 'storage'], queryFn: () => apiGet<RecordingStorage>('/api/admin/storage') });
}
