import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { attempts } from '../src/server/db/schema.js';
import { invalidateReadCaches } from '../src/server/db/read-cache.js';
import { testSessionBody } from '../src/server/test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedAdmin } from '../src/server/test/factories.js';
import { lookAt, toast, useBrowserSuite } from './support/index.js';

/**
 * The review page on a phone, thousands of pixels long: one tap from its top to the review form, and
 * after a release the way on to the next attempt awaiting review under the form, where the teacher
 * released (the queue's buttons are at the top); after the last one, that none is left.
 */
const suite = useBrowserSuite();
let admin: CreatedAdmin;
const ids: { older?: string; newer?: string } = {};

beforeAll(async () => {
  const db = suite.server.database.db;
  admin = await createAdmin(db, { username: 'headteacher' });
  const student = await createStudent(db, { studentName: 'Asha Rao', mobileNumber: '98765 43210' });
  const login = await fetch(`${suite.server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: student.mobileNumber, password: student.password }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  for (const [key, daysAgo] of [['older', 2], ['newer', 1]] as const) {
    const saved = await fetch(`${suite.server.baseUrl}/api/test-sessions`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(testSessionBody(student.student.id)),
    });
    expect(saved.status).toBe(201);
    const id = ((await saved.json()) as { attemptId: string }).attemptId;
    await db.update(attempts).set({ completedAt: new Date(Date.now() - daysAgo * 86_400_000) }).where(eq(attempts.id, id));
    ids[key] = id;
  }
  invalidateReadCaches(db);
}, 60_000);


async function reviewAndRelease(page: Page) {
  const form = page.getByRole('region', { name: 'Teacher review' });
  // Nothing saved yet: no change to give a reason for, a note for the trail. Waited for, not read
  // once: after "Review the next…" the page released a moment ago (same student, same heading) can
  // still be on the screen, and its form, with a reason field, is replaced as the next one loads.
  await expect
    .poll(async () => [await form.getByLabel('Note for the review trail (optional)').count(), await form.getByText(/Reason for the change/).count()], { timeout: 20_000 })
    .toEqual([1, 0]);
  // Release is unavailable and says why, for a screen reader too (the button is described by it).
  const why = 'Nothing to release yet: save a comment or bands first.';
  expect(await form.getByTestId('release-hint').textContent()).toBe(why);
  expect(await page.getByRole('button', { name: 'Release to the student' }).getAttribute('aria-describedby')).toBe(await form.getByTestId('release-hint').getAttribute('id'));
  await form.scrollIntoViewIfNeeded();
  await page.getByLabel('Comment').fill('Clear answers; link your ideas with because and so.');
  for (const criterion of ['Fluency', 'Vocabulary', 'Grammar', 'Pronunciation']) await page.getByLabel(`${criterion} band`, { exact: true }).selectOption('6.5');
  await page.getByRole('button', { name: 'Save review' }).tap();
  await toast(page, 'Review saved').waitFor();
  expect(await form.getByLabel('Reason for the change (optional)').count()).toBe(1);
  await page.getByRole('button', { name: 'Release to the student' }).tap();
  await toast(page, 'Review released').waitFor();
  await expect.poll(() => form.getByTestId('release-hint').textContent()).toBe('The student sees this review: save a change to release an amended one.');
  return form;
}

describe('on a phone, the way to the review form', () => {
  it('is one tap from the top of the page, some 3,000 px of bands above the form, and one from the end of the answers below it; a laptop shows the form beside them instead', async () => {
    const { page } = await suite.openPage({ viewport: 'phone' });
    await suite.signInAs(page, admin.user.id);
    await page.goto(`${suite.server.baseUrl}/admin/attempts/${ids.older}`);
    const heading = page.getByRole('heading', { level: 2, name: 'Teacher review' });
    await heading.waitFor();
    expect((await heading.boundingBox())?.y ?? 0, 'the form starts below the first screen').toBeGreaterThan(844);
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Review form ↓' }).tap();
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1, { timeout: 10_000 }).toBeGreaterThanOrEqual(0);
    expect((await heading.boundingBox())?.y ?? 10_000, 'the form is on the screen').toBeLessThan(400);
    // And back up to it from the end of the answers, once they are read.
    // The answers load as the reader nears them and stand far taller than their placeholder: the link
    // moves down as they come in, so it is tapped once they are in (a tap aimed at it while they load
    // can land on an answer instead, as a loaded CI run found).
    const backUp = page.getByRole('link', { name: 'Review form ↑' });
    await backUp.scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByText('Loading the questions and answers…').count(), { timeout: 20_000 }).toBe(0);
    await backUp.scrollIntoViewIfNeeded();
    expect((await heading.boundingBox())?.y ?? 0, 'the form is out of sight above').toBeLessThan(0);
    await backUp.tap();
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1, { timeout: 10_000 }).toBeGreaterThanOrEqual(0);
    expect((await heading.boundingBox())?.y ?? 10_000, 'the form is on the screen again').toBeLessThan(400);

    const { page: laptop } = await suite.openPage({ viewport: 'desktop' });
    await suite.signInAs(laptop, admin.user.id);
    await laptop.goto(`${suite.server.baseUrl}/admin/attempts/${ids.older}`);
    await laptop.getByRole('heading', { level: 2, name: 'Teacher review' }).waitFor();
    expect(await laptop.getByRole('navigation', { name: 'On this page' }).isVisible()).toBe(false);
    expect(await laptop.getByRole('link', { name: 'Review form ↑' }).isVisible()).toBe(false);
  });
});

describe('on a phone, after releasing a review', () => {
  it('offers the next attempt awaiting review under the form, and says when none is left; then an amendment without a reason, and the review cleared after its release', async () => {
    // The amendment without a reason is refused (400), as it should be.
    const { page } = await suite.openPage({ viewport: 'phone', ignore: [/status of 400/] });
    await suite.signInAs(page, admin.user.id);
    await page.goto(`${suite.server.baseUrl}/admin/attempts/${ids.newer}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const form = await reviewAndRelease(page);
    const next = form.getByRole('link', { name: 'Review the next awaiting attempt →' });
    await next.waitFor();
    expect(await next.getAttribute('href')).toBe(`/admin/attempts/${ids.older}`);
    // Where the teacher released: on the screen with the Release button, and a tap target of 44 px.
    await next.scrollIntoViewIfNeeded();
    const box = await next.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    const release = await page.getByRole('button', { name: 'Release the amended review' }).boundingBox();
    expect(Math.abs((box?.y ?? 0) - (release?.y ?? 10_000)), 'next to the Release button').toBeLessThan(200);
    await lookAt(page, 'review-after-release-phone');
    // A 360 px phone (many Androids): the label wraps rather than losing its end (lookAt checks it).
    await page.setViewportSize({ width: 360, height: 780 });
    await next.scrollIntoViewIfNeeded();
    await lookAt(page, 'review-after-release-360');
    await page.setViewportSize({ width: 390, height: 844 });

    await next.tap();
    await page.waitForURL(`**/admin/attempts/${ids.older}`);
    await page.getByRole('heading', { level: 1, name: 'IELTS attempt: Asha Rao' }).waitFor();
    const last = await reviewAndRelease(page);
    await expect.poll(() => last.getByTestId('after-release').innerText()).toBe('No other attempt is awaiting review.');
    expect(await last.getByRole('link', { name: /next awaiting/ }).count()).toBe(0);

    // A change after the release needs a reason: said under the reason's field, which takes the focus.
    await page.getByLabel('Fluency band', { exact: true }).selectOption('7');
    await page.getByRole('button', { name: 'Save review' }).tap();
    const reason = last.getByRole('textbox', { name: /^Reason for the change/ });
    await expect.poll(() => reason.getAttribute('aria-invalid')).toBe('true');
    expect(await reason.evaluate((element) => element === document.activeElement)).toBe(true);
    const said = await reason.evaluate((element) => document.getElementById(element.getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('-error')) ?? '')?.textContent ?? '');
    expect(said).toMatch(/^Say why/);
    await reason.fill('Wrong student: this review was meant for another attempt.');
    expect(await reason.getAttribute('aria-invalid')).not.toBe('true');

    // Cleared after its release: the student still sees the released review, and every line says so.
    await page.getByLabel('Comment').fill('');
    for (const criterion of ['Fluency', 'Vocabulary', 'Grammar', 'Pronunciation']) await page.getByLabel(`${criterion} band`, { exact: true }).selectOption('');
    await page.getByRole('button', { name: 'Save review' }).tap();
    await toast(page, 'Review saved').getByText('The review is cleared here. Asha Rao still sees the one released earlier until you release a new one.').waitFor();
    await last.getByText('No review is saved now: it was cleared after its release.').waitFor();
    expect(await last.getByTestId('release-status').textContent()).toMatch(/^Released to the student by .+: the student still sees that review\.$/);
    expect(await last.getByTestId('release-hint').textContent()).toBe(
      'The student still sees the review released earlier: a cleared review cannot be released. Save a new comment or bands to release in its place.',
    );
    await lookAt(page, 'review-cleared-after-release-phone');
  });
});
