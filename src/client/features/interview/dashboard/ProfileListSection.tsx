import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PROFILE_LIST_MAX_ENTRIES } from '../../../../shared/interview/profile-limits';
import { laterPart } from '../../../lib/later-part';
import type { RemoveRowButtonProps } from './RemoveRowButton';

/**
 * The rows' delete buttons load with the first row (or the first touch of the form, see Dashboard.tsx);
 * until then a box of the button's size (ActionIcon lg, 34px, and its margin) holds its place, so the
 * row does not move when it comes.
 */
export const removeRowButton = laterPart<RemoveRowButtonProps>(
  async () => (await import('./RemoveRowButton')).RemoveRowButton,
  <Box w="2.125rem" h="2.125rem" mb={4} style={{ flex: 'none' }} />,
);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One of the dashboard's lists: its rows, an empty message, Add More (off at the limit) and per-row delete. */
export function ProfileListSection({
  title,
  itemName,
  count,
  emptyMessage,
  onAdd,
  onRemove,
  renderRow,
}: {
  title: string;
  /** Names a row in the delete button's label, e.g. "Remove education 2". */
  itemName: string;
  count: number;
  emptyMessage: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  renderRow: (index: number) => ReactNode;
}) {
  const full = count >= PROFILE_LIST_MAX_ENTRIES;
  const headingId = `${itemName.replace(/\s+/g, '-')}-heading`;
  // A removed row takes its delete button, which had the focus, with it: the focus goes to the row
  // now in its place (or the one before it), else to Add More, not to the page's top.
  const section = useRef<HTMLElement>(null);
  const [removedAt, setRemovedAt] = useState<number | null>(null);
  useEffect(() => {
    if (removedAt === null) return;
    setRemovedAt(null);
    const rows = section.current?.querySelectorAll<HTMLElement>('[data-list-row]') ?? [];
    const row = rows[Math.min(removedAt, rows.length - 1)];
    (row?.querySelector<HTMLElement>('input, textarea') ?? section.current?.querySelector<HTMLElement>('[data-add-more]'))?.focus();
  }, [removedAt]);
  const remove = (index: number) => {
    onRemove(index);
    setRemovedAt(index);
  };
  // A row added by Add More takes the focus to its first field: the new row is where the person goes
  // next, and Add More is unavailable once the list is full (its focus would drop to the page's top).
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    setAdded(false);
    const rows = section.current?.querySelectorAll<HTMLElement>('[data-list-row]') ?? [];
    rows[rows.length - 1]?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [added, count]);
  const add = () => {
    onAdd();
    setAdded(true);
  };
  return (
    <Paper ref={section} withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        {/* Add More stays beside the heading on every list; a long heading wraps its own words instead. */}
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} size="h4" id={headingId} miw={0}>
            {title}
          </Title>
          <Button size="xs" variant="default" onClick={add} disabled={full} aria-label={`Add More ${title}`} style={{ flex: 'none' }} data-add-more>
            Add More
          </Button>
        </Group>
        {count === 0 ? (
          <Text size="sm" c="dimmed">
            {emptyMessage}
          </Text>
        ) : (
          Array.from({ length: count }, (_, index) => (
            // A group named by its number: a row's fields ("From", "To") are told apart by the row they are in.
            <Group key={index} align="flex-end" gap="xs" wrap="nowrap" data-testid={`${headingId}-row`} data-list-row role="group" aria-label={`${capitalised(itemName)} ${index + 1}`}>
              <div style={{ flex: 1, minWidth: 0 }}>{renderRow(index)}</div>
              <removeRowButton.Part label={`Remove ${itemName} ${index + 1}`} onRemove={() => remove(index)} />
            </Group>
          ))
        )}
        {full ? (
          <Text size="xs" c="dimmed">
            At most {PROFILE_LIST_MAX_ENTRIES} entries.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
