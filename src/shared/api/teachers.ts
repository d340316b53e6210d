import { z } from '../zod.js';
import { EMAIL_MAX_LENGTH } from './limits.js';
import { newPasswordField, textFieldError } from './auth-forms.js';
import { DISPLAY_NAME_MAX_LENGTH } from './teachers-limits.js';
import { hasALetter, hasNoHiddenCharacter, HIDDEN_CHARACTER_MESSAGE, withoutPastedInvisibles } from './visible-text.js';

/*
 * The school's teachers (admins): the list, adding one, deactivating and reactivating, and the
 * set-password link a new teacher (or one whose password an admin resets) chooses a password with.
 */

export const teacher = z.object({
  id: z.number().int(),
  /** The sign-in name: the e-mail address the teacher was added with (the first admin's ADMIN_USERNAME). */
  username: z.string(),
  /** The name reviews, releases and the trail show; null for an admin never given one. */
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  isActive: z.boolean(),
  /** The caller's own account (an admin cannot deactivate themselves). */
  isYou: z.boolean(),
  /** Until when the last set-password link works (ISO); null when none is waiting to be used. */
  passwordLinkExpiresAt: z.string().nullable(),
  /**
   * The last set-password link was never used and has expired: only a new one lets a teacher who
   * never chose a password in (one who had, after a reset, still signs in with it).
   */
  passwordLinkExpired: z.boolean(),
  /**
   * The teacher has a password of their own (the first admin always has): a new set-password link then
   * goes only to their e-mail, never to the admin who asks. False until a new teacher first sets one.
   */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type Teacher = z.infer<typeof teacher>;

export const teacherList = z.object({ teachers: z.array(teacher) });
export type TeacherList = z.infer<typeof teacherList>;

export const teacherIdParams = z.object({ id: z.coerce.number({ error: 'must be a teacher id' }).int('must be a teacher id').min(1).max(2_147_483_647) });

/** A teacher's name as students see it: `empty` is the sentence for a blank one. */
const displayNameField = (empty: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .overwrite(withoutPastedInvisibles)
    .overwrite((name) => name.normalize('NFC'))
    .trim()
    .min(1, { error: empty, abort: true })
    .max(DISPLAY_NAME_MAX_LENGTH, `must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`)
    // Read by students on every review: no direction override reordering it, no name of blank fillers.
    .refine(hasNoHiddenCharacter, HIDDEN_CHARACTER_MESSAGE)
    .refine(hasALetter, 'Write the name in letters');

export const newTeacherBody = z.strictObject({
  displayName: displayNameField("Enter the teacher's name, as students will see it"),
  // Spaces around an address pasted from elsewhere are not part of it.
  email: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .pipe(z.email('Enter the e-mail address the teacher will sign in with').max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)),
});
export type NewTeacherBody = z.infer<typeof newTeacherBody>;

/**
 * A teacher's own name and e-mail (Settings). The name is what reviews, releases and mails show. The
 * e-mail is where a new password can be sent; it can be changed here only on an account that signs in
 * with another name (the first admin): a teacher added by e-mail signs in with it.
 */
export const ownProfileBody = z.strictObject({
  displayName: displayNameField('Enter your name, as students and other teachers will see it'),
  /** Empty: none. */
  email: z
    .string({ error: 'must be text' })
    .trim()
    .pipe(z.union([z.literal(''), z.email('Enter an e-mail address, or leave it empty').max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)])),
});
export type OwnProfileBody = z.infer<typeof ownProfileBody>;

/**
 * What became of a link's e-mail: sent to the mail server; not sent because none is set up (SMTP_URL
 * unset: it was only written to the server's outbox folder); refused by the mail server; or not sent
 * because the account has no e-mail address.
 */
export const linkMail = z.enum(['sent', 'no-mail-server', 'failed', 'no-address']);
export type LinkMail = z.infer<typeof linkMail>;

/** A new teacher, or a new link: the account, the link when the admin may see it, and what became of its e-mail. */
export const passwordLinkSent = z.object({
  teacher,
  /**
   * An invitation's link (a teacher who has not set a password yet), shown once to the admin to pass on
   * when no mail arrives. Null for a teacher with a password of their own: their link goes only to their e-mail.
   */
  setPasswordUrl: z.string().nullable(),
  mail: linkMail,
});
export type PasswordLinkSent = z.infer<typeof passwordLinkSent>;

export const teacherChanged = z.object({ teacher });

/** The set-password page: the link's token and the chosen password. */
export const passwordLinkBody = z.strictObject({
  token: z.string({ error: textFieldError }).min(1, 'is required').max(200, 'is not a set-password link'),
  newPassword: newPasswordField,
});
export type PasswordLinkBody = z.infer<typeof passwordLinkBody>;

export const passwordLinkCheckBody = passwordLinkBody.pick({ token: true });

/** Whose link it is, so the page can say which account the password is for. */
export const passwordLinkInfo = z.object({ username: z.string(), displayName: z.string().nullable() });
export type PasswordLinkInfo = z.infer<typeof passwordLinkInfo>;
