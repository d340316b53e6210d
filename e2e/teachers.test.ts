import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts, users } from '../src/server/db/schema.js';
import { invalidateReadCaches } from '../src/server/db/read-cache.js';
import { testSessionBody } from '../src/server/test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../src/server/test/factories.js';
import { startSmtpSink, type SmtpSink } from '../src/server/test/smtp-sink.js';
import { lookAt, makeSpeechWav, scrollToLoadedSection, signInWithForm, toast, useBrowserSuite } from './support/index.js';

/**
 * Teachers as people and the review where the evidence is: the head teacher adds a second teacher,
 * who chooses a password through the mailed link (real SMTP), signs in with it, sorts a list by band,
 * walks the awaiting-review queue and reviews with the form beside the player and the bands; the
 * student sees that teacher's name on the reviewed result; a deactivated teacher is signed out.
 */
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});
// With PUBLIC_URL, as a school that mails links sets it: a new link for a teacher who has a password is mailed only then.
const suite = useBrowserSuite({ server: () => ({ env: { SMTP_URL: sink.url, APP_TITLE: 'Parley' }, publicUrl: true }) });

let head: CreatedAdmin;
let asha: CreatedStudent;
/** Three speaking tests, oldest first, a day apart, with these overall estimates. */
const OVERALLS = [6, 7.5, 5];
const attemptIds: string[] = [];
const RAHUL = { name: 'Mr Rahul Das', email: 'rahul.das@school.example', password: 'rahul-picks-this-one' };

const ANSWER =
  'I grew up in a small town near the coast and I still enjoy walking by the sea with my family on weekends. ' +
  'My favourite subject at school was history, because our teacher told stories about the past that made every lesson vivid. ' +
  'In the future I would like to work abroad for a few years and then come back home to start a small company of my own.';

beforeAll(async () => {
  const db = suite.server.database.db;
  head = await createAdmin(db, { username: 'headteacher', email: 'head@school.example' });
  await db.update(users).set({ displayName: 'Mrs Lakshmi Iyer' }).where(eq(users.id, head.user.id));
  asha = await createStudent(db, { studentName: 'Asha Rao', mobileNumber: '98765 43210', email: 'asha@example.org' });
  const login = await fetch(`${suite.server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: asha.mobileNumber, password: asha.password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const wav = readFileSync(await makeSpeechWav(ANSWER));
  for (const [index, overall] of OVERALLS.entries()) {
    const saved = await fetch(`${suite.server.baseUrl}/api/test-sessions`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(testSessionBody(asha.student.id, { answer: ANSWER })),
    });
    expect(saved.status).toBe(201);
    const { attemptId } = (await saved.json()) as { attemptId: string };
    const upload = await fetch(`${suite.server.baseUrl}/api/attempts/${attemptId}/recording`, { method: 'PUT', headers: { cookie, 'content-type': 'audio/wav' }, body: wav });
    expect(upload.status).toBe(200);
    await db
      .update(attempts)
      .set({ completedAt: new Date(Date.now() - (3 - index) * 86_400_000), overall })
      .where(eq(attempts.id, attemptId));
    attemptIds.push(attemptId);
  }
  invalidateReadCaches(db);
});


async function teacherPage(userId: number, viewport: 'desktop' | 'phone' = 'desktop', ignore: RegExp[] = []): Promise<Page> {
  const { page } = await suite.openPage({ viewport, timeoutMs: 20_000, ignore });
  await suite.signInAs(page, userId);
  return page;
}

/** The review form's section: its top must be within the first screen at 1280x800. */
const reviewTop = async (page: Page) => (await page.getByRole('region', { name: 'Teacher review' }).boundingBox())?.y ?? Number.POSITIVE_INFINITY;

describe('teachers as people', () => {
  it('a second teacher is added, sets a password through the mailed link, reviews from the queue, and the student sees their name', { timeout: 300_000 }, async () => {
    // The name another teacher has is refused (409), as it should be.
    const page = await teacherPage(head.user.id, 'desktop', [/status of 409/]);
    await page.goto(`${suite.server.baseUrl}/admin?tab=teachers`);
    await page.getByRole('table', { name: 'Teachers' }).getByText('Mrs Lakshmi Iyer').waitFor();
    await page.getByRole('button', { name: 'Add teacher' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add teacher' });
    // A name another teacher has is refused under the name, and only there.
    await dialog.getByLabel('Name').fill('mrs lakshmi  iyer');
    await dialog.getByLabel('E-mail address').fill(RAHUL.email);
    await dialog.getByRole('button', { name: 'Add teacher' }).click();
    const nameField = dialog.getByRole('textbox', { name: 'Name' });
    await expect.poll(() => nameField.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByText('Another teacher is already called Mrs Lakshmi Iyer. Add an initial or a surname', { exact: false }).count()).toBe(1);
    expect(await dialog.getByRole('textbox', { name: 'E-mail address' }).getAttribute('aria-invalid')).not.toBe('true');
    await lookAt(page, 'teachers-name-taken-desktop');
    await dialog.getByLabel('Name').fill(RAHUL.name);
    await dialog.getByRole('button', { name: 'Add teacher' }).click();
    // Two password hashes and a mail on a busy machine: give the server time.
    const shown = page.getByTestId('password-link');
    await shown.waitFor({ timeout: 30_000 });
    const mail = await sink.waitFor(RAHUL.email);
    expect(mail.subject).toBe('Parley: set your password');
    expect(mail.text).toContain('Mrs Lakshmi Iyer has added you as a teacher on Parley.');
    const link = /Choose your password here: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(link).toContain('/choose-password#');
    expect(await shown.textContent()).toBe(link);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('table', { name: 'Teachers' }).getByText(RAHUL.name).waitFor();
    await lookAt(page, 'teachers-desktop');

    // The new teacher, in a browser of their own: the link, then the sign-in form with the chosen password.
    const { page: rahul } = await suite.openPage({ ignore: [/status of 401/], timeoutMs: 20_000 });
    await rahul.goto(link);
    await rahul.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await rahul.getByText(`For ${RAHUL.name}, who signs in as ${RAHUL.email}.`).waitFor();
    expect(new URL(rahul.url()).hash).toBe('');
    await lookAt(rahul, 'choose-password-desktop');
    await rahul.getByLabel(/^New password/).fill(RAHUL.password);
    await rahul.getByLabel(/^Confirm new password/).fill(RAHUL.password);
    await rahul.getByRole('button', { name: 'Save password' }).click();
    await rahul.getByText(`Your password is set. Sign in as ${RAHUL.email} with it.`).waitFor();
    await signInWithForm(rahul, suite.server.baseUrl, RAHUL.email, RAHUL.password);
    await rahul.waitForURL('**/admin');
    // Greeted by the name the school gave him, not by his sign-in e-mail address.
    await rahul.getByRole('heading', { level: 1, name: `Welcome, ${RAHUL.name}` }).waitFor();

    // Now that Rahul has a password of his own, a new link goes to his e-mail only: the head teacher never sees it.
    await page.reload();
    await page.getByRole('button', { name: `Send password link to ${RAHUL.name}` }).click();
    await page.getByRole('dialog').getByText(`It goes only to their e-mail address, ${RAHUL.email}: you will not see it.`, { exact: false }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Send link' }).click();
    const mailed = page.getByRole('dialog', { name: 'Set-password link sent' });
    await mailed.getByText(`A link to choose a new password has been e-mailed to ${RAHUL.email}; only they see it.`, { exact: false }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('password-link').count()).toBe(0);
    await expect.poll(() => sink.messages.filter((m) => m.to.includes(RAHUL.email) && m.subject === 'Parley: set a new password').length).toBe(1);
    await lookAt(page, 'teachers-link-mailed-desktop');
    await mailed.getByRole('button', { name: 'Done' }).click();

    // The IELTS list by band, highest first: 7.5, 6, 5.
    await rahul.goto(`${suite.server.baseUrl}/admin?tab=ielts`);
    await rahul.getByLabel('Sort by').selectOption({ label: 'Highest band first' });
    await rahul.waitForURL(/sort=band-high/);
    const links = rahul.getByRole('table').getByRole('link');
    await expect.poll(async () => (await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).join(' '), { timeout: 20_000 }).toBe(
      [1, 0, 2].map((i) => `/admin/attempts/${attemptIds[i]}`).join(' '),
    );
    await links.first().click();
    await rahul.waitForURL(`**/admin/attempts/${attemptIds[1]}`);

    // The queue: 2 of 3 awaiting, oldest first; previous, next and back.
    const position = rahul.getByTestId('queue-position');
    await expect.poll(() => position.textContent(), { timeout: 20_000 }).toBe('2 of 3 awaiting review');
    await rahul.getByRole('link', { name: '← Previous awaiting' }).click();
    await rahul.waitForURL(`**/admin/attempts/${attemptIds[0]}`);
    await expect.poll(() => position.textContent(), { timeout: 20_000 }).toBe('1 of 3 awaiting review');
    await rahul.getByRole('link', { name: 'Next awaiting →' }).click();
    await rahul.waitForURL(`**/admin/attempts/${attemptIds[1]}`);
    await rahul.getByRole('link', { name: 'Next awaiting →' }).click();
    await rahul.waitForURL(`**/admin/attempts/${attemptIds[2]}`);
    await expect.poll(() => position.textContent(), { timeout: 20_000 }).toBe('3 of 3 awaiting review');
    await rahul.getByRole('link', { name: '← Previous awaiting' }).click();
    await rahul.waitForURL(`**/admin/attempts/${attemptIds[1]}`);

    // The review form beside the player and the bands: its top within the first screen, no scrolling.
    await rahul.getByRole('region', { name: 'Teacher review' }).waitFor();
    expect(await rahul.evaluate(() => window.scrollY)).toBe(0);
    expect(await reviewTop(rahul)).toBeLessThan(800);
    const player = await rahul.getByRole('region', { name: 'Recording', exact: true }).boundingBox();
    const form = await rahul.getByRole('region', { name: 'Teacher review' }).boundingBox();
    expect(form && player && form.x > player.x + player.width).toBe(true);
    expect((await rahul.getByRole('region', { name: 'Teacher review' }).getByLabel('Comment').boundingBox())?.y ?? Infinity).toBeLessThan(800);
    await lookAt(rahul, 'teachers-attempt-desktop');
    await rahul.getByLabel('Comment').fill('Good detail in your answers; link your ideas with because and so.');
    for (const [label, band] of [['Fluency band', '7'], ['Vocabulary band', '7.5'], ['Grammar band', '6.5'], ['Pronunciation band', '7']] as const) {
      await rahul.getByLabel(label, { exact: true }).selectOption(band);
    }
    await rahul.getByRole('button', { name: 'Save review' }).click();
    await toast(rahul, 'Review saved').waitFor();
    await rahul.getByRole('button', { name: 'Release to the student' }).click();
    await toast(rahul, 'Review released').waitFor();
    await expect.poll(() => rahul.getByTestId('release-status').textContent(), { timeout: 20_000 }).toContain(`Released to the student by ${RAHUL.name}`);
    // Released: the attempt has left the queue, which still leads on to the next one.
    await expect.poll(() => position.textContent(), { timeout: 20_000 }).toBe('2 attempts awaiting review');
    await scrollToLoadedSection(rahul, 'Review trail');
    const trail = rahul.getByRole('list', { name: 'Review trail' }).locator('li');
    await expect.poll(() => trail.count(), { timeout: 20_000 }).toBe(2);
    for (const entry of await trail.allTextContents()) expect(entry).toContain(RAHUL.name);

    // The student sees the teacher's name on the reviewed result.
    const { page: student } = await suite.openPage({ timeoutMs: 20_000 });
    await suite.signInAs(student, asha.user.id);
    await student.goto(`${suite.server.baseUrl}/progress/attempts/${attemptIds[1]}`);
    await student.getByTestId('teacher-overall').waitFor();
    expect(await student.getByText(RAHUL.name).count()).toBeGreaterThan(0);
    expect(await student.content()).not.toContain(RAHUL.email);
    const released = await sink.waitFor('asha@example.org');
    expect(released.subject).toBe("Parley: your teacher's review is ready");

    // The head teacher deactivates the new one: his open page is signed out at its next request.
    await page.reload();
    await page.getByRole('button', { name: `Deactivate ${RAHUL.name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await toast(page, 'Teacher deactivated').waitFor();
    expect(await rahul.evaluate(async () => (await fetch('/api/user')).status)).toBe(401);
    // Nobody deactivates themselves: the head teacher's own row has no such button (the last-admin
    // rule is the server's, tested in src/server/teachers/routes.test.ts).
    expect(await page.getByRole('button', { name: 'Deactivate Mrs Lakshmi Iyer' }).count()).toBe(0);
  });

  it('on a phone: the teachers page as cards, and the review form directly under the player and the bands', { timeout: 180_000 }, async () => {
    const page = await teacherPage(head.user.id, 'phone');
    await page.goto(`${suite.server.baseUrl}/admin?tab=teachers`);
    await page.locator('[data-row-card]').filter({ hasText: RAHUL.name }).waitFor();
    await lookAt(page, 'teachers-phone');
    // The head teacher's own new link: mailed to her, not shown.
    await page.getByRole('button', { name: 'Send password link to Mrs Lakshmi Iyer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send link' }).click();
    await page.getByRole('dialog', { name: 'Set-password link sent' }).getByText('A link to choose a new password has been e-mailed to you at head@school.example.', { exact: false }).waitFor({ timeout: 30_000 });
    await lookAt(page, 'teachers-link-mailed-phone');
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    await page.goto(`${suite.server.baseUrl}/admin/attempts/${attemptIds[0]}`);
    await page.getByRole('region', { name: 'Teacher review' }).waitFor();
    const scores = await page.getByRole('region', { name: 'Scores' }).boundingBox();
    const recording = await page.getByRole('region', { name: 'Recording', exact: true }).boundingBox();
    const form = await page.getByRole('region', { name: 'Teacher review' }).boundingBox();
    if (!scores || !recording || !form) throw new Error('a section has no box');
    expect(recording.y).toBeLessThan(scores.y);
    // Directly under the bands: the next thing after them, within the page's gap.
    expect(form.y - (scores.y + scores.height)).toBeGreaterThan(0);
    expect(form.y - (scores.y + scores.height)).toBeLessThan(40);
    await lookAt(page, 'teachers-attempt-phone');
  });

  it('the first admin, signed in as "admin", gives their name and an e-mail in Settings: the header greets them by name', { timeout: 120_000 }, async () => {
    const first = await createAdmin(suite.server.database.db, { username: 'admin' });
    for (const viewport of ['phone', 'desktop'] as const) {
      const page = await teacherPage(first.user.id, viewport);
      await page.goto(`${suite.server.baseUrl}/admin?tab=settings`);
      const form = page.getByRole('form', { name: 'Your name and e-mail' });
      await form.waitFor();
      expect(await form.getByText('You sign in as admin. A new password is sent here when you ask for one.').count()).toBe(1);
      await form.getByLabel('Your name').fill(viewport === 'phone' ? 'Meera Iyer' : 'Mrs Meera Iyer');
      await form.getByLabel('E-mail').fill('meera@school.example');
      await form.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Saved').waitFor();
      await page.getByText(`Welcome, ${viewport === 'phone' ? 'Meera Iyer' : 'Mrs Meera Iyer'}`).waitFor();
      await lookAt(page, `settings-own-name-${viewport}`);
    }
    const [stored] = await suite.server.database.db.select({ displayName: users.displayName, email: users.email }).from(users).where(eq(users.id, first.user.id));
    expect(stored).toEqual({ displayName: 'Mrs Meera Iyer', email: 'meera@school.example' });
  });
});
