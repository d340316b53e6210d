import { useId, type CSSProperties, type ReactNode } from 'react';

/*
 * Mantine's Alert as Parley draws it (light variant, no icon, no close button), in Mantine's own
 * markup: the same classes, CSS variables, ids and ARIA, without Alert's script and the CloseButton
 * and id hook it brings (~2.2 KB gzip of a first visit on /admin and /admin/attempts/:id, issue 17).
 * app/mantine-markup.test.tsx checks that it renders exactly what Mantine's Alert renders with the app's
 * theme (whose Alert title takes the text colour), so a Mantine update that changes Alert fails there.
 */

/** Mantine Alert's own classes (its CSS module, @mantine/core 9); app/mantine-styles.test.ts reads them. */
export const ALERT_CLASSES = { root: 'm_66836ed3', wrapper: 'm_a5d60502', body: 'm_667c2793', title: 'm_6a03f287', label: 'm_698f4f23', message: 'm_7fa78076' } as const;

/** The palette colours the alerts use (Mantine's light variant of each). */
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
  const id = `mantine-${useId().replace(/:/g, '')}`;
  const style = {
    '--alert-bg': `var(--mantine-color-${color}-light)`,
    '--alert-color': `var(--mantine-color-${color}-light-color)`,
    '--alert-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
  } as CSSProperties;
  return (
    <div
      style={style}
      className={`${ALERT_CLASSES.root} mantine-Alert-root`}
      data-variant="light"
      id={id}
      data-testid={testId}
      role={role}
      aria-describedby={`${id}-body`}
      aria-labelledby={title ? `${id}-title` : undefined}
    >
      <div className={`${ALERT_CLASSES.wrapper} mantine-Alert-wrapper`}>
        <div className={`${ALERT_CLASSES.body} mantine-Alert-body`}>
          {title ? (
            <div className={`${ALERT_CLASSES.title} mantine-Alert-title`} style={{ color: 'var(--mantine-color-text)' }}>
              <span id={`${id}-title`} className={`${ALERT_CLASSES.label} mantine-Alert-label`}>
                {title}
              </span>
            </div>
          ) : null}
          <div id={`${id}-body`} className={`${ALERT_CLASSES.message} mantine-Alert-message`} data-variant="light">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}
