/*
 * A school that opens Parley at http://<server's name>:3000 (not localhost, not https) gives the
 * browser an insecure context: no microphone, no speech recognition, no crypto.randomUUID. Chromium
 * here reaches the test server by the name parley.test (mapped to 127.0.0.1 by its own resolver), so
 * the pages run exactly as on a school's network over plain http. Signing in, the student pages and
 * the interview dashboard work; /test and /interview-simulator say the address must be https, in
 * place of their microphone step, instead of failing.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SECURE_ADDRESS_TEXT, SECURE_ADDRESS_TITLE } from '../src/client/components/SecureAddressNotice.js';
import { COURSE_IELTS, COURSE_INTERVIEW } from '../src/shared/courses.js';
import { emptyInterviewProfile } from '../src/shared/api/interview.js';
import { saveInterviewProfile } from '../src/server/interview/service.js';
import { createStudent } from '../src/server/test/factories.js';
import { lookAt, signInWithForm, useBrowserSuite, type ViewportName } from './support/index.js';

const HOST_NAME = 'parley.test';

/*
 * Chromium's console note that it ignores the Cross-Origin-Opener-Policy header on an untrustworthy
 * origin. The server sends the header on every answer (it cannot tell an https proxy without
 * TRUST_PROXY from plain http), and it protects the https deployments; over http it is only unused.
 */
const IGNORED_OVER_HTTP = [/status of 401/, /Cross-Origin-Opener-Policy header has been ignored/];

const suite = useBrowserSuite({ browser: { args: [`--host-resolver-rules=MAP ${HOST_NAME} 127.0.0.1`] } });

/** The test server's address by name, as a phone on the school's network would open it. */
function insecureBaseUrl(): string {
  const url = new URL(suite.server.baseUrl);
  url.hostname = HOST_NAME;
  return url.origin;
}

/** What the page's context offers: the reason the notice is shown, and the API the crash came from. */
async function contextFacts(page: Page): Promise<{ secure: boolean; randomUUID: string; mediaDevices: boolean }> {
  return page.evaluate(() => ({
    secure: window.isSecureContext,
    randomUUID: typeof (crypto as Partial<Crypto>).randomUUID,
    mediaDevices: 'mediaDevices' in navigator,
  }));
}

async function expectNotice(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('secure-address-notice').textContent()).toContain(SECURE_ADDRESS_TEXT);
  const notice = page.getByTestId('secure-address-notice');
  expect(await notice.textContent()).toContain(SECURE_ADDRESS_TITLE);
  expect(await notice.textContent()).toContain(`This page was opened at ${insecureBaseUrl()}`);
  expect(await page.getByText('Something went wrong').count()).toBe(0);
}

describe.each<ViewportName>(['desktop', 'phone'])('over plain http by name (%s)', (viewport) => {
  it('/test: signs in, then the microphone check says the address must be https', async () => {
    const student = await createStudent(suite.server.database.db, { courseName: COURSE_IELTS, studentName: 'Meera Iyer' });
    const { page } = await suite.openPage({ viewport, ignore: IGNORED_OVER_HTTP });
    await signInWithForm(page, insecureBaseUrl(), student.mobileNumber, student.password);
    await page.waitForURL(`${insecureBaseUrl()}/test`);
    expect(await contextFacts(page)).toEqual({ secure: false, randomUUID: 'undefined', mediaDevices: false });

    await expectNotice(page);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'IELTS Speaking Test' }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 2, name: 'Microphone check' }).count()).toBe(1);
    // Nothing asks for the microphone, and there is no Start Test to press.
    expect(await page.getByText('Requesting microphone access', { exact: false }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Start Test' }).count()).toBe(0);

    // A reload lands on the same notice (nothing is left half-started), without the sign-in toast over it.
    await page.reload();
    await expectNotice(page);
    await lookAt(page, `insecure-test-${viewport}`);
  });

  it('/interview-simulator: the dashboard works, then the interview says the address must be https', async () => {
    const student = await createStudent(suite.server.database.db, { courseName: COURSE_INTERVIEW, studentName: 'Ravi Kumar' });
    await saveInterviewProfile(suite.server.database.db, student.student.id, { ...emptyInterviewProfile(), professionalSummary: 'Accountant.', skills: 'Excel' });
    const { page } = await suite.openPage({ viewport, ignore: IGNORED_OVER_HTTP });
    await signInWithForm(page, insecureBaseUrl(), student.mobileNumber, student.password);
    await page.waitForURL(`${insecureBaseUrl()}/interview-dashboard`);
    await page.getByRole('button', { name: 'Start My Interview' }).click();
    await page.waitForURL(`${insecureBaseUrl()}/interview-simulator`);
    expect((await contextFacts(page)).secure).toBe(false);

    await expectNotice(page);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Microphone Access Required' }).count()).toBe(1);
    // In place of the button that would ask for the microphone (and only toast a refusal here).
    expect(await page.getByRole('button', { name: 'Allow Microphone Access' }).count()).toBe(0);
    await page.reload();
    await expectNotice(page);
    await lookAt(page, `insecure-interview-simulator-${viewport}`);
  });
});

it('on localhost the same pages keep their microphone step (a secure context)', async () => {
  const student = await createStudent(suite.server.database.db, { courseName: COURSE_IELTS, studentName: 'Asha Rao' });
  const { page } = await suite.openPage({ ignore: [/status of 401/] });
  const localUrl = suite.server.baseUrl.replace('127.0.0.1', 'localhost');
  await signInWithForm(page, localUrl, student.mobileNumber, student.password);
  await page.waitForURL(`${localUrl}/test`);
  expect((await contextFacts(page)).secure).toBe(true);
  await page.getByRole('heading', { level: 2, name: 'Microphone check' }).waitFor();
  await page.getByRole('button', { name: 'Start Test' }).waitFor();
  expect(await page.getByTestId('secure-address-notice').count()).toBe(0);
});
