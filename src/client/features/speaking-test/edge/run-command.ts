/*
 * Runs one command of the speaking test's flow on the browser: the running test's effects, which the
 * flow runtime (src/client/lib/flow/runtime.ts) calls with each event's commands, in order, once
 * Start Test has handed the flow over (running.ts): the microphone and recorder (audio.ts), the voice
 * and recognition (listening.ts), scoring and saving (finish.ts, loaded once the test has started)
 * and leaving the page. The runtime runs the flow's timers itself.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { apiPost } from '../../../lib/api';
import { retryingImport } from '../../../lib/retrying-import';
import { forgetSignedOutUser } from '../../../lib/auth/mutations';
import { noteSignInChange } from '../../../lib/auth/sign-in-change';
import { clearStudentInfo } from '../../../lib/student-info';
import type { SpeakingTestEffect } from '../flow';
import { runAudioCommand } from './audio';
import type { EdgeContext } from './context';
import { runListeningCommand } from './listening';
import { runMicrophoneCommand } from './microphone';
import type { AttemptOutcome } from './finish';

export interface PageContext {
  navigate: NavigateFunction;
  queryClient: QueryClient;
  /** Set before a navigation the page itself makes, so the leave guard lets it pass. */
  leaveAllowed: { current: boolean };
  attempt: AttemptOutcome;
}

/** The end of the test's code (finish.ts): loaded once, again every few seconds if it cannot be (lib/retrying-import.ts). */
export const loadFinish = retryingImport(() => import('./finish'));

/** The running test's effects on this page's edge: what the runtime calls with each command. `page` is the latest render's. */
export function commandRunner(context: EdgeContext, page: { readonly current: PageContext }): (command: SpeakingTestEffect) => void {
  return (command) => runCommand(command, context, page.current);
}

function runCommand(command: SpeakingTestEffect, context: EdgeContext, page: PageContext): void {
  const { resources } = context;
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
    case 'finish':
      // Carried out even if the page is left meanwhile: a completed test is saved all the same.
      void loadFinish().then(({ finish }) => finish(command, context, page.attempt));
      return;
    case 'clearStudentInfo':
      clearStudentInfo();
      return;
    case 'signOut':
      // The toast says "Please log in again": so it is, and /auth shows its sign-in form rather than
      // "Already Logged In". The user is forgotten only when the page leaves, 2 s later,
      // or the route guard would cut the toast short.
      resources.signedOut = true;
      apiPost<null>('/api/logout').then(noteSignInChange, () => undefined);
      return;
    case 'navigate':
      page.leaveAllowed.current = true;
      if (resources.signedOut) forgetSignedOutUser(page.queryClient);
      void page.navigate(command.to, { replace: true });
      return;
  }
}
