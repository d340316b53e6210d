/*
 * Runs one command of the speaking test's flow on the browser (use-speaking-test.ts runs each new
 * batch once, in order): the microphone and recorder (audio.ts), the voice and recognition
 * (listening.ts), the flow's timers, scoring and saving (save-attempt.ts, loaded once the test has
 * started: saving.ts) and leaving the page.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { apiPost } from '../../../lib/api';
import { forgetSignedOutUser } from '../../../lib/auth/mutations';
import { clearStudentInfo } from '../../../lib/student-info';
import type { Command } from '../flow';
import { runAudioCommand } from './audio';
import type { EdgeContext } from './context';
import { runListeningCommand } from './listening';
import { runMicrophoneCommand } from './microphone';
import { runTimerCommand } from './timers';
import type { AttemptOutcome } from './save-attempt';
import { loadSaving } from './saving';

export interface PageContext {
  navigate: NavigateFunction;
  queryClient: QueryClient;
  /** Set before a navigation the page itself makes, so the leave guard lets it pass. */
  leaveAllowed: { current: boolean };
  attempt: AttemptOutcome;
}

export function runCommand(command: Command, context: EdgeContext, page: PageContext): void {
  const { resources, send } = context;
  switch (command.type) {
    case 'requestMicrophone':
    case 'createDemoStream':
      runMicrophoneCommand(command, context);
      return;
    case 'startRecording':
    case 'stopRecording':
    case 'startVoiceMeter':
    case 'stopVoiceMeter':
    case 'checkRecording':
      runAudioCommand(command, context);
      return;
    case 'speak':
    case 'startListening':
    case 'stopListening':
      runListeningCommand(command, context);
      return;
    case 'schedule':
    case 'cancelTimer':
      runTimerCommand(command, context);
      return;
    case 'score':
      // Answered even if the page was left meanwhile: the save that follows must happen.
      void loadSaving().then(({ scoreAnswers }) => send({ type: 'SCORED', result: scoreAnswers(command, resources.school) }, { afterLeaving: true }));
      return;
    case 'scoreAndSave':
      void loadSaving().then(({ scoreAndSave }) => scoreAndSave(command, context, page.attempt));
      return;
    case 'clearStudentInfo':
      clearStudentInfo();
      return;
    case 'signOut':
      // The toast says "Please log in again": so it is, and /auth shows its sign-in form rather than
      // "Already Logged In". The user is forgotten only when the page leaves, 2 s later,
      // or the route guard would cut the toast short.
      resources.signedOut = true;
      apiPost<null>('/api/logout').catch(() => undefined);
      return;
    case 'navigate':
      page.leaveAllowed.current = true;
      if (resources.signedOut) forgetSignedOutUser(page.queryClient);
      void page.navigate(command.to, { replace: true });
      return;
  }
}
