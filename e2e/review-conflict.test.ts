import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { attempts, users } from '../src/server/db/schema.js';
import { reviewPresence } from '../src/server/db/schema-review-presence.js';
import { invalidateReadCaches } from '../src/server/db/read-cache.js';
import { createAttempt } from '../src/server/test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../src/server/test/factories.js';
import { lookAt, toast, useBrowserSuite, type ViewportName } from './support/index.js';

/**
 * Two teachers on one review, each on a page opened before the other saved: the second save is
 * refused with who changed it and when, the teacher's own text stays in the form beside the newer
 * version, and a release from a page showing an older version releases nothing. The lists mark a
 * teacher's band as a draft until it is released, and say who saved it. A teacher is told who else
 * has an attempt open, and Next awaiting passes it by while they do (decision 0050).
 */
const suite = useBrowserSuite();
let head: CreatedAdmin;
let rao: CreatedAdmin;
let asha: CreatedStudent;

beforeAll(async () => {
  const db = suite.server.database.db;
  head = await createAdmin(db, { username: 'headteacher' });
  rao = await createAdmin(db, { username: 'rao' });
  await db.update(users).set({ displayName: 'Ms Rao' }).where(eq(users.id, rao.user.id));
  asha = await createStudent(db, { studentName: 'Asha Rao', mobileNumber: '98765 43210' });
});


async function reviewPage(userId: number, viewport: ViewportName, attemptId: string): Promise<Page> {
  const { page } = await suite.openPage({ viewport, timeoutMs: 20_000, ignore: [/status of 409/] });
  await suite.signInAs(page, userId);
  await page.goto(`${suite.server.baseUrl}/admin/attempts/${attemptId}`);
  await page.getByRole('region', { name: 'Teacher review' }).scrollIntoViewIfNeeded();
  await page.getByLabel('Comment').waitFor();
  return page;
}

describe.each(['desktop', 'phone'] as const)('two teachers on one review, at %s size', (viewport) => {
  it("refuses the stale save and keeps the teacher's text; a release from an older version releases nothing", { timeout: 180_000 }, async () => {
    const db = suite.server.database.db;
    const attemptId = await createAttempt(db, asha.student.id);
    const admin = await reviewPage(head.user.id, viewport, attemptId);
    const raoPage = await reviewPage(rao.user.id, viewport, attemptId);

    // The admin saves X with four bands of 6.
    await admin.getByLabel('Comment').fill('X');
    for (const label of ['Fluency band', 'Vocabulary band', 'Grammar band', 'Pronunciation band']) await admin.getByLabel(label, { exact: true }).selectOption('6');
    await admin.getByRole('button', { name: 'Save review' }).click();
    await toast(admin, 'Review saved').waitFor();

    // Ms Rao, on her page opened before that, saves her own: refused, with who and when; her text stays.
    await raoPage.getByLabel('Comment').fill('RAO: good.');
    await raoPage.getByLabel('Fluency band', { exact: true }).selectOption('8');
    await raoPage.getByRole('button', { name: 'Save review' }).click();
    const conflict = raoPage.getByTestId('review-conflict');
    await conflict.getByText('Not saved', { exact: true }).waitFor();
    await conflict.getByText(/^headteacher changed this review at \d\d:\d\d, after you opened it\. Your changes are not saved yet: compare them with headteacher's version before saving\.$/).waitFor();
    await conflict.getByText(/^headteacher's version, saved on /).waitFor();
    expect(await conflict.getByTestId('newer-comment').textContent()).toBe('X');
    expect(await conflict.getByTestId('newer-bands').textContent()).toBe('Fluency 6.0 · Vocabulary 6.0 · Grammar 6.0 · Pronunciation 6.0');
    expect(await raoPage.getByLabel('Comment').inputValue()).toBe('RAO: good.');
    expect(await raoPage.getByLabel('Fluency band', { exact: true }).inputValue()).toBe('8');
    expect(await raoPage.getByRole('button', { name: 'Release to the student' }).isDisabled()).toBe(true);
    expect((await db.select().from(attempts).where(eq(attempts.id, attemptId)))[0]?.teacherComment).toBe('X');
    await conflict.scrollIntoViewIfNeeded();
    await lookAt(raoPage, `review-conflict-save-${viewport}`);

    // She keeps hers and saves it over his: now it goes through.
    await conflict.getByRole('button', { name: 'Keep mine, to save over it' }).click();
    await expect.poll(() => conflict.count()).toBe(0);
    await raoPage.getByRole('button', { name: 'Save review' }).click();
    await toast(raoPage, 'Review saved').waitFor();

    // The admin's page still shows X and the sixes: Release is refused and nothing reaches the student.
    expect(await admin.getByLabel('Comment').inputValue()).toBe('X');
    await admin.getByRole('button', { name: 'Release to the student' }).click();
    const refused = admin.getByTestId('review-conflict');
    await refused.getByText('Not released', { exact: true }).waitFor();
    await refused.getByText(/^Ms Rao changed this review at \d\d:\d\d, after you opened it\. Nothing was released: look at Ms Rao's version before releasing it\.$/).waitFor();
    // His page now shows her version, which cannot be released with one band.
    await expect.poll(() => admin.getByLabel('Comment').inputValue()).toBe('RAO: good.');
    const hint = 'Set the Vocabulary, Grammar and Pronunciation bands before releasing: the student\'s overall band is the mean of the four.';
    await expect.poll(() => admin.getByTestId('release-hint').textContent()).toBe(hint);
    expect(await admin.getByRole('button', { name: 'Release to the student' }).isDisabled()).toBe(true);
    const [row] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
    expect(row).toMatchObject({ releasedAt: null, releasedComment: null, teacherComment: 'RAO: good.' });
    await refused.getByText('The form below shows the review as it is now.').waitFor();
    // The toast of his own save has gone: the picture shows the form as he reads it.
    await toast(admin, 'Review saved').waitFor({ state: 'detached', timeout: 15_000 });
    await refused.scrollIntoViewIfNeeded();
    await lookAt(admin, `review-conflict-release-${viewport}`);
  });
});

describe.each(['desktop', 'phone'] as const)('the IELTS list at %s size', (viewport) => {
  it('marks a draft band and says who saved it; a released review shows who released it', { timeout: 120_000 }, async () => {
    const db = suite.server.database.db;
    const draft = await createAttempt(db, asha.student.id);
    await db
      .update(attempts)
      .set({ teacherScores: { fluency: 3, vocabulary: 3, grammar: 3, pronunciation: 3, overall: 3 }, teacherComment: 'Draft', reviewedAt: new Date(), reviewedByUserId: rao.user.id })
      .where(eq(attempts.id, draft));
    const released = await createAttempt(db, asha.student.id);
    const bands = { fluency: 8, vocabulary: 8, grammar: 8, pronunciation: 8, overall: 8 };
    const now = new Date();
    await db
      .update(attempts)
      .set({ teacherScores: bands, teacherComment: 'Done', reviewedAt: now, reviewedByUserId: head.user.id, releasedScores: bands, releasedComment: 'Done', releasedAt: now, releasedByUserId: head.user.id })
      .where(eq(attempts.id, released));
    invalidateReadCaches(db);
    const { page } = await suite.openPage({ viewport, timeoutMs: 20_000 });
    await suite.signInAs(page, head.user.id);
    await page.goto(`${suite.server.baseUrl}/admin?tab=ielts`);
    // A table row on a laptop, a card on a phone.
    const rowOf = (id: string) => page.locator(`[data-attempt-id="${id}"], [data-row-id="${id}"]`).filter({ visible: true }).first();
    const draftRow = rowOf(draft);
    await expect.poll(() => draftRow.getByTestId('review-state').innerText()).toMatch(/^Draft\s+by Ms Rao$/);
    expect(await draftRow.getByTestId('draft-band').first().textContent()).toBe(' · Draft 3.0');
    const releasedRow = rowOf(released);
    expect(await releasedRow.getByTestId('review-state').innerText()).toMatch(/^Released\s+by headteacher$/);
    expect(await releasedRow.getByTestId('draft-band').count()).toBe(0);
    expect(await releasedRow.innerText()).toContain('· T 8.0');
    await lookAt(page, `attempts-list-draft-${viewport}`);
  });
});

describe.each(['desktop', 'phone'] as const)('two teachers in the queue at once, at %s size', (viewport) => {
  it("says who else has the attempt open, and Next awaiting passes it by while they do", { timeout: 120_000 }, async () => {
    const db = suite.server.database.db;
    // Three attempts awaiting review, newer than any other in the queue, a minute apart: a, b, c.
    const day = viewport === 'desktop' ? 1 : 2;
    const [a, b, c] = await Promise.all(
      [0, 1, 2].map(async (minute) => {
        const id = await createAttempt(db, asha.student.id);
        await db.update(attempts).set({ completedAt: new Date(Date.UTC(2030, 0, day, 9, minute)) }).where(eq(attempts.id, id));
        return id;
      }),
    );
    invalidateReadCaches(db);
    const headPage = await reviewPage(head.user.id, viewport, b ?? '');
    // Nobody else is on it.
    expect(await headPage.getByTestId('review-presence').count()).toBe(0);

    // Ms Rao, on the attempt before it: her Next awaiting goes past the one the head teacher has open.
    const raoPage = await reviewPage(rao.user.id, viewport, a ?? '');
    const next = raoPage.getByRole('navigation', { name: 'Attempts awaiting review' }).getByRole('link', { name: 'Next awaiting →' });
    await expect.poll(() => next.getAttribute('href')).toBe(`/admin/attempts/${c}`);

    // Opened all the same, the attempt says who is on it; his page says so too once it asks again.
    await raoPage.goto(`${suite.server.baseUrl}/admin/attempts/${b}`);
    const presence = raoPage.getByTestId('review-presence');
    await presence.getByText('Another teacher is on this attempt').waitFor();
    await presence
      .getByText(/^headteacher has had it open since \d\d:\d\d\. Agree who reviews it: if you both save, the second to save is shown the first one's review and chooses which to keep\.$/)
      .waitFor();
    await lookAt(raoPage, `review-presence-${viewport}`);
    await headPage.reload();
    await headPage.getByTestId('review-presence').getByText(/^Ms Rao has had it open since \d\d:\d\d\./).waitFor();

    // She moves on: her page on b says it has closed, and the head teacher is alone on it again.
    await raoPage.goto(`${suite.server.baseUrl}/admin/attempts/${c}`);
    await raoPage.getByTestId('review-queue').waitFor();
    const onB = async () =>
      (await db.select({ userId: reviewPresence.userId }).from(reviewPresence).where(eq(reviewPresence.attemptId, b ?? ''))).map((row) => row.userId);
    await expect.poll(onB).toEqual([head.user.id]);
  });
});

describe('a page opened again, after another teacher reviewed meanwhile', () => {
  it("the student's page opened from its address, the review page and a list page seen before each read the review as it is now", { timeout: 120_000 }, async () => {
    const db = suite.server.database.db;
    const ravi = await createStudent(db, { studentName: 'Ravi Kumar', mobileNumber: '98765 43211' });
    const attemptId = await createAttempt(db, ravi.student.id);
    // The head teacher opens the student's page from its address (its first answer comes with the page), then the review, then goes back.
    const { page } = await suite.openPage({ viewport: 'desktop', timeoutMs: 20_000 });
    await suite.signInAs(page, head.user.id);
    await page.goto(`${suite.server.baseUrl}/admin/students/${ravi.student.id}`);
    const row = page.locator(`[data-attempt-id="${attemptId}"]`);
    await expect.poll(() => row.getByTestId('review-state').innerText()).toBe('Awaiting review');
    await row.getByRole('link', { name: /^Review/ }).click();
    await page.getByLabel('Comment').waitFor();
    expect(await page.getByLabel('Comment').inputValue()).toBe('');
    await page.getByRole('link', { name: '← Back to Ravi Kumar' }).click();
    await row.waitFor();

    // Meanwhile Ms Rao reviews it and releases it, on her own page.
    const raoPage = await reviewPage(rao.user.id, 'desktop', attemptId);
    await raoPage.getByLabel('Comment').fill('Clear answers.');
    for (const label of ['Fluency band', 'Vocabulary band', 'Grammar band', 'Pronunciation band']) await raoPage.getByLabel(label, { exact: true }).selectOption('6');
    await raoPage.getByRole('button', { name: 'Save review' }).click();
    await toast(raoPage, 'Review saved').waitFor();
    await raoPage.getByRole('button', { name: 'Release to the student' }).click();
    await expect.poll(async () => (await db.select().from(attempts).where(eq(attempts.id, attemptId)))[0]?.releasedAt ?? null).not.toBeNull();

    // The review page opened again shows her review, not the empty form it showed before.
    await row.getByRole('link', { name: /^Review/ }).click();
    await expect.poll(() => page.getByLabel('Comment').inputValue()).toBe('Clear answers.');
    // And so does the student's page once he is back on it.
    await page.getByRole('link', { name: '← Back to Ravi Kumar' }).click();
    await expect.poll(() => row.getByTestId('review-state').innerText()).toMatch(/^Released\s+by Ms Rao$/);

    // A list in an order seen before reads it again when shown in that order again (newest first, oldest first, newest first).
    await page.goto(`${suite.server.baseUrl}/admin?tab=ielts`);
    const listRow = page.locator(`[data-attempt-id="${attemptId}"], [data-row-id="${attemptId}"]`).filter({ visible: true }).first();
    await expect.poll(() => listRow.getByTestId('review-state').innerText()).toMatch(/^Released\s+by Ms Rao$/);
    await page.getByLabel('Sort by').selectOption('oldest');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('oldest');
    // Another teacher's change (the release withdrawn by hand here, a draft left), while this list shows another order.
    await db.update(attempts).set({ releasedAt: null, releasedScores: null, releasedComment: null, releasedByUserId: null }).where(eq(attempts.id, attemptId));
    invalidateReadCaches(db);
    await page.getByLabel('Sort by').selectOption('newest');
    await expect.poll(() => listRow.getByTestId('review-state').innerText()).toMatch(/^Draft\s+by Ms Rao$/);
  });
});

