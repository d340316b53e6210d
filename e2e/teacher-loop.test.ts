import { readFile } from 'node:fs/promises';
import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandText, CRITERIA_OF, teacherOverall, type AttemptKind, type Bands } from '../src/shared/api/admin-attempts.js';
import { eq } from 'drizzle-orm';
import { attempts } from '../src/server/db/schema.js';
import { interviewSessionBody, testSessionBody } from '../src/server/test/attempt-fixtures.js';
import { createAdmin, createStudent, type CreatedAdmin, type CreatedStudent } from '../src/server/test/factories.js';
import { startSmtpSink, type SmtpSink } from '../src/server/test/smtp-sink.js';
import { lookAt, scrollToLoadedSection, toast, toastsStandStill, useBrowserSuite, WORK_ON_NEXT_HEADING, type ViewportName } from './support/index.js';

/**
 * The teacher's loop: a teacher reviews and releases, the student is mailed (real SMTP) and
 * sees the teacher's bands as the result beside the estimate, an amendment with its reason shows in
 * the trail; My progress charts each criterion over three attempts of each kind.
 */
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});
const suite = useBrowserSuite({ server: () => ({ env: { SMTP_URL: sink.url, APP_TITLE: 'Parley' } }) });

let admin: CreatedAdmin;
let asha: CreatedStudent;
const saved: Record<AttemptKind, Array<{ attemptId: string; scores: Record<string, number> }>> = { ielts: [], interview: [] };

const ANSWERS = [
  'I grew up in a small town near the coast and I still enjoy walking by the sea with my family on weekends.',
  'My favourite subject at school was history, because our teacher told stories about the past that made every lesson vivid and memorable for all of us.',
  'In the future I would like to work abroad for a few years, learn another language properly, and then come back home to start a small company of my own.',
];

async function studentApi(student: CreatedStudent) {
  const login = await fetch(`${suite.server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: student.mobileNumber, password: student.password }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return (path: string, body: unknown) =>
    fetch(`${suite.server.baseUrl}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

beforeAll(async () => {
  const db = suite.server.database.db;
  admin = await createAdmin(db, { username: 'headteacher' });
  asha = await createStudent(db, { studentName: 'Asha Rao', mobileNumber: '98765 43210', email: 'asha@example.org' });
  const post = await studentApi(asha);
  for (let i = 0; i < 3; i++) {
    // Three different sentences, starting with a different one each time (one sentence said three
    // times is a non-answer and gets no band: decision 0018).
    const answer = [0, 1, 2].map((k) => ANSWERS[(i + k) % ANSWERS.length] ?? '').join(' ');
    const test = await post('/api/test-sessions', testSessionBody(asha.student.id, { answer }));
    expect(test.status).toBe(201);
    const testSaved = (await test.json()) as { attemptId: string; scores: Record<string, number> };
    const interviewBody = interviewSessionBody(asha.student.id);
    const first = interviewBody.sessionData.questions[0];
    if (first) first.answer = answer.slice(0, 120 * (i + 1));
    const interview = await post('/api/interview-sessions', interviewBody);
    expect(interview.status).toBe(201);
    const interviewSaved = (await interview.json()) as { attemptId: string; scores: Record<string, number> };
    // A day apart, oldest first, so the charts have an order to show.
    const day = new Date(Date.now() - (3 - i) * 86_400_000);
    await db.update(attempts).set({ completedAt: day }).where(eq(attempts.id, testSaved.attemptId));
    await db.update(attempts).set({ completedAt: new Date(day.getTime() + 3_600_000) }).where(eq(attempts.id, interviewSaved.attemptId));
    saved.ielts.push(testSaved);
    saved.interview.push(interviewSaved);
  }
}, 60_000);


/** Whether a toast, once it has slid in, covers none of the controls. */
async function clearOf(toastLocator: Locator, controls: Locator[]): Promise<boolean> {
  await toastsStandStill(toastLocator.page());
  const a = await toastLocator.boundingBox();
  if (!a) throw new Error('the toast has no box');
  for (const control of controls) {
    const b = await control.boundingBox();
    if (!b) throw new Error('a control has no box');
    if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) return false;
  }
  return true;
}

async function pageFor(userId: number, viewport: ViewportName): Promise<Page> {
  const { page } = await suite.openPage({ viewport });
  await suite.signInAs(page, userId);
  return page;
}

const NOUN: Record<AttemptKind, string> = { ielts: 'band', interview: 'score' };

/**
 * Presses a release button once it can be pressed: it is held (aria-disabled, pressing does nothing)
 * until the saved review has come back from the server, later on a busy host.
 */
async function releaseWhenAvailable(page: Page, name: string) {
  const button = page.getByRole('button', { name });
  await expect.poll(() => button.getAttribute('aria-disabled'), { timeout: 15_000 }).toBeNull();
  // What the server answered, so a release that did not happen says why: held, refused, sent and not
  // answered, or never sent.
  const isRelease = (url: string, method: string) => method === 'POST' && url.endsWith('/review/release');
  let sent = 0;
  const count = (request: Request) => {
    if (isRelease(request.url(), request.method())) sent += 1;
  };
  page.on('request', count);
  const answered = page
    .waitForResponse((response) => isRelease(response.url(), response.request().method()), { timeout: 30_000 })
    .catch(async () => {
      const form = await page.getByRole('form', { name: 'Teacher review' }).innerText().catch(() => '(no form)');
      const held = await button.getAttribute('aria-disabled').catch(() => '(no button)');
      throw new Error(`No answer to the release within 30 s of pressing "${name}": ${sent} release request(s) sent; the button held: ${held}. The form read:\n${form}`);
    });
  await toastsStandStill(page);
  await button.click();
  const response = await answered.finally(() => page.off('request', count));
  expect(response.status(), await response.text()).toBe(200);
}

async function setBands(page: Page, kind: AttemptKind, bands: Bands) {
  for (const criterion of CRITERIA_OF[kind]) {
    const label = `${criterion[0]?.toUpperCase()}${criterion.slice(1)} ${NOUN[kind]}`;
    await page.getByLabel(label, { exact: true }).selectOption(String(bands[criterion]));
  }
}

/** Teacher bands per kind, first as released, then amended (one criterion raised). */
const FIRST: Record<AttemptKind, Bands> = {
  ielts: { fluency: 7, vocabulary: 7, grammar: 6.5, pronunciation: 7.5 },
  interview: { communication: 7, confidence: 6, relevance: 7, clarity: 8 },
};
const AMENDED: Record<AttemptKind, Bands> = {
  ielts: { ...FIRST.ielts, fluency: 8 },
  interview: { ...FIRST.interview, confidence: 8 },
};

describe.each([
  ['desktop', 'ielts'],
  ['phone', 'interview'],
] as const)('on %s, a teacher reviews a %s attempt', (viewport, kind) => {
  it('reviews and releases; the student is mailed and sees the teacher bands beside the estimate; an amendment shows in the trail', async () => {
    const attempt = saved[kind][2];
    if (!attempt) throw new Error('not seeded');
    const teacher = await pageFor(admin.user.id, viewport);
    await teacher.goto(`${suite.server.baseUrl}/admin/attempts/${attempt.attemptId}`);
    await teacher.getByRole('heading', { level: 1 }).waitFor();
    // The review form stands beside the player and the bands (below them on a phone).
    await teacher.getByRole('region', { name: 'Teacher review' }).scrollIntoViewIfNeeded();
    await expect.poll(() => teacher.getByTestId('release-status').textContent()).toContain('once you release it');
    await teacher.getByLabel('Comment').fill('Well organised answers. Slow down a little and link your ideas.');
    await setBands(teacher, kind, FIRST[kind]);
    await teacher.getByRole('button', { name: 'Save review' }).click();
    await toast(teacher, 'Review saved').waitFor();
    if (viewport === 'desktop') {
      // Release, the next thing pressed, is not under the toast: the form stands at the right of a laptop's screen.
      const release = teacher.getByRole('button', { name: 'Release to the student' });
      expect(await clearOf(toast(teacher, 'Review saved'), [release, teacher.getByRole('button', { name: 'Save review' })])).toBe(true);
    }
    await releaseWhenAvailable(teacher, 'Release to the student');
    // On a host busy with the rest of the suite the amended release once took over 10 s to answer.
    await toast(teacher, 'Review released').waitFor({ timeout: 30_000 });
    await expect.poll(() => teacher.getByTestId('release-status').textContent()).toContain('Released to the student by headteacher');
    await lookAt(teacher, `teacher-loop-review-released-${viewport}`);

    const mail = await sink.waitFor('asha@example.org');
    const firstOverall = teacherOverall(kind, FIRST[kind]) ?? 0;
    expect(mail.subject).toMatch(/^Parley: your teacher's review is (ready|updated)$/);
    const mails = sink.messages.filter((m) => m.text.includes(`Your teacher's overall ${NOUN[kind]}: ${bandText(kind, firstOverall)}`));
    expect(mails.length, 'the review-ready e-mail of this attempt').toBeGreaterThan(0);

    const student = await pageFor(asha.user.id, viewport);
    await student.goto(`${suite.server.baseUrl}/progress/attempts/${attempt.attemptId}`);
    await student.getByTestId('teacher-overall').waitFor();
    expect(await student.getByTestId('teacher-overall').textContent()).toBe(bandText(kind, firstOverall));
    expect(await student.getByTestId('estimate-overall').textContent()).toBe(`Estimate: ${bandText(kind, attempt.scores.overall ?? 0)}`);
    expect(await student.getByText('Well organised answers.').count()).toBeGreaterThan(0);
    await student.getByRole('heading', { name: 'The estimate and how it was reached' }).waitFor();
    await student.getByRole('heading', { name: 'Your answers' }).waitFor();
    await lookAt(student, `teacher-loop-student-attempt-${viewport}`);
    // Download Transcript, pressed from the keyboard: the results' file, with the review as released.
    const download = student.waitForEvent('download');
    await student.getByRole('button', { name: 'Download Transcript' }).focus();
    await student.keyboard.press('Enter');
    const file = await download;
    const text = await readFile(await file.path(), 'utf8');
    if (kind === 'ielts') {
      expect(file.suggestedFilename()).toMatch(/^ielts-speaking-transcript-\d{4}-\d\d-\d\d\.txt$/);
      expect(text).toMatch(/^Teacher's review, released \d{4}-\d\d-\d\d \d\d:\d\d \(.+\):$/m);
      expect(text).toContain(`Overall band ${bandText(kind, firstOverall)}: Fluency`);
      expect(text).toContain('Comment: Well organised answers. Slow down a little and link your ideas.');
      expect(text).toMatch(/^Q1\. .+\nAnswer: .+$/m);
    } else {
      expect(file.suggestedFilename()).toMatch(/^interview-transcript-\d{4}-\d\d-\d\d\.txt$/);
      expect(text).toMatch(/^Question 1: .+\nAnswer: .+$/m);
    }
    expect(await student.evaluate(() => document.activeElement?.textContent)).toBe('Download Transcript');

    // The amendment: a reason is asked for; the student keeps the released review until it is released again.
    await setBands(teacher, kind, AMENDED[kind]);
    await teacher.getByLabel(/^Reason for the change/).fill('Listened to the recording again');
    await teacher.getByRole('button', { name: 'Save review' }).click();
    await toast(teacher, 'Review saved').waitFor();
    await expect.poll(() => teacher.getByTestId('release-status').textContent()).toContain('not released yet');
    await releaseWhenAvailable(teacher, 'Release the amended review');
    await toast(teacher, 'Amended review released').waitFor({ timeout: 30_000 });
    // The trail is below the evidence (the form stands beside the player and bands): it loads as it comes near.
    await scrollToLoadedSection(teacher, 'Review trail');
    const trail = teacher.getByRole('list', { name: 'Review trail' }).locator('li');
    await expect.poll(() => trail.count()).toBe(4);
    const texts = await trail.allTextContents();
    expect(texts[0]).toContain('Saved');
    expect(texts[1]).toContain('Released');
    expect(texts[2]).toContain('Listened to the recording again');
    expect(texts[3]).toContain('Re-released');
    await lookAt(teacher, `teacher-loop-review-trail-${viewport}`);

    await student.reload();
    await student.getByTestId('teacher-overall').waitFor();
    expect(await student.getByTestId('teacher-overall').textContent()).toBe(bandText(kind, teacherOverall(kind, AMENDED[kind]) ?? 0));
    // The student is told the review changed since it was first released, and what changed.
    expect(await student.getByTestId('review-amended').innerText()).toMatch(/^Your teacher changed this review after first releasing it on .+: .+ → .+\.$/);
  });
});

describe('My progress', () => {
  it.each(['desktop', 'phone'] as const)('charts every criterion over three attempts of each kind on %s, the teacher band where released', async (viewport) => {
    const page = await pageFor(asha.user.id, viewport);
    await page.goto(`${suite.server.baseUrl}/progress`);
    await page.getByRole('heading', { name: 'My progress', level: 1 }).waitFor();
    await page.getByTestId('chart-ielts-overall').waitFor();
    expect(await page.getByTestId('progress-attempt').count()).toBe(6);
    for (const kind of ['ielts', 'interview'] as const) {
      const released: Bands = { ...AMENDED[kind], overall: teacherOverall(kind, AMENDED[kind]) };
      for (const key of ['overall', ...CRITERIA_OF[kind]] as const) {
        // Two series: every attempt's estimate, and the teacher's band where a review was released.
        const series = (name: string) =>
          page
            .getByTestId(`chart-${kind}-${key}`)
            .locator(`[data-series="${name}"] g[data-value]`)
            .evaluateAll((marks) => marks.map((mark) => Number(mark.getAttribute('data-value'))));
        // Each point is the band as its label shows it (an IELTS overall of 6.375 is plotted at 6.5).
        const shown = (value: number | null | undefined) => (typeof value === 'number' ? Number(bandText(kind, value)) : value);
        // IELTS Pronunciation's estimate follows the other three: only the teacher's band is drawn.
        const estimates = kind === 'ielts' && key === 'pronunciation' ? [] : saved[kind].map((attempt) => shown(attempt.scores[key]));
        expect(await series('estimate'), `${kind} ${key}`).toEqual(estimates);
        expect(await series('teacher'), `${kind} ${key}`).toEqual([shown(released[key])]);
      }
    }
    // First, what to work on next over the three tests, its advice from the newest of them (the teacher's bands where released).
    const work = page.getByTestId('work-on-next');
    expect(await work.getByRole('heading', { level: 2 }).textContent()).toMatch(WORK_ON_NEXT_HEADING);
    expect(await work.textContent()).toContain("Your lowest over your last 3 speaking tests:");
    expect(await work.textContent()).toContain("your teacher's bands where your teacher gave them");
    // Two of the three are short tests with the estimate as their result; the third has the teacher's bands.
    expect(await work.textContent()).toContain('2 of 3 were short (under 250 words), so take this as a rough guide.');
    const newestTest = saved.ielts.at(-1)?.attemptId ?? '';
    expect(await work.getByRole('link', { name: 'Open that test' }).getAttribute('href')).toBe(`/progress/attempts/${newestTest}`);
    // Newest first: the last interview, then the last test.
    const first = await page.getByTestId('progress-attempt').first().textContent();
    expect(first).toContain('Mock interview');
    expect(first).toContain('Teacher reviewed');
    await lookAt(page, `teacher-loop-progress-${viewport}`);
    await page.getByTestId('progress-attempt').nth(1).getByRole('link').click();
    await page.getByRole('heading', { name: /^IELTS speaking test/, level: 1 }).waitFor();
    await page.getByRole('link', { name: '← Back to My progress' }).waitFor();
  });
});
