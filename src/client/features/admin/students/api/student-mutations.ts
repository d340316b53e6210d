import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudentStatus } from '../../../../../shared/api/entities';
import type { CreateStudentResponse, StudentFormInput, StudentResponse, StudentUpdateInput } from '../../../../../shared/api/students';
import { apiPost, apiRequest } from '../../../../lib/api';
import { STUDENTS_QUERY_KEY } from './students-list';

function useInvalidateStudents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: STUDENTS_QUERY_KEY });
}

export function useCreateStudent() {
  const onSuccess = useInvalidateStudents();
  return useMutation({
    mutationFn: (body: StudentFormInput) => apiPost<CreateStudentResponse>('/api/admin/students', body),
    onSuccess,
  });
}

/** `body.editedFrom`: the student as the form opened on them; a change another teacher saved since is refused (409). */
export function useUpdateStudent() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: StudentUpdateInput }) => apiRequest<StudentResponse>('PUT', `/api/admin/students/${id}`, body),
    // Refused or not, the list is read again: after a 409 it shows the other teacher's change.
    onSettled: invalidate,
  });
}

export function useDeleteStudent() {
  const onSuccess = useInvalidateStudents();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>('DELETE', `/api/admin/students/${id}`),
    onSuccess,
  });
}

/** `from`: the status the list shows; the server sets the other one, so a stale badge never undoes another teacher's change. */
export function useToggleStudentStatus() {
  const invalidate = useInvalidateStudents();
  return useMutation({
    mutationFn: ({ id, from }: { id: number; from: StudentStatus }) => apiRequest<StudentResponse>('PATCH', `/api/admin/students/${id}/toggle-status`, { from }),
    onSettled: invalidate,
  });
}
