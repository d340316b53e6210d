/*
 * The commands of the flow before the test starts (flow/setup.ts: the microphone, demo mode; the
 * flow runtime runs the auto-request timer). The whole test's runner (run-command.ts) takes over at
 * Start Test.
 */
import type { SpeakingTestEffect } from '../flow/types';
import type { EdgeContext } from './context';
import { runMicrophoneCommand } from './microphone';

export function runSetupCommand(command: SpeakingTestEffect, context: EdgeContext): void {
  switch (command.type) {
    case 'requestMicrophone':
    case 'createDemoStream':
      runMicrophoneCommand(command, context);
      return;
    // The setup flow asks for nothing else.
    default:
      return;
  }
}
