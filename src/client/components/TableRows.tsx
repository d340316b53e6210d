import { ActionIcon, Group, Skeleton, Table, Tooltip } from '@mantine/core';
import { TOOLTIP_DELAY_MS } from '../lib/ui';
import { DeleteIcon, EditIcon } from './icons';

/** Edit and delete buttons at the end of a table row, named for screen readers by the row's subject. */
export function RowActions({ noun, subject, onEdit, onDelete }: { noun: string; subject: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Tooltip label={`Edit ${noun}`} openDelay={TOOLTIP_DELAY_MS}>
        <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${subject}`} onClick={onEdit}>
          <EditIcon />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={`Delete ${noun}`} openDelay={TOOLTIP_DELAY_MS}>
        <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete ${subject}`} onClick={onDelete}>
          <DeleteIcon />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Placeholder rows while a table loads. */
export function LoadingRows({ columns, rows = 3 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <Table.Tr key={row}>
          {Array.from({ length: columns }, (_, column) => (
            <Table.Td key={column}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}
