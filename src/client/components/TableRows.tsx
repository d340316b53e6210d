import { ActionIcon, Group, Paper, Skeleton, Table, Text, Tooltip, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
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

/**
 * A list table of the admin pages: scrolls sideways inside its own box on a phone (the page never
 * does), with placeholder rows while loading and a sentence when there is nothing to show.
 */
export function DataTable<T>({
  columns,
  items,
  loading,
  emptyText,
  minWidth,
  label,
  horizontalSpacing = 'md',
  renderRow,
}: {
  columns: readonly string[];
  items: readonly T[] | undefined;
  loading: boolean;
  emptyText: string;
  minWidth: number;
  label?: string;
  horizontalSpacing?: MantineSpacing;
  renderRow: (item: T) => ReactNode;
}) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={minWidth} type="native">
        {/* Positioned, so that visually hidden texts in the cells scroll with the table, not the page. */}
        <Table
          verticalSpacing="sm"
          horizontalSpacing={horizontalSpacing}
          highlightOnHover
          aria-busy={loading}
          aria-label={label}
          style={{ position: 'relative' }}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column} ta={column === 'Actions' ? 'right' : undefined} style={{ verticalAlign: 'bottom' }}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading || !items ? (
              <LoadingRows columns={columns.length} />
            ) : items.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="lg">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              items.map(renderRow)
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
