import { EDIT_CONFLICT_START, type StudentEditedFrom } from '../../shared/api/students.js';
import { formatMobileNumber } from '../../shared/phone.js';

/*
 * An Edit form sends the student as it opened on them (`editedFrom`). When the stored student no
 * longer matches, another teacher saved a change after the form opened: saving the form would put
 * its older copy of every other field back (a deactivated student reactivated, a new course undone),
 * so the save is refused with a sentence saying what changed.
 */

/** The stored student in the shape of `editedFrom`, with the course's current name for the sentence. */
export interface StoredStudent extends StudentEditedFrom {
  course: string;
}

/** What differs between the form's copy and the stored student, in words; empty when nothing does. */
export function changesSince(opened: StudentEditedFrom, stored: StoredStudent): string[] {
  const changes: string[] = [];
  if (opened.studentName !== stored.studentName) changes.push(`the name is now ${stored.studentName}`);
  if (opened.status !== stored.status) changes.push(`the status is now ${stored.status}`);
  if (opened.courseId !== stored.courseId) changes.push(`the course is now ${stored.course}`);
  if (opened.mobileNumber !== stored.mobileNumber) changes.push(`the mobile number is now ${formatMobileNumber(stored.mobileNumber)}`);
  if ((opened.email ?? null) !== stored.email) changes.push(stored.email ? `the e-mail address is now ${stored.email}` : 'the e-mail address was removed');
  if ((opened.username ?? null) !== stored.username) changes.push(stored.username ? `the username is now ${stored.username}` : 'the username was removed');
  return changes;
}

export function editConflictMessage(openedName: string, changes: readonly string[]): string {
  return (
    `${EDIT_CONFLICT_START}${openedName} after you opened this form: ${changes.join('; ')}. ` +
    'Nothing is saved: close the form and open it again to see their changes, then make yours.'
  );
}
