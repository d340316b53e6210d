import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { AttemptDetail, ReleaseBody, ReleaseDone, ReviewBody, ReviewSaved } from '../../../../../shared/api/admin-attempts';
import { apiRequest, isApiError } from '../../../../lib/api';
import { attemptDetailQuery } from './attempt-detail';
import { ATTEMPTS_QUERY_KEY } from './attempts-list';

/**
 * A 409 means the review on the server is not the one the page shows (another teacher saved or
 * released it, or it was released already): the attempt is read again, so the page can show it.
 */
function refetchOnConflict(queryClient: ReturnType<typeof useQueryClient>, id: string) {
  return async (error: Error) => {
    if (isApiError(error, 409)) await queryClient.invalidateQueries({ queryKey: attemptDetailQuery(id).queryKey });
  };
}

/** The lists a review shows in: both attempts lists and the student's own page (student-attempts.ts). */
const inLists = (queryKey: QueryKey) => queryKey[2] === 'list' || queryKey[1] === 'student';

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
              reviewVersion: saved.version,
            }
          : detail,
      );
      await queryClient.invalidateQueries({ queryKey: ATTEMPTS_QUERY_KEY, predicate: (query) => inLists(query.queryKey) });
    },
    onError: refetchOnConflict(queryClient, id),
  });
}

/** Releases the saved review to the student (again, after an amendment): exactly the version named. */
export function useReleaseReview(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReleaseBody) => apiRequest<ReleaseDone>('POST', `/api/admin/attempts/${encodeURIComponent(id)}/review/release`, body),
    onSuccess: async (done) => {
      const { queryKey } = attemptDetailQuery(id);
      queryClient.setQueryData<AttemptDetail>(queryKey, (detail) =>
        detail ? { ...detail, release: done.release, releasePending: false, trail: [...detail.trail, done.event], reviewVersion: done.version } : detail,
      );
      // The lists, and the awaiting-review queue this attempt has just left.
      await queryClient.invalidateQueries({ queryKey: ATTEMPTS_QUERY_KEY, predicate: (query) => inLists(query.queryKey) || query.queryKey[2] === 'queue' });
    },
    onError: refetchOnConflict(queryClient, id),
  });
}
