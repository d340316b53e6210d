import { useLocation } from 'react-router';
import type { AttemptDetail } from '../../../../shared/api/admin-attempts';
import { KIND_LABELS } from '../../../../shared/api/admin-attempts-kinds';

/**
 * Where the back link goes: the list the teacher came from (with its filter and page), or the
 * student's page (/admin/students/:id) they opened it from, else the attempt's tab.
 */
export function useBackLink(detail: AttemptDetail | undefined): { to: string; label: string } {
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const label = detail ? `← Back to ${KIND_LABELS[detail.kind].tab}` : '← Back to Admin Dashboard';
  if (typeof from === 'string' && from.startsWith('/admin/students/')) return { to: from, label: detail ? `← Back to ${detail.student.studentName}` : '← Back to the student' };
  if (typeof from === 'string' && from.startsWith('/admin?')) return { to: from, label };
  return { to: detail ? `/admin?tab=${detail.kind}` : '/admin', label };
}
