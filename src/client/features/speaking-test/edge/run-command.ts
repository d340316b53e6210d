/*
 * Runs one command of the speaking test's flow on the browser (use-speaking-test.ts runs each new
 * batch once, in order): the microphone and recorder (audio.ts), the voice and recognition
 * (listening.ts), scoring and saving (save-attempt.ts, loaded once the test has started: saving.ts)
 * and leaving the page. The flow runtime (src/client/lib/flow/runtime.ts) runs the flow's timers.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { apiPost } from '../../../lib/api';
import { forgetSignedOutUser } from '../../../lib/auth/mutations';
import { clearStudentInfo } from '../../../lib/student-info';
import type { SpeakingTestEffect } from '../flow';
import { runAudioCommand } from './audio';
import type { EdgeContext } from './context';
import { runListeningCommand } from './listening';
import { runMicrophoneCommand } from './microphone';
import type { AttemptOutcome } from './save-attempt';
import { loadSaving } from './saving';

export interface PageContext {
  navigate: NavigateFunction;
  queryClient: QueryClient;
  /** Set before a navigation the page itself makes, so the leave guard lets it pass. */
  leaveAllowed: { current: boolean };
  attempt: AttemptOutcome;
}

export function runCommand(command: SpeakingTestEffect, context: EdgeContext, page: PageContext): void {
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
    case 'score':
      void loadSaving().then(({ scoreAnswers, scoreAndSave }) => {
        const result = scoreAnswers(command, resources.school);
        if (context.mounted.current) return send({ type: 'SCORED', result });
        // The page was left meanwhile and its flow has stopped: the save SCORED leads to happens all the same.
        const { answers, noTranscript } = command;
        void scoreAndSave({ type: 'scoreAndSave', answers, result, noTranscript, part2Notes: context.current.current.part2Notes }, context, page.attempt);
      });
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
