import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attempts } from '../src/server/db/schema.js';
import { invalidateReadCaches } from '../src/server/db/read-cache.js';
import { createAttempt } from '../src/server/test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedAdmin } from '../src/server/test/factories.js';
import { lookAt, toast, useBrowserSuite } from './support/index.js';

/**
 * A teacher's review typed and not saved is not lost by a tap on Next awaiting, the back link or
 * closing the tab (an outside probe lost a comment so, silently): the page asks first, Stay keeps
 * what was typed, and once it is saved nothing asks.
 */
const suite = useBrowserSuite();
let admin: CreatedAdmin;
const ids: string[] = [];

beforeAll(async () => {
  const db = suite.server.database.db;
  admin = await createAdmin(db, { username: 'aisha' });
  const student = await createStudent(db, { studentName: 'Dev Patel' });
  for (const daysAgo of [2, 1]) {
    const id = await createAttempt(db, student.student.id);
    await db.update(attempts).set({ completedAt: new Date(Date.now() - daysAgo * 86_400_000) }).where(eq(attempts.id, id));
    ids.push(id);
  }
  invalidateReadCaches(db);
});

const COMMENT = 'Good range of topics; work on linking your ideas.';
const UNSAVED = "Your review of Dev Patel's attempt is not saved. If you leave now, what you typed is lost.";

describe('a review typed and not saved', () => {
  it('asks before Next awaiting, the back link or closing the tab; Stay keeps it, and once saved nothing asks', async () => {
    const { page } = await suite.openPage({ viewport: 'desktop' });
    await suite.signInAs(page, admin.user.id);
    // The queue runs oldest first: Next from the older attempt leads to the newer one.
    const [first, second] = ids;
    await page.goto(`${suite.server.baseUrl}/admin/attempts/${first}`);
    const comment = page.getByLabel('Comment');
    const next = page.getByRole('link', { name: 'Next awaiting →' });
    await expect.poll(() => next.getAttribute('href')).toBe(`/admin/attempts/${second}`);
    // From here every script the page asks for takes 2 s, as on a slow network: the guard comes with
    // the form, so a teacher who types and at once clicks away is asked even before anything more loads
    // (loaded on the form's first focus, it let this click leave and lose the comment).
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await comment.fill(COMMENT);
    expect(
      await page.evaluate(() => {
        const leaving = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(leaving);
        return leaving.defaultPrevented;
      }),
    ).toBe(true);

    await next.click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(UNSAVED);
    await lookAt(page, 'review-unsaved-desktop');
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${suite.server.baseUrl}/admin/attempts/${first}`);
    expect(await comment.inputValue()).toBe(COMMENT);
    await page.unrouteAll();

    // The back link asks too; a band changed alone is a change.
    await comment.fill('');
    await page.getByLabel('Grammar band', { exact: true }).selectOption('6');
    await page.getByRole('link', { name: /^← Back to/ }).first().click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Closing the tab gets the browser's own question.
    let asked = false;
    page.once('dialog', (question) => {
      asked = question.type() === 'beforeunload';
      void question.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toBe(true);
    expect(page.isClosed()).toBe(false);

    // Saved, it leaves without a question; Leave without saving leaves at once.
    await comment.fill(COMMENT);
    await page.getByRole('button', { name: 'Save review' }).click();
    await toast(page, 'Review saved').waitFor();
    await next.click();
    await page.waitForURL(`**/admin/attempts/${second}`);
    // The address changes a moment before the page does: typed before the newer attempt's page is
    // drawn, the comment would go into the older one's form, which the newer one then replaces.
    await expect.poll(() => page.getByTestId('queue-position').textContent()).toBe('2 of 2 awaiting review');
    await page.getByLabel('Comment').fill('Not this one.');
    await page.getByRole('link', { name: '← Previous awaiting' }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(`**/admin/attempts/${first}`);
    await expect.poll(() => page.getByLabel('Comment').inputValue()).toBe(COMMENT);
  });
});
