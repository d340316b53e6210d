/* What the teachers' pages need without Zod (decision 0023). */

/** The longest display name: a title and a full name ("Mrs Lakshmi Subramanian-Iyer"). */
export const DISPLAY_NAME_MAX_LENGTH = 60;

/** How long a set-password link works: a weekend and a day, for a teacher added on a Friday. */
export const PASSWORD_LINK_TTL_HOURS = 72;

/** The page a set-password link opens; the token follows `#`, so it never reaches a server log or a Referer. */
export const PASSWORD_LINK_PATH = '/choose-password';

/** The name a teacher is shown by on the teachers' pages: display name, else e-mail, else the sign-in name. */
export function teacherName(teacher: { displayName: string | null; email?: string | null; username: string | null }): string | null {
  return teacher.displayName ?? teacher.email ?? teacher.username;
}
