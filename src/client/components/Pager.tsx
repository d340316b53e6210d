import { Button, Group, Text } from '@mantine/core';

export const PAGE_SIZE = 10;

/**
 * Spec section 2: Previous and Next show only when the total exceeds one page of 10.
 * `page` counts from 1.
 */
export function Pager({ page, total, pageSize = PAGE_SIZE, onChange, label = 'rows' }: {
  page: number;
  total: number;
  pageSize?: number;
  onChange: (page: number) => void;
  label?: string;
}) {
  if (total <= pageSize) return null;
  const pages = Math.ceil(total / pageSize);
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" component="nav" aria-label="Pages">
      <Text size="sm" c="dimmed" aria-live="polite">
        {first}–{last} of {total} {label}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onChange(page - 1)}>
          Previous
        </Button>
        <Button variant="default" size="xs" disabled={page >= pages} onClick={() => onChange(page + 1)}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
