import { ActionIcon, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PROFILE_LIST_MAX_ENTRIES } from '../../../../shared/interview/constants';
import { DeleteIcon } from '../../../components/icons';

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
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h4" id={headingId}>
            {title}
          </Title>
          <Button size="xs" variant="default" onClick={onAdd} disabled={full} aria-label={`Add More ${title}`}>
            Add More
          </Button>
        </Group>
        {count === 0 ? (
          <Text size="sm" c="dimmed">
            {emptyMessage}
          </Text>
        ) : (
          Array.from({ length: count }, (_, index) => (
            <Group key={index} align="flex-end" gap="xs" wrap="nowrap" data-testid={`${headingId}-row`}>
              <div style={{ flex: 1, minWidth: 0 }}>{renderRow(index)}</div>
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="lg"
                mb={4}
                onClick={() => onRemove(index)}
                aria-label={`Remove ${itemName} ${index + 1}`}
              >
                <DeleteIcon />
              </ActionIcon>
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
