import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStudentResponse, StudentFormInput, StudentResponse } from '../../../../../shared/api/students';
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

export function useUpdateStudent() {
  const onSuccess = useInvalidateStudents();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: StudentFormInput }) => apiRequest<StudentResponse>('PUT', `/api/admin/students/${id}`, body),
    onSuccess,
  });
}

export function useDeleteStudent() {
  const onSuccess = useInvalidateStudents();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>('DELETE', `/api/admin/students/${id}`),
    onSuccess,
  });
}

export function useToggleStudentStatus() {
  const onSuccess = useInvalidateStudents();
  return useMutation({
    mutationFn: (id: number) => apiRequest<StudentResponse>('PATCH', `/api/admin/students/${id}/toggle-status`),
    onSuccess,
  });
}
