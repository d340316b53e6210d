/*
 * The running test (decision 0024): the whole flow (flow/machine.ts), its screen, the commands it
 * gives the browser (the examiner's voice, recognition, the recorder, the microphone's level, saving),
 * and the panels of the parts and of the post-test session. Not part of the page's first visit: it
 * loads when the student makes for Start Test (pointer over it, focus, touch) or presses it, and
 * the test starts once it has (use-speaking-test.ts).
 */
import { runCommand } from './edge/run-command';
import { speakingTestReducer } from './flow/machine';
import { selectScreen } from './flow/selectors';
import type { Flow } from './session-flow';

export { selectQuestionSet } from '../../../shared/speaking-test/questions';
export { PartPanel } from './PartPanel';
export { SessionCountdown } from './SessionCountdown';

export const runningFlow: Flow = { reduce: speakingTestReducer, selectScreen, runCommand };
