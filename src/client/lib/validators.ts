type FormChecks = typeof import('./form-checks');

let formChecks: Promise<FormChecks | null> | undefined;

/**
 * The forms a visitor meets first (sign in, student access, forgot password, set password) check their
 * fields with the route's own schema (src/shared/api/auth-forms.ts, `zod/mini`), loaded when the
 * person first focuses the form rather than with the page: the page paints and answers without it,
 * and it is in by the time they press the button (decision 0021). Null when it could not be loaded:
 * the form then leaves the checking to the server, which answers with the same sentences.
 */
export function loadFormChecks(): Promise<FormChecks | null> {
  formChecks ??= import('./form-checks').catch(() => {
    formChecks = undefined;
    return null;
  });
  return formChecks;
}

/** For a form's onFocus: starts loading the checks while the person types. */
export const prefetchFormChecks = () => void loadFormChecks();
