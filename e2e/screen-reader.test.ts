import { eq } from 'drizzle-orm';
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { emptyInterviewProfile, type InterviewProfile } from '../src/shared/api/interview.js';
import { INTERVIEW_LEAVE_CONFIRMATION } from '../src/shared/interview/constants.js';
import { INTERVIEW_PAUSED_MESSAGE } from '../src/client/features/interview/flow/pause-step.js';
import { PAGE_HIDDEN_MESSAGE } from '../src/client/features/speaking-test/flow/recognition.js';
import { LEAVE_TEST_TEXT, UNSENT_RESULT_TEXT } from '../src/client/features/speaking-test/leave-texts.js';
import { attempts } from '../src/server/db/schema.js';
import { recordingAnalyses } from '../src/server/db/schema-analysis.js';
import { NO_DECODER_REASON } from '../src/server/lib/ffmpeg.js';
import { saveInterviewProfile } from '../src/server/interview/service.js';
import { createStudent } from '../src/server/test/factories.js';
import { installFakeRecognition } from './support/fake-recognition.js';
import { PART3_ANSWERS } from './support/answers.js';
import { listening, lookAt, makeSpeechWav, PART2_PREPARATION_TEXT, pumpUntil, seekBy, setPageHidden, useBrowserSuite, visible } from './support/index.js';

/**
 * The interview (and the speaking test's answer buttons) as a screen reader and the keyboard alone
 * meet them: where the focus goes when a view, a list row or a button's use is gone, and what the
 * live region reads as each question is asked. Keys only (focus and Enter), no clicks.
 */
const suite = useBrowserSuite({ browser: async () => ({ fakeAudioFile: await makeSpeechWav('I build accessible web applications.') }) });

const PROFILE: InterviewProfile = { ...emptyInterviewProfile(), professionalSummary: 'Frontend developer who enjoys accessible design.', skills: 'React, TypeScript' };

/** The focused element: its tag, accessible name as a reader gets it (label, aria-label or text), and what describes it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const input = element as HTMLInputElement;
    const described = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '');
    return {
      tag: element.tagName,
      name: (element.getAttribute('aria-label') ?? input.labels?.[0]?.textContent ?? element.textContent ?? '').replace(/\s*\*\s*$/, '').trim(),
      invalid: element.getAttribute('aria-invalid') === 'true',
      description: described.join(' ').trim(),
      group: element.closest('[role="group"]')?.getAttribute('aria-label') ?? null,
    };
  });
}

/** Presses Enter on the control, focused as Tab would leave it. */
async function press(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name, exact: typeof name === 'string' }).focus();
  await page.keyboard.press('Enter');
}

describe('signing in, keyboard and screen reader', () => {
  it('an empty form takes the focus to the first field it refuses, and signing in puts the focus on the heading of the page it leads to', async () => {
    const student = await createStudent(suite.server.database.db, { courseName: 'Interview Aspirant', studentName: 'Meera Shah' });
    const { page } = await suite.openPage();
    await page.goto(`${suite.server.baseUrl}/auth`);
    await page.getByRole('button', { name: 'Sign in' }).focus();
    await page.keyboard.press('Enter');
    // Not left on Sign in in silence: the reader is on the field with its error.
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT', name: 'Username or mobile number', invalid: true });
    await page.keyboard.type(student.mobileNumber);
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT', name: 'Password', invalid: true });
    expect((await focused(page)).description).not.toBe('');
    // On a slow network the next page's code takes a while: the form stays until it opens, never
    // "Already Logged In" with a sign-out button for a moment.
    await page.evaluate(() => {
      const seen = { already: false };
      Object.defineProperty(window, '__seen', { value: seen });
      new MutationObserver(() => {
        if (document.body.innerText.includes('Already Logged In')) seen.already = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.keyboard.type(student.password);
    await page.keyboard.press('Enter');
    // The first-visit page hands over to the full app: its first page is a move all the same.
    await page.waitForURL('**/interview-dashboard');
    expect(await page.evaluate(() => (window as unknown as { __seen: { already: boolean } }).__seen.already)).toBe(false);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1' });
  });
});

describe('interview dashboard, keyboard and screen reader', () => {
  async function openDashboard() {
    const student = await createStudent(suite.server.database.db, { courseName: 'Interview Aspirant', studentName: 'Asha Rao' });
    const { page } = await suite.openPage();
    await suite.signInAs(page, student.user.id);
    await page.goto(`${suite.server.baseUrl}/interview-dashboard`);
    await page.getByLabel('Professional Summary').waitFor();
    return { page, experience: page.getByRole('region', { name: 'Professional Experience' }) };
  }

  it("a page names itself in the tab's title, and a move by link puts the focus on the new page's heading", async () => {
    const { page } = await openDashboard();
    await expect.poll(() => page.title()).toBe('Interview Dashboard · Parley');
    await page.getByRole('link', { name: 'My progress' }).focus();
    await page.keyboard.press('Enter');
    // Not left on the link, nor on the document: the reader starts at the page it came to.
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1', name: 'My progress' });
    expect(await page.title()).toBe('My progress · Parley');
  });

  it("the page's heading is followed only until the page's own is in: a heading changed later is left to the page (it names the tab itself)", async () => {
    const student = await createStudent(suite.server.database.db, { courseName: 'Interview Aspirant', studentName: 'Asha Rao' });
    const { page } = await suite.openPage();
    await page.clock.install();
    await suite.signInAs(page, student.user.id);
    await page.goto(`${suite.server.baseUrl}/interview-dashboard`);
    await page.getByLabel('Professional Summary').waitFor();
    await expect.poll(() => page.title()).toBe('Interview Dashboard · Parley');
    // However the page arrived (its skeleton's heading replaced, or its own there from the start),
    // the watch on its headings has ended 10 s on.
    await page.clock.runFor(10_000);
    await page.evaluate(() => {
      const stranger = document.createElement('h1');
      stranger.textContent = 'Not the page';
      document.querySelector('#main h1')?.replaceWith(stranger);
    });
    // A MutationObserver's callback runs before the next evaluate's script.
    await page.evaluate(() => Promise.resolve());
    expect(await page.title()).toBe('Interview Dashboard · Parley');
  });

  it('a refused save takes the focus to the first invalid field, which reads its error, instead of leaving it on Save in silence', async () => {
    const { page, experience } = await openDashboard();
    await press(page, 'Add More Professional Experience');
    await experience.getByLabel('Company name').fill('Acme');
    await experience.getByLabel('From').fill('2024-05-01');
    await experience.getByLabel('To', { exact: true }).fill('2023-01-01');

    await press(page, 'Save');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT', name: 'To', invalid: true, description: 'must not be before the From date Empty means present' });
    await lookAt(page, 'screen-reader-dashboard-refused-desktop');
  });

  it('Save keeps the focus through the save (it was disabled while saving, which dropped the focus to the page top)', async () => {
    const { page } = await openDashboard();
    await page.getByLabel('Professional Summary').fill('Frontend developer who enjoys accessible design.');
    await press(page, 'Save');
    await page.getByText('Your interview profile has been saved.').waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Save' });
    await lookAt(page, 'screen-reader-dashboard-saved-desktop');
  });

  it("names each list row's fields by their row, and a removed row leaves the focus on the row in its place, then on Add More, not on the page's top", async () => {
    const { page, experience } = await openDashboard();
    await press(page, 'Add More Professional Experience');
    // The new row takes the focus: its first field, named by its row.
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT', name: 'Company name', group: 'Experience 1' });
    await press(page, 'Add More Professional Experience');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT', name: 'Company name', group: 'Experience 2' });
    await experience.getByRole('group', { name: 'Experience 1' }).getByLabel('Company name').fill('Acme');
    await experience.getByRole('group', { name: 'Experience 2' }).getByLabel('Company name').fill('Globex');

    await press(page, 'Remove experience 1');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT', name: 'Company name', group: 'Experience 1' });
    expect(await experience.getByLabel('Company name').inputValue()).toBe('Globex');
    await press(page, 'Remove experience 1');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Add More Professional Experience' });
  });
});

interface Heard {
  announced: string[];
}

/** Notes every text the interview's live region takes (a MutationObserver: none is missed between polls). */
function listenToAnnouncer(): void {
  const heard: Heard = { announced: [] };
  Object.defineProperty(window, '__heard', { value: heard });
  const note = () => {
    const text = document.querySelector('[data-testid="interview-announcer"]')?.textContent?.trim() ?? '';
    if (text !== '' && heard.announced.at(-1) !== text) heard.announced.push(text);
  };
  const start = () => new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}

/** Counts the pieces of audio the page's recorders yield (one a second while recording). */
function countRecordedPieces(): void {
  const recorded = { pieces: 0 };
  Object.defineProperty(window, '__recorded', { value: recorded });
  const Original = window.MediaRecorder;
  window.MediaRecorder = class extends Original {
    constructor(stream: MediaStream, options?: MediaRecorderOptions) {
      super(stream, options);
      this.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) recorded.pieces += 1;
      });
    }
  };
}

const heading = (page: Page) => page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : `not a heading: ${document.activeElement?.tagName}`));

/**
 * The focused element (or the one `expression` gives) as Chromium's accessibility tree gives it to a
 * screen reader: its role, name and description.
 */
async function readOut(page: Page, expression = 'document.activeElement'): Promise<{ role: string; name: string; description: string }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { result } = await cdp.send('Runtime.evaluate', { expression });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId, fetchRelatives: false });
    const node = nodes[0];
    return { role: String(node?.role?.value ?? ''), name: String(node?.name?.value ?? ''), description: String(node?.description?.value ?? '') };
  } finally {
    await cdp.detach();
  }
}

/** The open dialog as a screen reader meets it: its role, name and description. */
const dialogReadOut = (page: Page) => readOut(page, `document.querySelector('[role="dialog"], [role="alertdialog"]')`);

/** Presses `key` `times` times: the name of each control reached, marked when it lies outside the open dialog. */
async function keysInDialog(page: Page, key: string, times: number): Promise<string[]> {
  const reached: string[] = [];
  for (let presses = 0; presses < times; presses += 1) {
    await page.keyboard.press(key);
    const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')));
    const { name } = await readOut(page);
    reached.push(inside ? name : `outside the dialog: ${name}`);
  }
  return reached;
}

/**
 * Where a screen reader is, inside the focused element too, as "role: name": a native player's
 * buttons and sliders live in the browser's own shadow tree, where the page's scripts see only the
 * <audio> element. The deepest node of Chromium's accessibility tree that has the focus.
 */
async function focusedControl(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const node = nodes.filter((each) => each.properties?.some((property) => property.name === 'focused' && property.value.value === true)).at(-1);
    return `${String(node?.role?.value ?? '')}: ${String(node?.name?.value ?? '')}`;
  } finally {
    await cdp.detach();
  }
}

/** Answers the first save with a refusal (422, as a server that cannot take it would), the later ones as usual; how many were refused. */
async function refuseFirstSave(page: Page, url: string): Promise<() => number> {
  let refused = 0;
  await page.route(url, async (route: Route) => {
    if (route.request().method() !== 'POST' || refused > 0) return route.continue();
    refused += 1;
    return route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'The server could not take it just now.' }) });
  });
  return () => refused;
}

/**
 * Answers every save with 503 (the result waits on the device and is tried again) until `away` is
 * set false, then the next with a refusal (422), the later ones as usual.
 */
async function awayThenRefuse(page: Page, url: string): Promise<{ away: boolean; unavailable: number; refused: number }> {
  const server = { away: true, unavailable: 0, refused: 0 };
  await page.route(url, async (route: Route) => {
    if (route.request().method() !== 'POST' || (!server.away && server.refused > 0)) return route.continue();
    const status = server.away ? 503 : 422;
    if (server.away) server.unavailable += 1;
    else server.refused += 1;
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message: 'The server could not take it just now.' }) });
  });
  return server;
}

/**
 * The results' recording player, once the student's one saved attempt has its recording: its analysis
 * is ended as a server without an audio decoder ends it, which shows the player alone (the player is
 * looked at here, not the analysis); the results ask again every 5 s.
 */
async function resultsPlayer(page: Page, studentId: number): Promise<Locator> {
  const section = page.getByTestId('results-recording');
  await pumpUntil(page, async () => (await section.count()) > 0 && (await section.getAttribute('data-stage')) === 'pending', 'the recording to be saved', { stepMs: 1_000, realMs: 100 });
  const db = suite.server.database.db;
  const [saved, ...more] = await db.select({ id: attempts.id }).from(attempts).where(eq(attempts.studentId, studentId));
  if (!saved || more.length > 0) throw new Error('expected the student to have one saved attempt');
  await db.update(recordingAnalyses).set({ status: 'unavailable', reason: NO_DECODER_REASON }).where(eq(recordingAnalyses.attemptId, saved.id));
  const audio = section.locator('audio');
  await pumpUntil(page, async () => (await audio.count()) > 0, 'the player', { stepMs: 1_000, realMs: 100 });
  await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
  return audio;
}

/** From now on, whether `audio` has started playing: its play event is noted, since a short recording may have ended by the next poll. */
async function notePlays(audio: Locator): Promise<() => Promise<boolean>> {
  await audio.evaluate((element: HTMLAudioElement) => {
    element.dataset.played = 'no';
    element.addEventListener('play', () => (element.dataset.played = 'yes'), { once: true });
  });
  return async () => (await audio.getAttribute('data-played')) === 'yes';
}

/**
 * A new interview student's simulator, started by keys alone (its heading has the focus), with the
 * scripted recognizer, the live region's log, the recorder's pieces counted and the page's clock.
 * Opened from the dashboard's Start My Interview when the browser's Back is to stay in the app.
 */
async function startInterview(studentName: string, { fromDashboard = false, ignore = [] as RegExp[] } = {}) {
  const student = await createStudent(suite.server.database.db, { courseName: 'Interview Aspirant', studentName });
  await saveInterviewProfile(suite.server.database.db, student.student.id, PROFILE);
  const { page } = await suite.openPage({ ignore: [/status of 401/, ...ignore], timeoutMs: 15_000 });
  const fake = await installFakeRecognition(page);
  await page.addInitScript(listenToAnnouncer);
  await page.addInitScript(countRecordedPieces);
  await page.clock.install();
  await suite.signInAs(page, student.user.id);
  if (fromDashboard) {
    await page.goto(`${suite.server.baseUrl}/interview-dashboard`);
    await page.getByLabel('Professional Summary').waitFor();
    await press(page, 'Start My Interview');
    await page.waitForURL('**/interview-simulator');
  } else await page.goto(`${suite.server.baseUrl}/interview-simulator`);
  const allow = page.getByRole('button', { name: 'Allow Microphone Access' });
  await expect.poll(() => allow.isEnabled()).toBe(true);
  await press(page, 'Allow Microphone Access');
  await expect.poll(() => heading(page)).toBe(`Welcome, ${studentName}!`);
  const total = Number(/^(\d+)/.exec((await page.getByText(/questions? have been prepared/).textContent()) ?? '')?.[1]);
  await press(page, 'Start My Interview');
  await expect.poll(() => heading(page)).toBe('Interview Simulation');
  const questionListenedFor = async () => (await page.getByTestId('current-question').count()) > 0 && (await listening(fake));
  return { student, page, fake, total, questionListenedFor };
}

describe('interview simulator, keyboard and screen reader', () => {
  it('each view takes the focus to its heading, Next Question keeps it, and each question is read once, with its text, as it is asked', async () => {
    const student = await createStudent(suite.server.database.db, { courseName: 'Interview Aspirant', studentName: 'Asha Rao' });
    await saveInterviewProfile(suite.server.database.db, student.student.id, PROFILE);
    const { page } = await suite.openPage({ ignore: [/status of 401/], timeoutMs: 15_000 });
    const fake = await installFakeRecognition(page);
    await page.addInitScript(listenToAnnouncer);
    await page.clock.install();
    await suite.signInAs(page, student.user.id);
    await page.goto(`${suite.server.baseUrl}/interview-simulator`);
    const allow = page.getByRole('button', { name: 'Allow Microphone Access' });
    await expect.poll(() => allow.isEnabled()).toBe(true);
    await press(page, 'Allow Microphone Access');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Asha Rao!' }).waitFor();
    await expect.poll(() => heading(page)).toBe('Welcome, Asha Rao!');
    const total = Number(/^(\d+)/.exec((await page.getByText(/questions? have been prepared/).textContent()) ?? '')?.[1]);

    expect(await page.title()).toBe('Welcome, Asha Rao! · Parley');

    await press(page, 'Start My Interview');
    await expect.poll(() => heading(page)).toBe('Interview Simulation');
    // Each view names the tab after its heading (Panel.tsx), long after the page's arrival stopped watching.
    expect(await page.title()).toBe('Interview Simulation · Parley');
    // The countdown is a named timer, as the speaking test's are.
    expect(await page.getByRole('timer', { name: 'Interview time left' }).textContent()).toMatch(/^\d+:\d\d$/);
    const asked: string[] = [];
    for (let n = 1; n <= total; n += 1) {
      await page.getByText(`Question ${n} of ${total}`, { exact: true }).waitFor();
      for (let steps = 0; (await page.getByTestId('current-question').count()) === 0; steps += 1) {
        if (steps > 60) throw new Error(`question ${n} was never asked`);
        await page.clock.runFor(500);
      }
      const question = (await page.getByTestId('current-question').textContent()) ?? '';
      asked.push(question);
      // While the interviewer asks it, the live region reads it: the number and the question itself.
      expect(await page.getByTestId('interview-announcer').textContent()).toBe(`Question ${n} of ${total}: ${question}`);
      for (let steps = 0; !(await page.getByText('Listening...').isVisible()); steps += 1) {
        if (steps > 60) throw new Error(`question ${n} was never listened for`);
        await page.clock.runFor(500);
      }
      if (n === 1) await lookAt(page, 'screen-reader-interview-question-desktop');
      await fake.say('I have three years of experience building accessible web applications with React for small businesses');
      if (n === 1) {
        // Next Question from the keyboard: it keeps the focus, unavailable while the next question is asked.
        await press(page, 'Next Question');
        await page.getByText(`Question 2 of ${total}`, { exact: true }).waitFor();
        await page.clock.runFor(1_600);
        await page.getByTestId('current-question').waitFor();
        expect(await page.evaluate(() => [document.activeElement?.textContent, document.activeElement?.getAttribute('aria-disabled')])).toEqual(['Next Question', 'true']);
        await lookAt(page, 'screen-reader-interview-next-held-desktop');
        continue;
      }
      await page.clock.runFor(3_600);
      await page.clock.runFor(8_100);
    }
    await page.getByRole('heading', { level: 1, name: 'Interview Completed!' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => heading(page)).toBe('Interview Completed!');
    expect(await page.title()).toBe('Interview Completed! · Parley');

    const { announced } = await page.evaluate(() => (window as unknown as { __heard: Heard }).__heard);
    for (const [i, question] of asked.entries()) {
      expect(announced.filter((text) => text.includes(question)), `question ${i + 1} is read once`).toEqual([`Question ${i + 1} of ${total}: ${question}`]);
    }
    expect(announced).toContain('Listening to your answer.');
    // The auto-advance, once the words are heard: said once per question, never as a ticking number.
    expect(announced).toContain('Listening. The interview moves on 8 seconds after you stop speaking.');
    expect(announced.filter((text) => /Auto-advancing/.test(text))).toEqual([]);
  });

  it('a whole interview by Tab and Enter: Stop and Start Recording keep the focus and say what they did, a pause away hands the focus to Continue, described by why, and back to the answer, and the completed view is tabbed from its heading through its controls', async () => {
    const { page, fake, total } = await startInterview('Ravi Menon');
    const announcer = page.getByTestId('interview-announcer');
    const listenedFor = (n: number) => async () =>
      (await visible(page, `Question ${n} of ${total}`)()) && (await page.getByTestId('current-question').count()) > 0 && (await listening(fake));

    // From the heading, the next Tab is the answer's first button.
    await pumpUntil(page, listenedFor(1), 'question 1 to be listened for');
    expect(await tabTo(page, 'Stop Recording')).toBe(1);
    await fake.say('I have three years of experience building accessible web applications');
    await page.keyboard.press('Enter');
    // The same button, now Start Recording, keeps the focus, and the reader hears that the recording stopped.
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Start Recording' });
    expect(await announcer.textContent()).toBe('Recording stopped.');
    expect((await fake.status()).live).toBeNull();
    expect(await page.getByText('Listening...').count()).toBe(0);
    await lookAt(page, 'screen-reader-interview-stopped-desktop');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Stop Recording' });
    expect(await announcer.textContent()).toBe('Listening to your answer.');
    // The recording resumes 0.5 s on and runs in real time: the answer is spoken until a piece of it is
    // recorded, so that the completed view has a recording to download.
    await page.clock.runFor(600);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __recorded: { pieces: number } }).__recorded.pieces), { timeout: 5_000 }).toBeGreaterThan(0);
    await fake.say('with React and TypeScript for small businesses in my town');

    // Away for 20 s (another app, the screen locked): the alert and the live region changed while the
    // page was out of sight, so what a reader hears on coming back is the focused Continue, with why.
    await setPageHidden(page, true);
    await page.clock.runFor(20_000);
    await setPageHidden(page, false);
    await page.getByRole('alert', { name: 'Interview paused' }).waitFor();
    const resumeNote = 'Continue when you are ready: your answer so far is kept, and you can add to it.';
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Continue' });
    expect(await readOut(page)).toEqual({
      role: 'button',
      name: 'Continue',
      description: `You left the interview page, so the interview stopped here while you were away. ${resumeNote}`,
    });
    expect(await announcer.textContent()).toBe(`Interview paused. ${resumeNote}`);
    expect(await visible(page, `Question 1 of ${total}`)()).toBe(true);
    await lookAt(page, 'screen-reader-interview-paused-desktop');
    // Continue by Enter takes the answer up again, and the focus with it (it fell to the page's top with Continue).
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Stop Recording' });
    await fake.waitForListening();
    expect(await announcer.textContent()).toBe('Listening. The interview moves on 8 seconds after you stop speaking.');
    expect(await page.getByTestId('live-transcript').textContent()).toBe(
      'I have three years of experience building accessible web applications with React and TypeScript for small businesses in my town',
    );

    // The rest by Tab and Enter: Next Question keeps the focus into each question, and is Complete Interview at the last.
    expect(await tabTo(page, 'Next Question')).toBe(1);
    await page.keyboard.press('Enter');
    for (let n = 2; n <= total; n += 1) {
      await pumpUntil(page, listenedFor(n), `question ${n} to be listened for`);
      expect(await focused(page), `question ${n}`).toMatchObject({ tag: 'BUTTON', name: n === total ? 'Complete Interview' : 'Next Question' });
      await fake.say(PART3_ANSWERS[n - 2] ?? 'I would ask how the team shares what it learns from its mistakes');
      await page.keyboard.press('Enter');
    }

    await page.getByRole('heading', { level: 1, name: 'Interview Completed!' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => heading(page)).toBe('Interview Completed!');
    await pumpUntil(page, async () => (await page.getByText(/^Saved\./).count()) > 0, 'the save');
    await page.getByRole('heading', { level: 2, name: 'Your scores' }).waitFor();
    // Every control of the view, in the page's order, each reached by Tab from the heading, named; the next Tab leaves the view.
    const controls = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main :is(a[href], button, summary, input, select, textarea, audio[controls], [tabindex]:not([tabindex="-1"]))')]
        .filter((control) => control.getClientRects().length > 0 && !control.matches(':disabled'))
        .map((control) => control.textContent.trim()),
    );
    expect(controls).toEqual(['Relevance of each answer', 'Download Transcript', 'Download Audio', 'Back to Dashboard']);
    const reached: Array<{ role: string; name: string; description: string }> = [];
    for (let presses = 0; presses < controls.length; presses += 1) {
      await page.keyboard.press('Tab');
      reached.push(await readOut(page));
    }
    expect(reached.map((control) => control.name)).toEqual(controls);
    expect(reached.map((control) => control.role)).toEqual(['DisclosureTriangle', 'button', 'button', 'button']);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Back to Dashboard' });
    await lookAt(page, 'screen-reader-interview-completed-keyboard-desktop');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/interview-dashboard');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1' });
  });

  it("the leave dialog by keyboard: a link away opens it named and described, the focus on Stay and kept inside; Escape gives the focus back to the link and the interview listens on; the browser's Back asks the same; Leave goes, the focus on the next page's heading", async () => {
    const { page, fake, questionListenedFor } = await startInterview('Nisha Pillai', { fromDashboard: true });
    await pumpUntil(page, questionListenedFor, 'question 1 to be listened for');
    const myProgress = page.getByRole('link', { name: 'My progress', exact: true });
    await myProgress.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    expect(await dialogReadOut(page)).toEqual({ role: 'dialog', name: 'Leave the interview?', description: INTERVIEW_LEAVE_CONFIRMATION });
    await expect.poll(() => readOut(page)).toMatchObject({ role: 'button', name: 'Stay in the interview' });
    await lookAt(page, 'screen-reader-interview-leave-desktop');
    // Tab goes round the dialog's buttons and Shift+Tab back, never to the page behind it.
    expect(await keysInDialog(page, 'Tab', 3)).toEqual(['Leave and end the interview', 'Close dialog', 'Stay in the interview']);
    expect(await keysInDialog(page, 'Shift+Tab', 1)).toEqual(['Close dialog']);
    // Escape stays: the focus is back on the link that opened it, and the answer is listened to as before.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => readOut(page)).toMatchObject({ role: 'link', name: 'My progress' });
    expect(new URL(page.url()).pathname).toBe('/interview-simulator');
    await fake.say('I have three years of experience building accessible web applications');
    await expect.poll(() => page.getByTestId('live-transcript').textContent()).toBe('I have three years of experience building accessible web applications');

    // The browser's Back (Alt+Left is the browser window's own key, which a headless page never
    // gets: the page goes back as the key would) asks the same; Stay by Enter keeps the interview,
    // and the focus where it was.
    await page.goBack();
    await page.getByRole('dialog').waitFor();
    await expect.poll(() => readOut(page)).toMatchObject({ role: 'button', name: 'Stay in the interview' });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => readOut(page)).toMatchObject({ role: 'link', name: 'My progress' });
    expect(new URL(page.url()).pathname).toBe('/interview-simulator');
    expect(await listening(fake)).toBe(true);

    // Leave, by Tab and Enter: the interview ends and the reader starts at the heading of the page the link leads to.
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await expect.poll(() => readOut(page)).toMatchObject({ role: 'button', name: 'Stay in the interview' });
    expect(await keysInDialog(page, 'Tab', 1)).toEqual(['Leave and end the interview']);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/progress');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1', name: 'My progress' });
    expect((await fake.status()).live).toBeNull();
  });

  it('a pause away while the question is asked: Continue takes the focus, described by why and that the question is asked again; Enter asks it again, the focus held on Start Recording, then on Stop Recording as the answer is listened for', async () => {
    const { page, fake, total } = await startInterview('Arjun Nair');
    // The question is on the screen and being spoken (no voices here: a wait as long as the line, on the page's clock), not yet listened for.
    await pumpUntil(page, async () => (await page.getByTestId('current-question').count()) > 0, 'question 1 to be asked');
    expect(await page.getByText('The interviewer is speaking…').isVisible()).toBe(true);
    expect(await listening(fake)).toBe(false);
    const question = (await page.getByTestId('current-question').textContent()) ?? '';

    await setPageHidden(page, true);
    await page.clock.runFor(20_000);
    await setPageHidden(page, false);
    await page.getByRole('alert', { name: 'Interview paused' }).waitFor();
    const askedAgain = 'Continue when you are ready: the interviewer asks this question again.';
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Continue' });
    expect(await readOut(page)).toEqual({ role: 'button', name: 'Continue', description: `${INTERVIEW_PAUSED_MESSAGE} ${askedAgain}` });
    expect(await page.getByTestId('interview-announcer').textContent()).toBe(`Interview paused. ${askedAgain}`);
    expect(await listening(fake)).toBe(false);
    await lookAt(page, 'screen-reader-interview-paused-question-desktop');

    // The question is asked again: the answer's first button has the focus, held (not disabled) until
    // the question is listened for, and the live region reads the question again.
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Start Recording' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-disabled'))).toBe('true');
    await expect.poll(() => page.getByTestId('interview-announcer').textContent()).toBe(`Question 1 of ${total}: ${question}`);
    await pumpUntil(page, () => listening(fake), 'question 1 to be listened for');
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Stop Recording' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-disabled'))).toBeNull();
    const { announced } = await page.evaluate(() => (window as unknown as { __heard: Heard }).__heard);
    expect(announced.filter((text) => text === `Question 1 of ${total}: ${question}`)).toHaveLength(2);
  });

  it("the completed view by keyboard: a refused save's Try again leaves the focus on how the save stands (it fell to the page's top with the button), and the recording's player is reached by Tab, every control in it named, and plays by Enter", async () => {
    const { student, page, fake, questionListenedFor } = await startInterview('Farah Khan', { ignore: [/status of 422/] });
    const refused = await refuseFirstSave(page, '**/api/interview-sessions');
    await pumpUntil(page, questionListenedFor, 'question 1 to be listened for');
    // The recording resumes 0.5 s after listening starts and runs in real time: a piece of it, for the player.
    await page.clock.runFor(600);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __recorded: { pieces: number } }).__recorded.pieces), { timeout: 5_000 }).toBeGreaterThan(0);
    await fake.say('I have three years of experience building accessible web applications with React and TypeScript');
    // The half hour runs out: the interview completes, and its save is refused.
    await page.clock.fastForward(30 * 60 * 1000);
    await expect.poll(() => heading(page)).toBe('Interview Completed!');
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    expect(await tabTo(page, 'Try again')).toBe(1);
    await lookAt(page, 'screen-reader-interview-save-refused-desktop');

    await page.keyboard.press('Enter');
    // The button goes with the refusal: the focus stays on the save's status, which a reader hears change, and Tab goes on from there.
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'DIV', name: expect.stringMatching(/^(Saving…|Saved\.)$/) });
    await pumpUntil(page, async () => (await page.getByText(/^Saved\./).count()) > 0, 'the save after Try again');
    expect(await focused(page)).toMatchObject({ tag: 'DIV', name: 'Saved.' });
    expect(refused()).toBe(1);
    await lookAt(page, 'screen-reader-interview-save-retried-desktop');
    expect(await tabTo(page, 'Download Transcript')).toBe(1);

    // The player follows the view's buttons, named; Tab goes through its own controls, each named, and Enter on Play plays the recording.
    const audio = await resultsPlayer(page, student.student.id);
    expect(await tabTo(page, 'Recording of the attempt')).toBe(3);
    expect(await focusedControl(page)).toBe('Audio: Recording of the attempt');
    const controls: string[] = [];
    for (let presses = 0; presses < 5; presses += 1) {
      await page.keyboard.press('Tab');
      controls.push(await focusedControl(page));
    }
    expect(controls).toEqual(['button: play', 'slider: audio time scrubber', 'slider: volume', 'button: mute', 'button: show more media controls']);
    for (let presses = 0; presses < 4; presses += 1) await page.keyboard.press('Shift+Tab');
    expect(await focusedControl(page)).toBe('button: play');
    await lookAt(page, 'screen-reader-interview-player-desktop');
    const played = await notePlays(audio);
    await page.keyboard.press('Enter');
    await expect.poll(played).toBe(true);
    await audio.evaluate((element: HTMLAudioElement) => element.pause());
  });
});

/**
 * A new student's /test at "Ready to start", with the scripted recognizer and the page's clock (and
 * `scripts` run in the page before its own; `ignore`: console errors expected).
 */
async function readyToStart(studentName: string, timeoutMs: number, { ignore = [] as RegExp[], scripts = [] as Array<() => void> } = {}) {
  const student = await createStudent(suite.server.database.db, { studentName });
  const { page } = await suite.openPage({ timeoutMs, ignore });
  const fake = await installFakeRecognition(page);
  for (const script of scripts) await page.addInitScript(script);
  await page.clock.install();
  await suite.signInAs(page, student.user.id);
  await page.goto(`${suite.server.baseUrl}/test`);
  await page.clock.runFor(1_100);
  await pumpUntil(page, visible(page, 'Ready to start'), 'the microphone');
  return { student, page, fake };
}

describe('speaking test, keyboard and screen reader', () => {
  it("I've finished my answer keeps the focus into the next question, unavailable while it is asked, then usable again", async () => {
    const { page, fake } = await readyToStart('Asha Verma', 15_000);
    await press(page, 'Start Test');
    await pumpUntil(page, async () => (await visible(page, 'Question 1 of 10')()) && (await listening(fake)), 'question 1 to be listened for');
    await fake.say('My name is Asha Verma and my friends call me Ash');

    await press(page, "I've finished my answer");
    await pumpUntil(page, visible(page, 'Question 2 of 10'), 'question 2');
    const finish = () => page.evaluate(() => [document.activeElement?.textContent, document.activeElement?.getAttribute('aria-disabled') ?? 'usable']);
    expect(await finish()).toEqual(["I've finished my answer", 'true']);
    await lookAt(page, 'screen-reader-test-finish-held-desktop');
    await pumpUntil(page, () => listening(fake), 'question 2 to be listened for');
    expect(await finish()).toEqual(["I've finished my answer", 'usable']);
  });

  it('the leave dialog by keyboard mid-test: a link away opens it named and described, the focus on Stay and kept inside; Escape gives the focus back to the link and the answer is listened to; Sign out asks the same; Leave goes, the focus on the next page\'s heading', async () => {
    const { page, fake } = await readyToStart('Divya Menon', 15_000);
    await press(page, 'Start Test');
    await pumpUntil(page, async () => (await visible(page, 'Question 1 of 10')()) && (await listening(fake)), 'question 1 to be listened for');
    const myProgress = page.getByRole('link', { name: 'My progress', exact: true });
    await myProgress.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    expect(await dialogReadOut(page)).toEqual({ role: 'dialog', name: 'Leave the test?', description: LEAVE_TEST_TEXT });
    await expect.poll(() => readOut(page)).toMatchObject({ role: 'button', name: 'Stay' });
    await lookAt(page, 'screen-reader-test-leave-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, 'screen-reader-test-leave-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Tab goes round the dialog's buttons and Shift+Tab back, never to the page behind it.
    expect(await keysInDialog(page, 'Tab', 3)).toEqual(['Leave', 'Close dialog', 'Stay']);
    expect(await keysInDialog(page, 'Shift+Tab', 2)).toEqual(['Close dialog', 'Leave']);
    // Escape stays: the focus is back on the link that opened it, and the answer is listened to as before.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => readOut(page)).toMatchObject({ role: 'link', name: 'My progress' });
    expect(new URL(page.url()).pathname).toBe('/test');
    await fake.say('My name is Divya Menon and my friends call me Div');
    await expect.poll(() => page.getByTestId('live-transcript').textContent()).toBe('My name is Divya Menon and my friends call me Div');

    // Sign out asks the same; Stay by Enter gives the focus back to Sign out, the test still running.
    await press(page, 'Sign out');
    await page.getByRole('dialog').waitFor();
    expect((await dialogReadOut(page)).name).toBe('Leave the test?');
    await expect.poll(() => readOut(page)).toMatchObject({ role: 'button', name: 'Stay' });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => readOut(page)).toMatchObject({ role: 'button', name: 'Sign out' });
    expect(new URL(page.url()).pathname).toBe('/test');
    expect(await listening(fake)).toBe(true);

    // Leave, by Tab and Enter: the test ends and the reader starts at the heading of the page the link leads to.
    await myProgress.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await expect.poll(() => readOut(page)).toMatchObject({ role: 'button', name: 'Stay' });
    expect(await keysInDialog(page, 'Tab', 1)).toEqual(['Leave']);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/progress');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1', name: 'My progress' });
    expect((await fake.status()).live).toBeNull();
  });

  it('a pause away while the examiner asks: Continue takes the focus, described by why and that the question is asked again; Enter asks it again, the focus held on Repeat the question, usable once it is listened for', async () => {
    const { page, fake } = await readyToStart('Rahul Iyer', 15_000);
    await press(page, 'Start Test');
    await pumpUntil(page, visible(page, 'Question 1 of 10'), 'question 1');
    // The examiner is asking (no voices here: a wait as long as the line, on the page's clock), nothing listened for yet.
    expect(await visible(page, 'The examiner is asking the question…')()).toBe(true);
    expect(await listening(fake)).toBe(false);
    const question = (await page.getByTestId('question-text').textContent()) ?? '';

    await setPageHidden(page, true);
    await page.clock.runFor(20_000);
    await setPageHidden(page, false);
    await page.getByRole('alert', { name: 'Test paused' }).waitFor();
    // The alert and the live region changed while the page was out of sight: what a reader hears on
    // coming back is the focused Continue, so it says why the test stopped and what Continue does.
    const askedAgain = 'Continue when you are ready: the examiner asks this question again, and your answer is saved once.';
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Continue' });
    expect(await readOut(page)).toEqual({ role: 'button', name: 'Continue', description: `${PAGE_HIDDEN_MESSAGE} ${askedAgain}` });
    expect(await page.getByTestId('announcer').textContent()).toBe(`${PAGE_HIDDEN_MESSAGE} Choose Continue when you are ready.`);
    expect(await listening(fake)).toBe(false);
    await lookAt(page, 'screen-reader-test-paused-question-desktop');

    // The question is asked again: the question's first button has the focus, held (not disabled)
    // while it is asked, and the live region reads the question again.
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Repeat the question' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-disabled'))).toBe('true');
    await expect.poll(() => page.getByTestId('announcer').textContent()).toBe(`Part 1, question 1 of 10: ${question}`);
    await pumpUntil(page, () => listening(fake), 'question 1 to be listened for');
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', name: 'Repeat the question' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-disabled'))).toBeNull();
  });
});

/** Tab until the focus is on the control named `name` (its label or text); how many presses it took. */
async function tabTo(page: Page, name: string, most = 12): Promise<number> {
  for (let presses = 1; presses <= most; presses += 1) {
    await page.keyboard.press('Tab');
    if ((await focused(page)).name === name) return presses;
  }
  throw new Error(`${most} presses of Tab never reached "${name}" (last: ${JSON.stringify(await focused(page))})`);
}

describe('speaking test, Tab and Enter alone', () => {
  it('a whole test: each part takes the focus to its heading, the answer buttons keep it, Part 2 notes by keyboard, the results from their heading to the downloads', async () => {
    const { page, fake } = await readyToStart('Kiran Das', 20_000);
    // The microphone's step hands the focus to its heading; the next Tab is Start Test.
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H2', name: 'Ready to start' });
    expect(await tabTo(page, 'Start Test')).toBe(1);
    await page.keyboard.press('Enter');

    for (let n = 1; n <= 10; n += 1) {
      await pumpUntil(page, async () => (await visible(page, `Question ${n} of 10`)()) && (await listening(fake)), `question ${n} to be listened for`);
      const where = await focused(page);
      if (n === 1) {
        expect(where).toMatchObject({ tag: 'H2', name: 'Introduction & Interview' });
        expect(await tabTo(page, 'Repeat the question')).toBe(1);
      } else {
        // Never dropped to the page's top between questions: still on the button last used.
        expect(where.tag, `question ${n}`).toBe('BUTTON');
      }
      await fake.say('I live in a small town near the sea and I like walking along the beach in the evening');
      if (n % 2 === 0) {
        // Half the answers finished from the keyboard, half by the pause.
        if ((await focused(page)).name !== "I've finished my answer") await tabTo(page, "I've finished my answer");
        await page.keyboard.press('Enter');
      } else await page.clock.runFor(3_600);
    }

    await pumpUntil(page, visible(page, PART2_PREPARATION_TEXT), 'the Part 2 preparation');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H2', name: 'Cue Card' });
    expect(await tabTo(page, 'Your notes')).toBe(1);
    await page.keyboard.type('mountains, train, family');
    expect(await page.getByTestId('part2-notes').inputValue()).toBe('mountains, train, family');
    await page.clock.runFor(60_000);
    await pumpUntil(page, () => listening(fake), 'listening in Part 2');
    await fake.say('I would like to describe a journey to the mountains that I took with my family two years ago');
    await page.clock.runFor(125_000);

    await pumpUntil(page, async () => (await page.getByRole('heading', { name: 'Discussion' }).count()) > 0, 'Part 3');
    for (let n = 1; n <= 10; n += 1) {
      await pumpUntil(page, async () => (await visible(page, `Question ${n} of 10`)()) && (await listening(fake)), `Part 3 question ${n}`);
      if (n === 1) {
        expect(await focused(page)).toMatchObject({ tag: 'H2', name: 'Discussion' });
        await tabTo(page, "I've finished my answer");
      } else expect((await focused(page)).tag, `Part 3 question ${n}`).toBe('BUTTON');
      await fake.say(PART3_ANSWERS[n - 1] ?? 'I think it depends on the person and on the place');
      await page.keyboard.press('Enter');
    }

    await page.getByRole('heading', { name: 'Test Complete!' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H2', name: 'Test Complete!' });
    // From the heading, in reading order: the save's status, listen back, the downloads, Take Another Test, how it was worked out.
    const order: string[] = [];
    for (let presses = 0; presses < 8; presses += 1) {
      await page.keyboard.press('Tab');
      order.push((await focused(page)).name);
    }
    const at = (name: string) => order.indexOf(name);
    for (const name of ['Download Transcript', 'Download Audio', 'Download Audio Timeline', 'Take Another Test', 'How this was worked out']) expect(at(name), name).toBeGreaterThan(-1);
    expect(at('Download Transcript')).toBeLessThan(at('Take Another Test'));
    expect(at('Take Another Test')).toBeLessThan(at('How this was worked out'));
    for (let back = 0; back < 8 && (await focused(page)).name !== 'How this was worked out'; back += 1) await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    expect(await page.locator('details:has(summary:text("How this was worked out"))').getAttribute('open')).not.toBeNull();
    await lookAt(page, 'screen-reader-test-results-keyboard-desktop');
  });

  it("the results by keyboard: a refused save's Try again leaves the focus on the save's status box (it fell to the page's top with the button); the recording's player by Tab, named, its time moved by an arrow key, played and paused by Enter; leaving asked with the focus on Stay; Take Another Test by Enter signs out to the sign-in page's heading", async () => {
    const { student, page, fake } = await readyToStart('Meena Das', 20_000, { ignore: [/status of (422|503)/], scripts: [countRecordedPieces] });
    // The saves find the server unavailable (the result waits on the device) until the test lets one through to be refused.
    const server = await awayThenRefuse(page, '**/api/test-sessions');
    await press(page, 'Start Test');
    for (let n = 1; n <= 10; n += 1) {
      await pumpUntil(page, async () => (await visible(page, `Question ${n} of 10`)()) && (await listening(fake)), `question ${n} to be listened for`);
      // The recording runs in real time: a piece of it before the answers run on the page's clock, for the player.
      if (n === 1) await expect.poll(() => page.evaluate(() => (window as unknown as { __recorded: { pieces: number } }).__recorded.pieces), { timeout: 5_000 }).toBeGreaterThan(0);
      await fake.say('I live in a small town near the sea and I like walking along the beach in the evening');
      await page.clock.runFor(3_600);
    }
    await pumpUntil(page, () => listening(fake), 'listening in Part 2');
    await fake.say('I would like to describe a journey to the mountains that I took with my family two years ago');
    await page.clock.runFor(125_000);
    for (let n = 1; n <= 10; n += 1) {
      await pumpUntil(page, async () => (await visible(page, `Question ${n} of 10`)()) && (await listening(fake)), `Part 3 question ${n}`);
      await fake.say(PART3_ANSWERS[n - 1] ?? 'I think it depends on the person and on the place');
      await page.clock.runFor(3_600);
    }
    await page.getByRole('heading', { name: 'Test Complete!' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H2', name: 'Test Complete!' });

    // While the result waits on the device, Take Another Test (which signs out) asks first: named and
    // described, the focus on Wait for it and kept inside; Escape gives the focus back to the button.
    await pumpUntil(page, async () => server.unavailable > 0, 'the first save to find the server unavailable', { stepMs: 100 });
    await press(page, 'Take Another Test');
    await page.getByRole('dialog').waitFor();
    expect(await dialogReadOut(page)).toEqual({ role: 'dialog', name: 'Your result is not saved yet', description: UNSENT_RESULT_TEXT });
    await expect.poll(() => readOut(page)).toMatchObject({ role: 'button', name: 'Wait for it' });
    expect(await keysInDialog(page, 'Tab', 3)).toEqual(['Sign out anyway', 'Close dialog', 'Wait for it']);
    await lookAt(page, 'screen-reader-test-unsent-desktop');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => readOut(page)).toMatchObject({ role: 'button', name: 'Take Another Test' });
    expect(new URL(page.url()).pathname).toBe('/test');
    server.away = false;

    const tryAgain = page.getByRole('button', { name: 'Try again' });
    // The outbox's next try is refused: the save has failed (the waiting save's box offers a Try again of its own).
    await pumpUntil(
      page,
      async () => server.refused === 1 && (await page.locator('[data-save-state]').getAttribute('data-save-state')) === 'failed' && (await tryAgain.count()) > 0,
      "the refused save's Try again",
    );
    await tabTo(page, 'Try again');
    await lookAt(page, 'screen-reader-test-save-refused-desktop');
    await page.keyboard.press('Enter');
    // The button goes with the refusal: the focus stays on the status box, read as the save goes on, and Tab goes on from there.
    await expect.poll(async () => (await readOut(page)).role).toBe('group');
    expect((await readOut(page)).name).toMatch(/^Sav(ing|ed)$/);
    await pumpUntil(page, async () => (await page.locator('[data-save-state]').getAttribute('data-save-state')) === 'saved', 'the save after Try again');
    expect(await readOut(page)).toEqual({ role: 'group', name: 'Saved', description: 'Your results are saved.' });
    expect(server.refused).toBe(1);
    expect(await tabTo(page, 'Download Transcript')).toBe(1);

    // The player, after the results' controls: named, then its own controls; an arrow key on the
    // time moves it, Enter on Play plays the recording and Enter again (on Pause) pauses it.
    const audio = await resultsPlayer(page, student.student.id);
    await tabTo(page, 'Recording of the attempt');
    expect(await focusedControl(page)).toBe('Audio: Recording of the attempt');
    await page.keyboard.press('Tab');
    expect(await focusedControl(page)).toBe('button: play');
    await page.keyboard.press('Tab');
    expect(await focusedControl(page)).toBe('slider: audio time scrubber');
    expect(await seekBy(page, audio, () => page.keyboard.press('ArrowRight'))).toBeGreaterThan(0);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedControl(page)).toBe('button: play');
    await page.keyboard.press('Enter');
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
    await expect.poll(() => focusedControl(page)).toBe('button: pause');
    await lookAt(page, 'screen-reader-test-player-desktop');
    await page.keyboard.press('Enter');
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
    expect(await focusedControl(page)).toBe('button: play');

    // Leaving the results asks first, the focus on Stay; Escape gives the focus back to the link.
    const myProgress = page.getByRole('link', { name: 'My progress', exact: true });
    await myProgress.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    // Saved by Try again after a refusal: the results are saved, and the dialog says so.
    expect(await dialogReadOut(page)).toMatchObject({ role: 'dialog', name: 'Leave your results?', description: expect.stringMatching(/\.$/) });
    await expect.poll(() => readOut(page)).toMatchObject({ role: 'button', name: 'Stay' });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => readOut(page)).toMatchObject({ role: 'link', name: 'My progress' });

    // Take Another Test signs out for the next test: the reader starts at the sign-in page's heading.
    await press(page, 'Take Another Test');
    await page.waitForURL('**/auth');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1', name: 'Sign in' });
  });
});
