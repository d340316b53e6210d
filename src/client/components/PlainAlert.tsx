import { useId, type CSSProperties, type ReactNode } from 'react';
import classes from './PlainAlert.module.css';

/*
 * A message box in the look of Mantine's light Alert (PlainAlert.module.css), for the messages of the
 * teacher's and student's pages: a title and a text, no icon, and a control in the corner only when
 * given one (CloseNoticeButton).
 * The app's own markup, because Mantine's Alert brings CloseButton's script with it (~1.8 KB gzip of
 * a first visit on /test, /admin and /admin/attempts/:id); forms keep Mantine's Alert.
 */

/** The palette colours the alerts use (the light variant of each: a pale background, a dark border colour). */
export type PlainAlertColor = 'red' | 'orange' | 'yellow' | 'gray' | 'blue' | 'indigo';

export interface PlainAlertProps {
  color: PlainAlertColor;
  /** 'alert' for an error that has just happened, 'status' for progress, 'note' for the rest. */
  role: 'alert' | 'status' | 'note';
  title?: ReactNode;
  children: ReactNode;
  /** A control drawn in the top right corner (CloseNoticeButton: Mantine's `withCloseButton`); the text keeps clear of it. */
  corner?: ReactNode;
  'data-testid'?: string;
}

export function PlainAlert({ color, role, title, children, corner, 'data-testid': testId }: PlainAlertProps) {
  const id = useId();
  const style = { '--alert-bg': `var(--mantine-color-${color}-light)`, '--alert-color': `var(--mantine-color-${color}-light-color)` } as CSSProperties;
  return (
    <div style={style} className={classes.root} data-testid={testId} role={role} aria-describedby={`${id}-body`} aria-labelledby={title ? `${id}-title` : undefined}>
      <div className={corner ? `${classes.body} ${classes.besideCorner}` : classes.body}>
        {title ? (
          <div id={`${id}-title`} className={classes.title}>
            {title}
          </div>
        ) : null}
        <div id={`${id}-body`} className={classes.message}>
          {children}
        </div>
      </div>
      {corner}
    </div>
  );
}
