import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewTeacherBody, OwnProfileBody, PasswordLinkSent, Teacher, TeacherList } from '../../../../../shared/api/teachers';
import { apiGet, apiPost, apiRequest } from '../../../../lib/api';
import { currentUserQuery } from '../../../../lib/auth/current-user';

export const TEACHERS_QUERY_KEY = ['admin', 'teachers'] as const;

export function useTeachers() {
  return useQuery({ queryKey: TEACHERS_QUERY_KEY, queryFn: () => apiGet<TeacherList>('/api/admin/teachers') });
}

function useRefreshTeachers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TEACHERS_QUERY_KEY });
}

export function useAddTeacher() {
  const onSuccess = useRefreshTeachers();
  return useMutation({ mutationFn: (body: NewTeacherBody) => apiPost<PasswordLinkSent>('/api/admin/teachers', body), onSuccess });
}

export function useSendPasswordLink() {
  const onSuccess = useRefreshTeachers();
  return useMutation({ mutationFn: (id: number) => apiPost<PasswordLinkSent>(`/api/admin/teachers/${id}/password-link`), onSuccess });
}

export function useSetTeacherActive() {
  const onSuccess = useRefreshTeachers();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      apiPost<{ teacher: Teacher }>(`/api/admin/teachers/${id}/${active ? 'reactivate' : 'deactivate'}`),
    onSuccess,
  });
}

/** The caller's own name and e-mail (Settings): the teachers list and the signed-in user are read again. */
export function useUpdateOwnProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnProfileBody) => apiRequest<{ teacher: Teacher }>('PATCH', '/api/admin/me', body),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: TEACHERS_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })]);
    },
  });
}
