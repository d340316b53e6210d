/*
 * The running test (decision 0024): the whole flow (flow/machine.ts), its screen, the commands it
 * gives the browser (the examiner's voice, recognition, the recorder, the microphone's level, saving),
 * and the panels of the parts and of the post-test session. Not part of the page's first visit: it
 * loads when the student makes for Start Test (pointer over it, focus, touch) or presses it, and
 * the test starts once it has (use-speaking-test.ts), drawing from the spec's bank and the school's
 * own questions, fetched as this code loads (edge/school-questions.ts).
 */
import type { Flow } from '../../lib/flow/runtime';
import type { EdgeContext } from './edge/context';
import { commandRunner, type PageContext } from './edge/run-command';
import { loadSchoolQuestions } from './edge/school-questions';
import { speakingTestStep } from './flow/machine';
import type { SpeakingTestEffect, SpeakingTestEvent, SpeakingTestState, TimerName } from './flow/types';

export { loadFinish } from './edge/run-command';
export { drawQuestions } from './edge/school-questions';
export { selectScreen } from './flow/selectors';
export { PartPanel } from './PartPanel';
export { SessionCountdown } from './SessionCountdown';

// The school's own questions are fetched as this code loads, before Start Test is pressed.
void loadSchoolQuestions();

/**
 * Start Test: the page's flow goes on under the whole test's rules, from the state the setup reached;
 * the runtime then runs each command in edge/run-command.ts directly, on the hook's context.
 */
export function takeOver(flow: Flow<SpeakingTestState, SpeakingTestEvent, SpeakingTestEffect, TimerName>, context: EdgeContext, page: { readonly current: PageContext }): void {
  flow.replace(speakingTestStep, commandRunner(context, page));
}
