/* The flow the /test page runs (use-speaking-test.ts): the setup flow until Start Test, then the whole test's (running.ts). */
import type { Step } from '../../lib/flow/runtime';
import type { EdgeContext } from './edge/context';
import type { PageContext } from './edge/run-command';
import type { ScreenView } from './flow/selectors';
import type { SpeakingTestEffect, SpeakingTestEvent, SpeakingTestState, TimerName } from './flow/types';

export interface Flow {
  step: Step<SpeakingTestState, SpeakingTestEvent, SpeakingTestEffect, TimerName>;
  selectScreen: (state: SpeakingTestState) => ScreenView;
  runCommand: (command: SpeakingTestEffect, context: EdgeContext, page: PageContext) => void;
}
