import { Box, Group, Paper, Skeleton, Stack, Text, type MantineSpacing } from '@mantine/core';
import { useSyncExternalStore, type ReactNode } from 'react';
import { Table } from './Table';

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

/** One labelled piece of a row on its card: the column's name, then what the row holds in it. */
export interface CardField {
  /** The table's column header. */
  label: string;
  value: ReactNode;
  /** Across the whole card (a description). */
  wide?: boolean;
}

/** A card's labelled values, as a description list: two (or `cols`) to a line. */
export function CardFields({ fields, cols = 2 }: { fields: readonly CardField[]; cols?: number }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{ display: 'grid', gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, columnGap: 'var(--mantine-spacing-sm)', rowGap: 'var(--mantine-spacing-xs)' }}
    >
      {fields.map((field) => (
        <Box key={field.label} style={field.wide ? { gridColumn: '1 / -1', minWidth: 0 } : { minWidth: 0 }} data-card-field={field.label}>
          <Text component="dt" size="xs" c="dimmed" fw={600}>
            {field.label}
          </Text>
          <Box component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {field.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * A table row as a card on a phone: the row's subject as its title (with something beside it, such
 * as a status), its other columns as labelled values, and its actions at the foot.
 */
export function RowCard({
  title,
  aside,
  children,
  actions,
  dataId,
}: {
  title: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  /** Marks the card for tests, as `data-row-id` (the row's own marks stay on the table row). */
  dataId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm" role="listitem" data-row-card="" data-row-id={dataId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Box miw={0} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Box>
          {aside}
        </Group>
        {children}
        {actions ? (
          <Group justify="flex-end" gap="xs">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Mantine's `sm` breakpoint, as `visibleFrom="sm"` and `hiddenFrom="sm"` write it in CSS. */
const WIDE_QUERY = '(min-width: 48em)';

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the screen shows the table (true) or the cards (false); undefined where there is no screen
 * (the build's prerendered frames), which draw both.
 */
function useWideScreen(): boolean | undefined {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(WIDE_QUERY).matches,
    () => undefined,
  );
}

/**
 * A list of the admin pages in two layouts, chosen by the screen's width in CSS (no measuring, no
 * layout shift): a table from Mantine's `sm` breakpoint up, and below it one card a row with every
 * column's value under its label and every action, so that nothing needs sideways scrolling on a
 * phone. The hidden one is `display: none`, out of the accessibility tree: its buttons are never
 * announced twice. Only the layout the screen shows gets the rows (the other is drawn empty, and
 * filled if the screen's width crosses the breakpoint): a full page's rows are drawn once, not twice.
 * Placeholders while loading and a sentence when there is nothing to show.
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
  renderCard,
}: {
  columns: readonly string[];
  items: readonly T[] | undefined;
  loading: boolean;
  emptyText: string;
  minWidth: number;
  label?: string;
  horizontalSpacing?: MantineSpacing;
  renderRow: (item: T) => ReactNode;
  renderCard: (item: T) => ReactNode;
}) {
  const waiting = loading || !items;
  const wide = useWideScreen();
  return (
    <>
      <Paper withBorder radius="md" visibleFrom="sm">
        <Table.ScrollContainer minWidth={minWidth}>
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
              {waiting ? (
                <LoadingRows columns={columns.length} />
              ) : items.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text c="dimmed" ta="center" py="lg">
                      {emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : wide === false ? null : (
                items.map(renderRow)
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Stack gap="xs" hiddenFrom="sm" role="list" aria-label={label} aria-busy={loading} data-row-cards="">
        {waiting ? (
          Array.from({ length: 3 }, (_, card) => (
            <Paper key={card} withBorder radius="md" p="sm" role="listitem">
              <Skeleton height={14} width="50%" radius="sm" mb="sm" />
              <Skeleton height={12} radius="sm" mb={6} />
              <Skeleton height={12} width="70%" radius="sm" />
            </Paper>
          ))
        ) : items.length === 0 ? (
          <Paper withBorder radius="md" p="sm" role="listitem">
            <Text c="dimmed" ta="center" py="md">
              {emptyText}
            </Text>
          </Paper>
        ) : wide === true ? null : (
          items.map(renderCard)
        )}
      </Stack>
    </>
  );
}
