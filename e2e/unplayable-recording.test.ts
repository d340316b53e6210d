import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAttempt, WEBM_SIGNATURE } from '../src/server/test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../src/server/test/factories.js';
import { lookAt, useBrowserSuite } from './support/index.js';

/**
 * A recording the browser cannot play: Safari before WebM support given a WebM that Chrome, Firefox
 * or an Android phone recorded, or bytes damaged on the way. The player alone said nothing (an empty
 * or greyed-out control): under it the student, and the teacher, are told that this browser cannot
 * play it, with the file to download and where it plays. Here Chromium is given bytes that start as a
 * WebM and are not one, which it refuses as Safari refuses a WebM it cannot decode.
 */
const suite = useBrowserSuite();
let admin: CreatedAdmin;
let student: CreatedStudent;
let attemptId = '';
const UNPLAYABLE_TITLE = 'This browser cannot play the recording';
const UNPLAYABLE_TEXT = 'Download the recording to play it on another device, or open this page in Chrome on a computer, which plays recordings from every browser.';
/** The browser's own report of the refused media, in the console: expected here. */
const MEDIA_REFUSED = [/Failed to load resource|MEDIA_ERR|DEMUXER_ERROR|Format error/i];

beforeAll(async () => {
  const db = suite.server.database.db;
  admin = await createAdmin(db, { username: 'headteacher' });
  student = await createStudent(db, { studentName: 'Chloé Martin' });
  const notAWebm = Buffer.concat([WEBM_SIGNATURE, Buffer.from('not the rest of a WebM file '.repeat(40))]);
  attemptId = await createAttempt(db, student.student.id, { recording: notAWebm, mimeType: 'audio/webm' });
});

/** What the recording's requests came to, kept for a note that does not come. */
function watchRecording(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/recording')) seen.push(`${response.status()} (range ${response.request().headers().range ?? 'none'})`);
  });
  page.on('requestfailed', (request) => {
    if (request.url().includes('/recording')) seen.push(`failed: ${request.failure()?.errorText ?? 'unknown'}`);
  });
  return seen;
}

/**
 * Waits for the note (a part of its own, loaded once the browser has refused the file: on a loaded
 * CI machine the page, the refusal and that part took more than the default 10 s). If it does not
 * come, the failure says where the player stood, so a time-out tells its cause.
 */
async function noteShows(page: Page, note: Locator, recording: string[]): Promise<void> {
  await note.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
    const players = await page.evaluate(() =>
      [...document.querySelectorAll('audio')].map((audio) => ({ networkState: audio.networkState, readyState: audio.readyState, error: audio.error?.code ?? null, src: audio.currentSrc })),
    );
    const regions = await page.getByRole('region').evaluateAll((found) => found.map((region) => region.getAttribute('aria-label') ?? region.textContent?.slice(0, 40)));
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\nplayers: ${JSON.stringify(players)}\nrecording requests: ${JSON.stringify(recording)}\nregions: ${JSON.stringify(regions)}\nat: ${page.url()}`,
    );
  });
}

describe('a recording the browser cannot play', () => {
  it("on the student's attempt page: told plainly under the player, with the file to download", async () => {
    const { page } = await suite.openPage({ viewport: 'phone', ignore: MEDIA_REFUSED });
    await suite.signInAs(page, student.user.id);
    const recording = watchRecording(page);
    await page.goto(`${suite.server.baseUrl}/progress/attempts/${attemptId}`);
    await page.locator('audio').waitFor({ state: 'attached' });
    const note = page.getByTestId('recording-unplayable');
    await noteShows(page, note, recording);
    expect(await note.getAttribute('role')).toBe('alert');
    expect(await note.innerText()).toBe(`${UNPLAYABLE_TITLE}\n\n${UNPLAYABLE_TEXT}`);
    const download = note.getByRole('link', { name: 'Download the recording' });
    expect(await download.getAttribute('href')).toBe(`/api/attempts/${attemptId}/recording`);
    expect(await download.getAttribute('download')).not.toBeNull();
    await lookAt(page, 'unplayable-recording-student-phone');
  });

  it("on the teacher's review page too, on a slow laptop", async () => {
    // Its main thread slowed tenfold, the page took longer to draw the player than the browser took
    // to refuse the file: the refusal came before the player was on the screen, and the note never
    // came (two CI runs on a slow machine timed out here).
    const { page } = await suite.openPage({ ignore: MEDIA_REFUSED, cpuSlowdown: 10 });
    await suite.signInAs(page, admin.user.id);
    const recording = watchRecording(page);
    await page.goto(`${suite.server.baseUrl}/admin/attempts/${attemptId}`);
    const note = page.getByRole('region', { name: 'Recording' }).getByTestId('recording-unplayable');
    await noteShows(page, note, recording);
    expect(await note.innerText()).toBe(`${UNPLAYABLE_TITLE}\n\n${UNPLAYABLE_TEXT}`);
    await lookAt(page, 'unplayable-recording-teacher-desktop');
  });
});
