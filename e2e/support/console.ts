import type { ConsoleMessage, Page } from 'playwright-core';

export interface ConsoleErrors {
  /** Uncaught exceptions and console.error messages so far, as text. */
  readonly errors: string[];
  /** Throws, listing them, when any error was recorded. */
  assertNone(): void;
  /** Stops recording. */
  dispose(): void;
}

/**
 * Records the page's uncaught exceptions and console errors, so a test can assert none happened
 * (a console error in the browser is a bug the test did not see). `ignore` drops known noise.
 * Call it before `page.goto` so nothing from the first load (a failed request, a throw during
 * start-up) slips past.
 */
export function collectConsoleErrors(page: Page, options: { ignore?: RegExp[] } = {}): ConsoleErrors {
  const errors: string[] = [];
  const ignored = (text: string) => (options.ignore ?? []).some((pattern) => pattern.test(text));
  const onPageError = (error: Error) => {
    const text = `page error: ${error.stack ?? error.message}`;
    if (!ignored(text)) errors.push(text);
  };
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    const text = `console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`;
    if (!ignored(text)) errors.push(text);
  };
  page.on('pageerror', onPageError);
  page.on('console', onConsole);
  return {
    errors,
    assertNone() {
      if (errors.length > 0) throw new Error(`the page reported ${errors.length} error(s):\n${errors.join('\n')}`);
    },
    dispose() {
      page.off('pageerror', onPageError);
      page.off('console', onConsole);
    },
  };
}
