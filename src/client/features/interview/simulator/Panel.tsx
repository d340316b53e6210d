import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/* What the four views of /interview-simulator share. */

/** Light alerts keep a dark title: Mantine's light-variant title colour is too pale for WCAG AA. */
export const alertStyles = { title: { color: 'var(--mantine-color-dark-7)' } } as const;

export function Panel({ children, labelledBy }: { children: ReactNode; labelledBy: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={labelledBy}>
      {children}
    </Paper>
  );
}
