/*
 * The commands of the flow before the test starts (flow/setup.ts: the microphone, demo mode, the
 * auto-request timer). The whole test's runner (run-command.ts) takes over at Start Test.
 */
import type { Command } from '../flow/types';
import type { EdgeContext } from './context';
import { runMicrophoneCommand } from './microphone';
import { runTimerCommand } from './timers';

export function runSetupCommand(command: Command, context: EdgeContext): void {
  switch (command.type) {
    case 'requestMicrophone':
    case 'createDemoStream':
      runMicrophoneCommand(command, context);
      return;
    case 'schedule':
    case 'cancelTimer':
      runTimerCommand(command, context);
      return;
    // The setup flow asks for nothing else.
    default:
      return;
  }
}
