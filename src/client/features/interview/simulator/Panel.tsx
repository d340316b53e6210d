import { Paper } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { getPublicConfig } from '../../../lib/public-config';
import classes from './Panel.module.css';

/* What the four views of /interview-simulator share. */

/** Light alerts keep a dark title: Mantine's light-variant title colour is too pale for WCAG AA. */
export const alertStyles = { title: { color: 'var(--mantine-color-dark-7)' } } as const;

/**
 * `takesFocus`: the view replaced another whose button the student had just pressed (Allow, Start,
 * the last answer's Next), so the focus would fall to the page's top; it goes to the view's
 * heading instead, which a screen reader then reads, as the speaking test does with each part.
 * Each view names the tab after its heading ("Interview Completed! · Parley"), as the page's arrival
 * (lib/page-arrival.ts) names it after the first one.
 */
export function Panel({ children, labelledBy, takesFocus = false }: { children: ReactNode; labelledBy: string; takesFocus?: boolean }) {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    const heading = panel.current?.querySelector<HTMLElement>(`#${labelledBy}`);
    if (!heading) return;
    document.title = `${heading.textContent.trim()} · ${getPublicConfig().appTitle}`;
    if (!takesFocus) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [takesFocus, labelledBy]);
  return (
    <Paper ref={panel} className={classes.panel} withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={labelledBy}>
      {children}
    </Paper>
  );
}
