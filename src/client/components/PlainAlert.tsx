import { useId, type CSSProperties, type ReactNode } from 'react';
import classes from './PlainAlert.module.css';

/*
 * A message box in the look of Mantine's light Alert (PlainAlert.module.css), for the messages of the
 * teacher's and student's pages: a title and a text, no icon, no close button. The app's own markup,
 * because Mantine's Alert brings CloseButton's script with it (~2 KB gzip of a first visit on /admin
 * and /admin/attempts/:id); forms keep Mantine's Alert.
 */

/** The palette colours the alerts use (the light variant of each: a pale background, a dark border colour). */
export type PlainAlertColor = 'red' | 'orange' | 'yellow' | 'gray' | 'indigo';

export interface PlainAlertProps {
  color: PlainAlertColor;
  /** 'alert' for an error that has just happened, 'status' for progress, 'note' for the rest. */
  role: 'alert' | 'status' | 'note';
  title?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}

export function PlainAlert({ color, role, title, children, 'data-testid': testId }: PlainAlertProps) {
  const id = useId();
  const style = { '--alert-bg': `var(--mantine-color-${color}-light)`, '--alert-color': `var(--mantine-color-${color}-light-color)` } as CSSProperties;
  return (
    <div style={style} className={classes.root} data-testid={testId} role={role} aria-describedby={`${id}-body`} aria-labelledby={title ? `${id}-title` : undefined}>
      <div className={classes.body}>
        {title ? (
          <div id={`${id}-title`} className={classes.title}>
            {title}
          </div>
        ) : null}
        <div id={`${id}-body`} className={classes.message}>
          {children}
        </div>
      </div>
    </div>
  );
}
