export { makeSpeechWav, type SpeechWavOptions } from './audio.js';
export { launchBrowser, newPage, processesMentioning, type LaunchedBrowser, type LaunchOptions, type ViewportName } from './browser.js';
export { collectConsoleErrors, type ConsoleErrors } from './console.js';
export { clientDistDir, projectRoot, testResultsDir } from './paths.js';
export { screenshot } from './screenshots.js';
export { startTestServer, type TestServer, type TestServerOptions } from './server.js';
