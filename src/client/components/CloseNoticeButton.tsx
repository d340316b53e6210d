import classes from './CloseNoticeButton.module.css';

/*
 * The close button of a notice (PlainAlert's `corner`), in the look and place of Mantine's Alert
 * close button, without CloseButton's script on the page's first visit. The cross is drawn here, not
 * taken from icons.tsx: that module would join /test's first visit (+471 B) and put
 * /admin/attempts/:id over its budget (measured 2026-12-03).
 */
export function CloseNoticeButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={classes.close} aria-label={label} onClick={onClick}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" fill="none" />
      </svg>
    </button>
  );
}
