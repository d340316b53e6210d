import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_TOAST } from '../src/client/features/interview/flow/listening-step.js';
import { UNREACHABLE_TEXT } from '../src/client/lib/api.js';
import { emptyInterviewProfile } from '../src/shared/api/interview.js';
import { saveInterviewProfile } from '../src/server/interview/service.js';
import { createStudent } from '../src/server/test/factories.js';
import { installFakeRecognition } from './support/fake-recognition.js';
import { listening, pumpUntil, screenshot, signInByApi, sleep, toast, useBrowserSuite } from './support/index.js';

/**
 * The toasts' code (@mantine/notifications) is loaded with the first toast, not with the page. A
 * student whose session was kept from an earlier day opens the interview with no toast shown yet;
 * when the phone then loses its connection, the first toast (the recognizer's 'Network Error') needs
 * that code: its download failed and the whole page went white, the interview gone. The voice flows
 * load it as recording starts, and a failed download no longer takes the page down.
 */
const suite = useBrowserSuite();

/** An 'Interview Aspirant' student signed in by the API (no 'Login successful' toast has loaded the toasts' code), on the welcome view at phone size. */
async function openWelcome(name: string) {
  const student = await createStudent(suite.server.database.db, { courseName: 'Interview Aspirant', studentName: name });
  await saveInterviewProfile(suite.server.database.db, student.student.id, { ...emptyInterviewProfile(), skills: 'Excel' });
  const { page } = await suite.openPage({ viewport: 'phone', ignore: [/ERR_INTERNET_DISCONNECTED/, /dynamically imported module/], timeoutMs: 15_000 });
  const fake = await installFakeRecognition(page);
  await page.clock.install();
  await signInByApi(page, suite.server.baseUrl, student.mobileNumber, student.password);
  await page.goto(`${suite.server.baseUrl}/interview-simulator`);
  await page.getByRole('button', { name: 'Allow Microphone Access' }).click();
  await page.getByRole('button', { name: 'Start My Interview' }).waitFor();
  return { page, fake };
}

describe('a toast while the phone is offline', () => {
  it('shows the interview\'s network error over the interview, which stays on the screen', async () => {
    const { page, fake } = await openWelcome('Ravi Patil');
    await page.getByRole('button', { name: 'Start My Interview' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'Interview Simulation' });
    await heading.waitFor();
    await pumpUntil(page, async () => (await page.getByTestId('current-question').count()) > 0 && (await listening(fake)), 'the first question to be listened for', { stepMs: 250 });
    await page.clock.runFor(600);

    await page.context().setOffline(true);
    await fake.error('network');
    const networkToast = toast(page, NETWORK_ERROR_TOAST.message);
    await pumpUntil(page, async () => (await networkToast.count()) > 0 || (await heading.count()) === 0, 'the network toast (or the page gone)', { stepMs: 100, realMs: 50 });
    expect(await heading.count(), 'the interview is still on the screen').toBe(1);
    expect(await networkToast.locator('.mantine-Notification-title').textContent()).toBe(NETWORK_ERROR_TOAST.title);
    // The interview says it waits for words rather than moving on.
    expect(await page.getByTestId('waiting-note').textContent()).toBe('The connection was lost, so the interview waits for your next words. Press Next Question when you have finished.');
    await screenshot(page, 'interview-offline-toast-phone', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'interview-offline-toast-desktop', { fullPage: false });
    await page.context().setOffline(false);
  }, 90_000);

  it("keeps the interview on the screen when the toasts' code cannot be downloaded at all", async () => {
    const { page, fake } = await openWelcome('Meera Joshi');
    // Every download of the chunk that holds @mantine/notifications fails, as it would offline.
    await page.route('**/assets/*.js', async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes('cleanQueue')) await route.abort('internetdisconnected');
      else await route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Start My Interview' }).click();
    const heading = page.getByRole('heading', { level: 1, name: 'Interview Simulation' });
    await heading.waitFor();
    await pumpUntil(page, async () => (await page.getByTestId('current-question').count()) > 0 && (await listening(fake)), 'the first question to be listened for', { stepMs: 250 });
    await page.clock.runFor(600);
    await fake.error('network');
    // The toast cannot come; the page must not go with it.
    await sleep(1_000);
    await page.clock.runFor(1_000);
    expect(await heading.count(), 'the interview is still on the screen').toBe(1);
    expect(await page.getByText(/^Question 1 of \d+$/).count()).toBe(1);
  }, 90_000);

  it('says why a profile saved offline was not saved, and Save works again, instead of spinning on', async () => {
    const student = await createStudent(suite.server.database.db, { courseName: 'Interview Aspirant', studentName: 'Kavya Rao' });
    const { page } = await suite.openPage({ viewport: 'phone', ignore: [/ERR_INTERNET_DISCONNECTED/, /Failed to load resource/], timeoutMs: 15_000 });
    await signInByApi(page, suite.server.baseUrl, student.mobileNumber, student.password);
    await page.goto(`${suite.server.baseUrl}/interview-dashboard`);
    const summary = page.getByLabel('Professional Summary');
    await summary.fill('Accountant with five years in audit.');
    // The first touch of the form loads the toasts' code while the connection is there.
    await page.waitForLoadState('networkidle');
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Save' }).click();
    const failed = toast(page, 'Could not save the profile');
    await failed.waitFor();
    expect(await failed.textContent()).toContain(UNREACHABLE_TEXT);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    expect(await page.getByRole('button', { name: 'Saving...' }).count()).toBe(0);
    await screenshot(page, 'interview-dashboard-offline-save-phone', { fullPage: false });
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Profile saved').waitFor();
  }, 60_000);
});
