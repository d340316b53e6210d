import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import classes from './Columns.module.css';

/** Columns from a breakpoint up (Mantine's sm 48em, md 62em, lg 75em); a breakpoint left out keeps the one below. */
export type ColumnCounts = number | { base: number; sm?: number; md?: number; lg?: number };

interface ColumnsProps extends Omit<HTMLAttributes<HTMLElement>, 'style'> {
  cols: ColumnCounts;
  /** The gap between columns and rows, one of Mantine's spacing sizes. */
  spacing?: 'xs' | 'sm' | 'md' | 'lg';
  /** `dl` for a description list whose entries are the cells. */
  component?: 'div' | 'dl';
  /** `end`: each cell at the foot of its row (fields whose labels wrap to two lines keep their boxes in line). */
  align?: 'end';
  children: ReactNode;
  'data-testid'?: string;
}

/*
 * Equal columns in a CSS grid, the layout of Mantine's SimpleGrid (its media-query form), in the
 * app's own code: SimpleGrid's script (about 1.2 KB gzip, with the inline style sheet it writes for
 * its breakpoints) would otherwise be on the first visit of every page that shows an attempt
 * (decision 0034's addendum gives the figures).
 */
export function Columns({ cols, spacing = 'md', component = 'div', align, children, className, ...rest }: ColumnsProps) {
  const counts = typeof cols === 'number' ? { base: cols } : cols;
  const sm = counts.sm ?? counts.base;
  const md = counts.md ?? sm;
  const lg = counts.lg ?? md;
  const style = {
    '--columns': counts.base,
    '--columns-sm': sm,
    '--columns-md': md,
    '--columns-lg': lg,
    '--columns-gap': `var(--mantine-spacing-${spacing})`,
  } as CSSProperties;
  const Tag = component;
  return (
    <Tag {...rest} className={[classes.columns, align === 'end' ? classes.alignEnd : null, className].filter(Boolean).join(' ')} style={style}>
      {children}
    </Tag>
  );
}
