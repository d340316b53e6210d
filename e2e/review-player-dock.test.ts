import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../src/server/test/factories.js';
import { lookAt, makeSpeechWav, toast, toastsStandStill, useBrowserSuite, type ViewportName } from './support/index.js';
import { saveTestByApi } from './support/saved-test.js';

/**
 * The recording's controls while its player is out of sight: on a phone the review page is thousands
 * of pixels long (bands, form, analysis, transcript), and a recording started there must be stopped
 * there. Once played and scrolled past, a dock holds Pause, Play and the time at the bottom of the
 * screen; it goes when the player is back on the screen, and never hides the review form's buttons.
 */
const suite = useBrowserSuite();
let admin: CreatedAdmin;
let student: CreatedStudent;
let attemptId = '';

beforeAll(async () => {
  const db = suite.server.database.db;
  admin = await createAdmin(db, { username: 'headteacher' });
  student = await createStudent(db, { studentName: 'Asha Rao', mobileNumber: '98765 43210' });
  const saved = await saveTestByApi(suite.server.baseUrl, student);
  attemptId = saved.attemptId;
  const cookie = saved.cookie;
  // Half a minute of espeak-ng speech, long enough to be playing while the test scrolls.
  const wav = readFileSync(await makeSpeechWav('I grew up in a small town near the coast, and on weekends my family and I walked by the sea. '.repeat(4)));
  const upload = await fetch(`${suite.server.baseUrl}/api/attempts/${attemptId}/recording`, { method: 'PUT', headers: { cookie, 'content-type': 'audio/wav' }, body: wav });
  expect(upload.status).toBe(200);
}, 60_000);

/**
 * To the page's end, until it stops growing: the sections below the fold load as they come near and
 * make the page longer, later on a busy host (checked every 400 ms, at least twice).
 */
async function scrollToEnd(page: Page) {
  let height = -1;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          return document.querySelector('[aria-busy="true"]') === null ? document.documentElement.scrollHeight : -1;
        });
        const settled = now !== -1 && now === height;
        height = now;
        return settled;
      },
      { interval: 400, timeout: 15_000 },
    )
    .toBe(true);
}

const paused = (page: Page) => page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.paused);

/** Wholly inside the screen (not below its bottom edge nor beside it). */
async function onScreen(page: Page, name: string): Promise<boolean> {
  const box = await page.getByRole('button', { name, exact: true }).boundingBox();
  const size = page.viewportSize();
  return box !== null && size !== null && box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width;
}

describe.each(['phone', 'desktop'] as const)('on a %s, the recording played far below its player', (viewport: ViewportName) => {
  it('can be paused and played again from a dock at the bottom of the screen, which goes when the player is back in sight', async () => {
    const { page } = await suite.openPage({ viewport });
    await suite.signInAs(page, admin.user.id);
    await page.goto(`${suite.server.baseUrl}/admin/attempts/${attemptId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    const dock = page.getByRole('region', { name: 'Recording controls' });
    // Not played yet: no dock, wherever the teacher scrolls.
    await scrollToEnd(page);
    expect(await dock.count()).toBe(0);

    // Played (a word or the timeline plays it the same way), then scrolled away from the player.
    await page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.play());
    await scrollToEnd(page);
    await dock.waitFor();
    expect(await onScreen(page, 'Pause the recording')).toBe(true);
    const pause = await page.getByRole('button', { name: 'Pause the recording' }).boundingBox();
    expect(pause?.height ?? 0, 'Pause is a tap target of 44 px').toBeGreaterThanOrEqual(44);
    expect(await dock.innerText()).toMatch(/\d:\d\d \/ 0:\d\d/);
    await lookAt(page, `review-player-dock-${viewport}`, { oneH1: true });

    if (viewport === 'phone') await page.getByRole('button', { name: 'Pause the recording' }).tap();
    else await page.getByRole('button', { name: 'Pause the recording' }).click();
    await expect.poll(() => paused(page)).toBe(true);
    await page.getByRole('button', { name: 'Play the recording' }).click();
    await expect.poll(() => paused(page)).toBe(false);

    // The review form's buttons are never under the dock: at the page's end, and where the form stands.
    await scrollToEnd(page);
    const dockBox = await dock.boundingBox();
    const footer = await page.locator('footer').boundingBox();
    expect((footer?.y ?? 0) + (footer?.height ?? 0), 'the footer ends above the dock').toBeLessThanOrEqual((dockBox?.y ?? 0) + 1);
    await page.getByRole('button', { name: 'Release to the student' }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    const release = await page.getByRole('button', { name: 'Release to the student' }).boundingBox();
    const dockNow = await dock.boundingBox();
    if (release && dockNow) {
      const overlaps = release.x < dockNow.x + dockNow.width && dockNow.x < release.x + release.width && release.y < dockNow.y + dockNow.height && dockNow.y < release.y + release.height;
      expect(overlaps, 'Release is not under the dock').toBe(false);
    }

    await page.getByRole('button', { name: 'Go to the player' }).click();
    await expect.poll(() => dock.count()).toBe(0);
    await page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.pause());
  });
});

describe('on a phone, the student’s own attempt page', () => {
  it('holds the same dock once the recording is played and scrolled away from', async () => {
    const { page } = await suite.openPage({ viewport: 'phone' });
    await suite.signInAs(page, student.user.id);
    await page.goto(`${suite.server.baseUrl}/progress/attempts/${attemptId}`);
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    await page.locator('audio').evaluate((audio: HTMLAudioElement) => {
      audio.muted = true;
      return audio.play();
    });
    // The student's page shows how the bands were reached above the recording: back up there to read
    // them while it plays, the player is thousands of pixels below the screen.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('region', { name: 'Recording controls' }).waitFor();
    await page.getByRole('button', { name: 'Pause the recording' }).tap();
    await expect.poll(() => paused(page)).toBe(true);
  });
});

/**
 * An iPhone held sideways: its notch and rounded corners cover 47 px at one side (the other side is
 * given the same here, as when it is turned the other way) and its home bar 21 px at the bottom. The
 * page spans the whole screen (viewport-fit=cover, else Safari gives no insets and keeps its own
 * bars), so what can be read or tapped stays inside the safe area. Chromium is given the iPhone's
 * insets through DevTools (Emulation.setSafeAreaInsetsOverride).
 */
describe('on an iPhone held sideways, with its notch and home bar', () => {
  it('keeps the header, the page, the dock and a toast inside the safe area', async () => {
    const { page } = await suite.openPage({ viewport: 'phone' });
    const insets = { top: 0, bottom: 21, left: 47, right: 47 };
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets });
    await page.setViewportSize({ width: 844, height: 390 });
    await suite.signInAs(page, admin.user.id);
    await page.goto(`${suite.server.baseUrl}/admin/attempts/${attemptId}`);
    expect(await page.locator('meta[name="viewport"]').getAttribute('content')).toContain('viewport-fit=cover');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    const size = { width: 844, height: 390 };
    /** Inside the screen less its insets, at the sides and the bottom. */
    const inside = async (what: string, box: { x: number; y: number; width: number; height: number } | null) => {
      expect(box, `${what} is on the page`).not.toBeNull();
      if (!box) return;
      expect(box.x, `${what} starts right of the notch`).toBeGreaterThanOrEqual(insets.left);
      expect(box.x + box.width, `${what} ends left of the far side's inset`).toBeLessThanOrEqual(size.width - insets.right);
    };
    await inside('the header\'s brand', await page.locator('header a[href="/"]').first().boundingBox());
    await inside('the page\'s heading', await page.getByRole('heading', { level: 1 }).boundingBox());
    await inside('the page\'s column', await page.locator('main > div').first().boundingBox());
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

    await page.locator('audio').evaluate((audio: HTMLAudioElement) => {
      audio.muted = true;
      return audio.play();
    });
    await scrollToEnd(page);
    const pause = page.getByRole('button', { name: 'Pause the recording' });
    await pause.waitFor();
    const pauseBox = await pause.boundingBox();
    await inside('the dock\'s Pause', pauseBox);
    expect((pauseBox?.y ?? 0) + (pauseBox?.height ?? 0), 'Pause is above the home bar').toBeLessThanOrEqual(size.height - insets.bottom);
    const footerText = await page.locator('footer').getByText(/Parley/).boundingBox();
    await inside('the footer\'s line', footerText);

    await page.getByLabel('Comment').fill('Clear answers.');
    await page.getByRole('button', { name: 'Save review' }).click();
    const saved = toast(page, 'Review saved');
    await saved.waitFor();
    await toastsStandStill(page);
    const toastBox = await saved.boundingBox();
    await inside('the toast', toastBox);
    expect((toastBox?.y ?? 0) + (toastBox?.height ?? 0), 'the toast is above the home bar').toBeLessThanOrEqual(size.height - insets.bottom);
    await lookAt(page, 'review-iphone-sideways', { oneH1: true });
    await page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.pause());
  });
});
