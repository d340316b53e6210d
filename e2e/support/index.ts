export { makeSilenceWav, makeSpeechWav, makeSpeechWithSilenceWav, type SpeechWavOptions } from './audio.js';
export { freePort } from './ports.js';
export { launchBrowser, newPage, processesMentioning, type LaunchedBrowser, type LaunchOptions, type ViewportName } from './browser.js';
export { collectConsoleErrors, type ConsoleErrors } from './console.js';
export { clientDistDir, projectRoot, testResultsDir } from './paths.js';
export { lookAt, seriousAccessibilityViolations, type LookOptions } from './screen-checks.js';
export { screenshot } from './screenshots.js';
export { settled, type SettledOptions } from './settled.js';
export { toast, TOAST_SELECTOR, toastsStandStill } from './toasts.js';
export { startTestServer, type TestServer, type TestServerOptions } from './server.js';
export { signInWithForm, useBrowserSuite, type BrowserSuite, type SuiteOptions, type SuitePage, type SuitePageOptions } from './suite.js';
export { seekBy, seekByClick } from './player.js';
export { expectFirstFrameWherePageDrawsIt, type FirstFrameCheck } from './first-frame.js';
export { cutSpeechShort, skipVoiceLine } from './voice-lines.js';
export {
  answeredByNothing,
  answeredBySilence,
  answerWithRecognizer,
  EXAMINER_ASKING_TEXT,
  listening,
  PART2_INTRO_TEXT,
  PART2_PREPARATION_TEXT,
  pumpUntil,
  signInByApi,
  SILENCE_CLIP,
  sleep,
  speakPart2,
  visible,
  withoutSpeechRecognition,
  type PumpOptions,
} from './speaking-flow.js';
export { recorderYieldsNothing } from './empty-recorder.js';
export { drawSameQuestions } from './same-questions.js';
export { setPageHidden } from './page-visibility.js';
export { scrollToLoadedSection } from './lower-sections.js';
export { NEXT_STEP_TEXT, WORK_ON_NEXT_HEADING } from './work-on-next.js';
