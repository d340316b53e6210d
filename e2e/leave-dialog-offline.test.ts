import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { emptyInterviewProfile } from '../src/shared/api/interview.js';
import { saveInterviewProfile } from '../src/server/interview/service.js';
import { createStudent } from '../src/server/test/factories.js';
import { installFakeRecognition } from './support/fake-recognition.js';
import { listening, lookAt, pumpUntil, sleep, useBrowserSuite } from './support/index.js';

/**
 * The "Leave the test?" and "Leave the interview?" dialogs are downloaded as the test or interview
 * starts, "Leave without saving?" with the first change to the interview profile. A phone whose
 * connection drops at that moment could not download them, and a failed download took the whole
 * page, the running test or the typed profile with it, to the error page. Now the download is tried
 * again every few seconds: the page stays, and once the connection is back the dialog opens as before.
 */
const suite = useBrowserSuite();
const nav = (page: Page) => page.getByRole('navigation', { name: 'Your practice' });

/** Checks `check` every `everyMs` of real time until it is true, for at most `timeoutMs`. */
async function poll(check: () => Promise<boolean>, what: string, { everyMs = 100, timeoutMs = 45_000 } = {}): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(everyMs)) if (await check()) return;
  throw new Error(`timed out waiting for ${what}`);
}

/** Clicks My progress until the leave dialog opens (the clicks before its code is downloaded do nothing); fails if the page is left. */
async function askToLeave(page: Page, path: string, dialogName: string, beforeEachTry: () => Promise<void> = async () => {}) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await poll(
    async () => {
      if (new URL(page.url()).pathname !== path) throw new Error(`left the running page for ${page.url()}`);
      await beforeEachTry();
      if ((await dialog.count()) > 0) return true;
      // A dialog opening meanwhile (a click made before its code came) takes the click with its overlay.
      await nav(page).getByRole('link', { name: 'My progress' }).click({ timeout: 3_000 }).catch(() => undefined);
      return (await dialog.count()) > 0;
    },
    'the leave dialog once its code is downloaded',
    { everyMs: 1_000 },
  );
  return dialog;
}

/** Every download of the chunk whose name starts with `chunk` fails until the returned function is called. */
async function failDownloads(page: Page, chunk: string): Promise<{ failed: () => number; reconnect: () => void }> {
  let failing = true;
  let failed = 0;
  await page.route(`**/assets/${chunk}-*.js`, async (route) => {
    if (!failing) return route.continue();
    failed += 1;
    return route.abort('internetdisconnected');
  });
  return { failed: () => failed, reconnect: () => (failing = false) };
}

describe('a leave dialog whose code cannot be downloaded as the flow starts', () => {
  it('the speaking test runs on, and My progress asks first once the connection is back', async () => {
    const student = await createStudent(suite.server.database.db, { studentName: 'Nisha Offline' });
    const { page } = await suite.openPage({ viewport: 'phone', ignore: [/ERR_INTERNET_DISCONNECTED/, /Failed to load resource/], timeoutMs: 15_000 });
    const download = await failDownloads(page, 'LeaveTestDialog');
    await suite.signInAs(page, student.user.id);
    await page.goto(`${suite.server.baseUrl}/test`);
    await page.getByRole('button', { name: 'Start Test' }).click({ timeout: 30_000 });
    await page.getByText('Question 1 of 10', { exact: true }).waitFor({ timeout: 45_000 });
    await poll(async () => download.failed() > 0, "the dialog's download to be tried");
    await sleep(1_000);
    expect(await page.getByText('Question 1 of 10', { exact: true }).count(), 'the test is still on the screen').toBe(1);
    expect(await page.getByRole('heading', { name: 'IELTS Speaking Test', level: 1 }).count()).toBe(1);

    download.reconnect();
    // Tried again within a few seconds; until then a click on a link does nothing.
    const dialog = await askToLeave(page, '/test', 'Leave the test?');
    expect(download.failed()).toBeGreaterThan(0);
    await lookAt(page, 'leave-dialog-after-reconnect-phone', { oneH1: false });
    // The focus starts on the safe answer, not on the close button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Stay');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/test');
  }, 120_000);

  it('the interview runs on, and My progress asks first once the connection is back', async () => {
    const student = await createStudent(suite.server.database.db, { courseName: 'Interview Aspirant', studentName: 'Arjun Offline' });
    await saveInterviewProfile(suite.server.database.db, student.student.id, { ...emptyInterviewProfile(), skills: 'Excel' });
    const { page } = await suite.openPage({ viewport: 'desktop', ignore: [/ERR_INTERNET_DISCONNECTED/, /Failed to load resource/], timeoutMs: 15_000 });
    const fake = await installFakeRecognition(page);
    await page.clock.install();
    const download = await failDownloads(page, 'LeaveInterviewDialog');
    await suite.signInAs(page, student.user.id);
    await page.goto(`${suite.server.baseUrl}/interview-simulator`);
    await page.getByRole('button', { name: 'Allow Microphone Access' }).click();
    await page.getByRole('button', { name: 'Start My Interview' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'Interview Simulation' });
    await heading.waitFor();
    await pumpUntil(page, async () => (await page.getByTestId('current-question').count()) > 0 && (await listening(fake)) && download.failed() > 0, 'the first question, and the dialog\'s download tried', { stepMs: 250 });
    await sleep(1_000);
    expect(await heading.count(), 'the interview is still on the screen').toBe(1);

    download.reconnect();
    // The page's clock is Playwright's: it is moved on so that the download's next try comes.
    const dialog = await askToLeave(page, '/interview-simulator', 'Leave the interview?', () => page.clock.runFor(1_000));
    await lookAt(page, 'leave-interview-dialog-after-reconnect-desktop', { oneH1: false });
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await heading.count()).toBe(1);
  }, 120_000);

  it('the interview profile keeps what was typed, and a link asks first once the connection is back', async () => {
    const student = await createStudent(suite.server.database.db, { courseName: 'Interview Aspirant', studentName: 'Kiran Offline' });
    const { page } = await suite.openPage({ viewport: 'phone', ignore: [/ERR_INTERNET_DISCONNECTED/, /Failed to load resource/], timeoutMs: 15_000 });
    const download = await failDownloads(page, 'LeaveWithoutSavingDialog');
    await suite.signInAs(page, student.user.id);
    await page.goto(`${suite.server.baseUrl}/interview-dashboard`);
    await page.getByLabel('Core Competence').fill('Negotiation');
    await poll(async () => download.failed() > 0, "the dialog's download to be tried");
    await sleep(1_000);
    expect(await page.getByLabel('Core Competence').inputValue(), 'the typed profile is still on the screen').toBe('Negotiation');

    download.reconnect();
    const dialog = await askToLeave(page, '/interview-dashboard', 'Leave without saving?');
    await lookAt(page, 'leave-without-saving-after-reconnect-phone', { oneH1: false });
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Core Competence').inputValue()).toBe('Negotiation');
  }, 120_000);
});
