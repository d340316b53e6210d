import { emit } from './commands';
import { isInterviewRunning } from './interview-state';
import { stopCapture } from './listening-step';
import { endedRecording, stopSessionCommands } from './session-end';
import type { InterviewState } from './types';

/*
 * Step 7, 'Page hide or closing during an active, uncompleted interview ends the session and
 * navigates to '/'' (SPEC.md section 4 'Interview simulator'). Nothing is saved.
 */

export function onPageHidden(state: InterviewState): InterviewState {
  if (!isInterviewRunning(state)) return state;
  const stopped = stopCapture(state);
  return emit(
    { ...stopped, phase: 'ended', speechId: null, recording: endedRecording(stopped) },
    ...stopSessionCommands(stopped),
    { type: 'navigate', to: '/' },
  );
}
