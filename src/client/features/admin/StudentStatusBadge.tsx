import { Badge, type BadgeProps } from '@mantine/core';
import type { StudentStatus } from '../../../shared/api/entities';

/**
 * A student's status as the admin pages show it, on the Students tab (as its toggle) and in the
 * attempts tables: the spec's words as written, "Activated" and "Deactivated", never Mantine's
 * upper-case badge text.
 */
export function StudentStatusBadge({ status, ...props }: { status: StudentStatus } & Omit<BadgeProps, 'variant' | 'color' | 'tt' | 'children'>) {
  return (
    <Badge variant="dot" color={status === 'Activated' ? 'teal' : 'gray'} tt="none" {...props}>
      {status}
    </Badge>
  );
}
