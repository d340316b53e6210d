import type { Teacher } from '../../../../shared/api/teachers';
import { formatAttemptTime } from '../../../components/attempt/format';

/** The button on a teacher's row that sends them a new set-password link. */
export const SEND_LINK_LABEL = 'Send password link';

/**
 * A teacher's Password column: the teacher's own password, with a link to change it if one is waiting
 * or expired unused; else a link waiting to be used (mailed, or only shown to the admin), until when at the school (the time zone
 * every staff date is in, wherever the admin's device is); a link that expired unused (as the server
 * says, or as the clock says of a list loaded before it did), which only a new link mends; the
 * teacher's own password; or none yet and no link (a new teacher's link voided by a deactivation).
 */
export function passwordStatus(
  teacher: Pick<Teacher, 'passwordLinkExpiresAt' | 'passwordLinkExpired' | 'hasPassword'>,
  now: number,
  timeZone?: string,
): string {
  const until = teacher.passwordLinkExpiresAt;
  const expired = teacher.passwordLinkExpired || (until !== null && Date.parse(until) <= now);
  // A teacher with a password of their own keeps it until a new-password link is used: said first.
  if (teacher.hasPassword) {
    if (expired) return 'Set by the teacher (a link to change it expired unused)';
    if (until !== null) return `Set by the teacher; a link to change it works until ${formatAttemptTime(until, timeZone)}`;
    return 'Set by the teacher';
  }
  if (expired) return `Link expired unused: “${SEND_LINK_LABEL}” sends a new one`;
  // Not "sent": without a mail server (or when it refused) the link was only shown to the admin who made it.
  if (until !== null) return `Link not used yet, works until ${formatAttemptTime(until, timeZone)}`;
  return `Not set yet: “${SEND_LINK_LABEL}” sends a link`;
}
