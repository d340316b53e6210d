/*
 * The note for a finished test or interview that an earlier visit left unsent and this page then
 * saved (the outbox resumes it once the student is signed in: use-resume-outbox.ts, browser.ts). The
 * page that finished it is gone, so without this the student never learns it was saved. Loaded
 * with the outbox, only when it had something to send.
 */
import { getPublicConfig } from '../public-config';
import type { EarlierSave } from './outbox';

// Not shared/date-format's cache: this runs once or twice a visit, and importing it here would split it
// into a chunk of its own, one more request on the teacher's attempt page.
const finishedFormat = (timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export const EARLIER_SAVE_TITLE = 'Saved';


/** "Your speaking test from 21 Nov, 14:05 has now been saved." (the school's time, as every time in the app). */
export function earlierSaveText({ kind, finishedAt }: Pick<EarlierSave, 'kind' | 'finishedAt'>, timeZone = getPublicConfig().schoolTimezone): string {
  return `Your ${kind === 'test' ? 'speaking test' : 'mock interview'} from ${finishedFormat(timeZone).format(finishedAt)} has now been saved.`;
}
