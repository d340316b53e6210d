import { Box, getSpacing, rem, type BoxProps, type ElementProps, type MantineSpacing } from '@mantine/core';
import { createContext, useContext, type CSSProperties } from 'react';
import classes from './Table.module.css';

/*
 * Every table of the app: plain table elements drawn as Mantine's Table draws them (Table.module.css),
 * with Mantine's style props (`ta`, `fw`, `w`, ...) on each part through Box. Not Mantine's own Table:
 * that one carries Table.ScrollContainer, and with it ScrollArea and all of floating-ui (~20 KB gzip),
 * on every page with a table; Parley's tables scroll natively (decision 0034).
 */

interface TableOptions {
  highlightOnHover: boolean;
  stickyHeader: boolean;
  captionSide: 'top' | 'bottom';
}

const TableContext = createContext<TableOptions>({ highlightOnHover: false, stickyHeader: false, captionSide: 'bottom' });

const joined = (...names: Array<string | undefined>) => names.filter(Boolean).join(' ');

export interface TableProps extends BoxProps, ElementProps<'table'>, Partial<TableOptions> {
  /** Above and below each cell's text: a theme size or pixels (Mantine's default, 7). */
  verticalSpacing?: MantineSpacing | number;
  /** Either side of each cell's text (default xs). */
  horizontalSpacing?: MantineSpacing | number;
  withTableBorder?: boolean;
  layout?: 'auto' | 'fixed';
  /** 'vertical': a table of labels (th) and values (td), the labels set apart. */
  variant?: 'default' | 'vertical';
}

function TableRoot({ verticalSpacing = 7, horizontalSpacing, withTableBorder, layout, variant, highlightOnHover = false, stickyHeader = false, captionSide = 'bottom', className, style, ...others }: TableProps) {
  const spacing = {
    '--table-vertical-spacing': getSpacing(verticalSpacing),
    '--table-horizontal-spacing': horizontalSpacing === undefined ? undefined : getSpacing(horizontalSpacing),
    '--table-layout': layout,
    '--table-caption-side': captionSide,
  } as CSSProperties;
  return (
    <TableContext.Provider value={{ highlightOnHover, stickyHeader, captionSide }}>
      <Box
        component="table"
        className={joined(classes.table, className)}
        style={[spacing, style]}
        data-with-table-border={withTableBorder || undefined}
        data-variant={variant}
        {...others}
      />
    </TableContext.Provider>
  );
}

type PartProps<Element extends 'thead' | 'tbody' | 'tr' | 'th' | 'td' | 'caption'> = BoxProps & ElementProps<Element>;

function Thead({ className, ...others }: PartProps<'thead'>) {
  const { stickyHeader } = useContext(TableContext);
  return <Box component="thead" className={joined(classes.thead, className)} data-sticky={stickyHeader || undefined} {...others} />;
}

function Tbody({ className, ...others }: PartProps<'tbody'>) {
  return <Box component="tbody" className={joined(classes.tbody, className)} {...others} />;
}

function Tr({ className, ...others }: PartProps<'tr'>) {
  const { highlightOnHover } = useContext(TableContext);
  return <Box component="tr" className={joined(classes.tr, className)} data-hover={highlightOnHover || undefined} {...others} />;
}

function Th({ className, ...others }: PartProps<'th'>) {
  return <Box component="th" className={joined(classes.th, className)} {...others} />;
}

function Td({ className, ...others }: PartProps<'td'>) {
  return <Box component="td" className={joined(classes.td, className)} {...others} />;
}

function Caption({ className, ...others }: PartProps<'caption'>) {
  const { captionSide } = useContext(TableContext);
  return <Box component="caption" className={joined(classes.caption, className)} data-side={captionSide} {...others} />;
}

export interface TableScrollContainerProps extends BoxProps, ElementProps<'div'> {
  /** The table's width at least (px): a narrower place scrolls sideways. */
  minWidth: number;
  /** The table's height at most (px): a longer table scrolls down. */
  maxHeight?: number;
}

/** A native scrolling box around a table. */
function ScrollContainer({ minWidth, maxHeight, className, children, ...others }: TableScrollContainerProps) {
  const size = { '--table-min-width': rem(minWidth), '--table-max-height': maxHeight === undefined ? undefined : rem(maxHeight) } as CSSProperties;
  return (
    <Box className={joined(classes.scrollContainer, className)} {...others}>
      <div className={classes.scrollContainerInner} style={size}>
        {children}
      </div>
    </Box>
  );
}

export const Table = Object.assign(TableRoot, { Thead, Tbody, Tr, Th, Td, Caption, ScrollContainer });
