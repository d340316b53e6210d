/* The flow the /test page runs (use-speaking-test.ts): the setup flow until Start Test, then the whole test's (running.ts). */
import type { EdgeContext } from './edge/context';
import type { PageContext } from './edge/run-command';
import type { ScreenView } from './flow/selectors';
import type { Command, SpeakingTestEvent, SpeakingTestState } from './flow/types';

export interface Flow {
  reduce: (state: SpeakingTestState, event: SpeakingTestEvent) => SpeakingTestState;
  selectScreen: (state: SpeakingTestState) => ScreenView;
  runCommand: (command: Command, context: EdgeContext, page: PageContext) => void;
}
