import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttemptDetail, ReleaseDone, ReviewBody, ReviewSaved } from '../../../../../shared/api/admin-attempts';
import { apiRequest } from '../../../../lib/api';
import { attemptDetailQuery } from './attempt-detail';
import { ATTEMPTS_QUERY_KEY } from './attempts-list';

/** Saves the teacher's review; the attempt shows it (and its trail entry) at once and the lists are fetched again. */
export function useSaveReview(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => apiRequest<ReviewSaved>('PATCH', `/api/admin/attempts/${encodeURIComponent(id)}/review`, body),
    onSuccess: async (saved) => {
      const { queryKey } = attemptDetailQuery(id);
      queryClient.setQueryData<AttemptDetail>(queryKey, (detail) =>
        detail
          ? {
              ...detail,
              teacherComment: saved.teacherComment,
              teacherScores: saved.teacherScores,
              reviewedAt: saved.reviewedAt,
              reviewerUsername: saved.reviewerUsername,
              reviewerName: saved.reviewerName,
              releasePending: saved.releasePending,
              trail: saved.event ? [...detail.trail, saved.event] : detail.trail,
            }
          : detail,
      );
      await queryClient.invalidateQueries({ queryKey: ATTEMPTS_QUERY_KEY, predicate: (query) => query.queryKey[2] === 'list' });
    },
  });
}

/** Releases the saved review to the student (again, after an amendment). */
export function useReleaseReview(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { reason?: string }) => apiRequest<ReleaseDone>('POST', `/api/admin/attempts/${encodeURIComponent(id)}/review/release`, body),
    onSuccess: async (done) => {
      const { queryKey } = attemptDetailQuery(id);
      queryClient.setQueryData<AttemptDetail>(queryKey, (detail) =>
        detail ? { ...detail, release: done.release, releasePending: false, trail: [...detail.trail, done.event] } : detail,
      );
      // The lists, and the awaiting-review queue this attempt has just left.
      await queryClient.invalidateQueries({ queryKey: ATTEMPTS_QUERY_KEY, predicate: (query) => query.queryKey[2] === 'list' || query.queryKey[2] === 'queue' });
    },
  });
}
