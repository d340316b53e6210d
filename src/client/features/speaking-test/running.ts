/*
 * The running test (decision 0024): the whole flow (flow/machine.ts), its screen, the commands it
 * gives the browser (the examiner's voice, recognition, the recorder, the microphone's level, saving),
 * and the panels of the parts and of the post-test session. Not part of the page's first visit: it
 * loads when the student makes for Start Test (pointer over it, focus, touch) or presses it, and
 * the test starts once it has (use-speaking-test.ts), drawing from the spec's bank and the school's
 * own questions, fetched as this code loads (edge/school-questions.ts).
 */
import { runCommand } from './edge/run-command';
import { speakingTestStep } from './flow/machine';
import { selectScreen } from './flow/selectors';
import { loadSchoolQuestions } from './edge/school-questions';
import type { Flow } from './session-flow';

export { loadFinish } from './edge/run-command';
export { drawQuestions } from './edge/school-questions';
export { PartPanel } from './PartPanel';
export { SessionCountdown } from './SessionCountdown';

// The school's own questions are fetched as this code loads, before Start Test is pressed.
void loadSchoolQuestions();

export const runningFlow: Flow = { step: speakingTestStep, selectScreen, runCommand };
