import { formatMobileNumber } from '../../shared/phone.js';

/*
 * Stored mobile numbers as the teacher's pages show them ("+919876543210" as "+91 98765 43210"),
 * formatted here so the browser does not load libphonenumber-js to show a list (decision 0023). A
 * format costs a few microseconds; the lists show the same students again and again, so the
 * results are kept, at most MEMO_LIMIT of them (the memo starts again when it is full).
 */

const MEMO_LIMIT = 5_000;
const memo = new Map<string, string>();

/** "+91 98765 43210" for a stored E.164 number; anything else as it is (shared/phone.ts). */
export function mobileNumberDisplay(stored: string): string {
  let shown = memo.get(stored);
  if (shown === undefined) {
    shown = formatMobileNumber(stored);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(stored, shown);
  }
  return shown;
}
