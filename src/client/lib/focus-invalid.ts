/**
 * After a refused submit, focuses the first field of `form` marked invalid, so a screen reader reads
 * its label and its error, and brings it to the middle of its scrolling box: a plain focus() scrolls
 * the field only to the box's top edge, where a dialog's title bar (Add Student on a phone) or the
 * page's header covered its label.
 */
export function focusFirstInvalid(form: HTMLElement | null): void {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: 'center' });
}
