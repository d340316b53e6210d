import { isInterviewRunning } from './interview-state';
import { stopCapture } from './listening-step';
import { stopSession } from './session-end';
import type { InterviewDraft } from './types';

/*
 * Step 7, 'Page hide or closing during an active, uncompleted interview ends the session and
 * navigates to '/'' (SPEC.md section 4 'Interview simulator'). Nothing is saved. Page hide is the
 * page going away (`pagehide`); the page merely out of sight pauses instead (pause-step.ts).
 */

export function onPageClosed(draft: InterviewDraft): void {
  if (!isInterviewRunning(draft.state)) return;
  stopCapture(draft);
  stopSession(draft);
  draft.state.phase = 'ended';
  draft.emit({ type: 'navigate', to: '/' });
}
