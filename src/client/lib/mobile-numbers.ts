/*
 * Showing stored mobile numbers ("+919876543210" as "+91 98765 43210") without putting
 * libphonenumber-js (~33 KB gzipped, decision 0007) on a page's first visit (decision 0023): the
 * library loads on its own, and the queries whose answers show numbers wait for it
 * (`withMobileNumbers`), so a list or an attempt appears with its numbers already formatted, as
 * before. The forms that read a typed number (the student dialogs) import `src/shared/phone.ts`
 * themselves: they load lazily anyway.
 */

type PhoneModule = typeof import('../../shared/phone');

let phone: PhoneModule | undefined;
let loading: Promise<void> | undefined;

/** Starts loading the library (once); settles when it is in, or when it could not be loaded. */
export function loadMobileNumbers(): Promise<void> {
  loading ??= import('../../shared/phone').then(
    (loaded) => {
      phone = loaded;
    },
    () => {
      // A dropped connection: numbers are shown as stored; the next query tries again.
      loading = undefined;
    },
  );
  return loading;
}

/** The answer of `request` once the library is in too (both load at the same time). */
export async function withMobileNumbers<T>(request: Promise<T>): Promise<T> {
  const [answer] = await Promise.all([request, loadMobileNumbers()]);
  return answer;
}

/** "+91 98765 43210" for a stored E.164 number; the stored text while the library is not loaded. */
export function formatMobileNumber(stored: string): string {
  return phone ? phone.formatMobileNumber(stored) : stored;
}
