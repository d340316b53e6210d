import type { ReactNode } from 'react';
import classes from './BulletList.module.css';

/*
 * A short list in small text, the look of Mantine's `<List size="sm" spacing={2}>` as a plain `<ul>`
 * of `<li>`: List's script (about 0.8 KB gzip) would otherwise be on the first visit of every page
 * that shows an attempt. `bullets={false}` drops the markers and their indent.
 */
export function BulletList({ bullets = true, children, 'data-testid': testId }: { bullets?: boolean; children: ReactNode; 'data-testid'?: string }) {
  return (
    <ul className={bullets ? classes.list : `${classes.list} ${classes.plain}`} data-testid={testId}>
      {children}
    </ul>
  );
}
