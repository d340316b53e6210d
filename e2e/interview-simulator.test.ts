import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { INTERVIEW_ENDED_TEXT, INTERVIEW_ENDED_TITLE } from '../src/client/lib/interview-ended.js';
import { INTERVIEW_RECOGNITION_RESTART_MS } from '../src/shared/interview/constants.js';
import { emptyInterviewProfile, type InterviewProfile } from '../src/shared/api/interview.js';
import { saveInterviewProfile } from '../src/server/interview/service.js';
import { createAdmin, createStudent, type CreatedStudent } from '../src/server/test/factories.js';
import { installFakeRecognition, type FakeRecognition } from './support/fake-recognition.js';
import { cutSpeechShort, expectFirstFrameWherePageDrawsIt, lookAt, makeSpeechWav, setPageHidden, signInWithForm, toast, useBrowserSuite, type ViewportName } from './support/index.js';

/**
 * The mock interview (/interview-simulator): permission, welcome, the active interview on the real
 * examiner voice with a scripted recognizer and a fake microphone fed by espeak-ng speech, the
 * completed view with scores and downloads, saving through the outbox, and the time limit.
 * Playwright's clock drives the 1.5 s / 8 s / 30 min timers.
 */
const suite = useBrowserSuite({
  browser: async () => ({
    speech: true,
    fakeAudioFile: await makeSpeechWav('My name is Asha. I build accessible web applications with React and TypeScript, and I enjoy teamwork.'),
  }),
});

/** A small profile: 5 introduction + 2 skills + 2 technical + 2 closing questions. */
const PROFILE: InterviewProfile = {
  ...emptyInterviewProfile(),
  professionalSummary: 'Frontend developer who enjoys accessible design.',
  skills: 'React, TypeScript',
  technicalSkills: [{ skill: 'React' }],
};

interface Opened {
  page: Page;
  fake: FakeRecognition;
  student: CreatedStudent;
}

/** A new 'Interview Aspirant' student with a saved profile, signed in, on /interview-simulator with the clock installed. */
async function openSimulator(options: { viewport?: ViewportName; name?: string; profile?: InterviewProfile } = {}): Promise<Opened> {
  const student = await createStudent(suite.server.database.db, { courseName: 'Interview Aspirant', studentName: options.name ?? 'Asha Rao' });
  await saveInterviewProfile(suite.server.database.db, student.student.id, options.profile ?? PROFILE);
  const { page } = await suite.openPage({ viewport: options.viewport, ignore: [/status of 401/, /status of 503/], timeoutMs: 15_000 });
  if (process.env.DEBUG_INTERVIEW) page.on('console', (message) => console.log(`[page ${message.type()}] ${message.text()}`));
  const fake = await installFakeRecognition(page);
  await page.addInitScript(spyOnBoundary);
  await page.clock.install();
  await signInWithForm(page, suite.server.baseUrl, student.mobileNumber, student.password);
  await page.waitForURL('**/interview-dashboard');
  await page.getByRole('button', { name: 'Start My Interview' }).click();
  await page.waitForURL('**/interview-simulator');
  await page.getByRole('heading', { level: 1, name: 'Microphone Access Required' }).waitFor();
  return { page, fake, student };
}

interface BoundarySpy {
  utterances: Array<{ text: string; lang: string; rate: number; pitch: number; voice: string | null }>;
  recorders: number;
  calls: string[];
}

/** Runs in the page: notes every utterance and every MediaRecorder made and what was asked of it. */
function spyOnBoundary(): void {
  const spy: BoundarySpy = { utterances: [], recorders: 0, calls: [] };
  Object.defineProperty(window, '__interviewSpy', { value: spy });
  const speak = speechSynthesis.speak.bind(speechSynthesis);
  speechSynthesis.speak = (utterance) => {
    const round = (value: number) => Math.round(value * 100) / 100;
    spy.utterances.push({ text: utterance.text, lang: utterance.lang, rate: round(utterance.rate), pitch: round(utterance.pitch), voice: utterance.voice?.name ?? null });
    speak(utterance);
  };
  const Original = window.MediaRecorder;
  class Spied extends Original {
    constructor(stream: MediaStream, options?: MediaRecorderOptions) {
      super(stream, options);
      spy.recorders += 1;
    }
    override start(timeslice?: number) {
      spy.calls.push('start');
      super.start(timeslice);
    }
    override pause() {
      spy.calls.push('pause');
      super.pause();
    }
    override resume() {
      spy.calls.push('resume');
      super.resume();
    }
    override stop() {
      spy.calls.push('stop');
      super.stop();
    }
  }
  window.MediaRecorder = Spied;
}

interface SpeakingLook {
  question: boolean;
  next: boolean;
  record: boolean;
}

/** Notes, at every change of the page from now on, whether the buttons are unavailable while 'The interviewer is speaking…' shows. */
async function watchWhileSpeaking(page: Page) {
  await page.evaluate(() => {
    const seen: SpeakingLook[] = [];
    Object.defineProperty(window, '__whileSpeaking', { value: seen });
    const button = (name: string) => [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === name);
    new MutationObserver(() => {
      if (!(document.body.textContent?.includes('The interviewer is speaking…') ?? false)) return;
      seen.push({
        question: document.querySelector('[data-testid="current-question"]') !== null,
        next: button('Next Question')?.getAttribute('aria-disabled') === 'true',
        record: button('Start Recording')?.getAttribute('aria-disabled') === 'true',
      });
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

const boundarySpy = (page: Page) => page.evaluate(() => (window as unknown as { __interviewSpy: BoundarySpy }).__interviewSpy);

/** Answers from question 5 on, each in its own words. */
const LAST_ANSWER = 'I would ask how the team shares what it learns from its mistakes';
const LATER_ANSWERS = [
  'I built a React dashboard that our support team still uses every day.',
  'When deadlines slip I tell my manager early and suggest what we can drop.',
  'Last year I mentored two interns, which taught me to explain things simply.',
  'I would like to lead a small product team within three years.',
  'Code review matters to me because it spreads knowledge across the group.',
  'Outside work I run a weekend coding club for school children.',
  'My biggest mistake was skipping tests once, and a customer found the bug.',
  'I learn new frameworks by rebuilding a small project I already know well.',
];

const look = (page: Page, name: string, viewport: ViewportName) => lookAt(page, `interview-simulator-${name}-${viewport}`);

const questionLabel = (page: Page) => page.getByText(/^Question \d+ of \d+$/);
const currentQuestion = (page: Page) => page.getByTestId('current-question');

/** Allows the microphone and starts; returns the number of questions the welcome view announces. */
async function start(page: Page, onWelcome?: () => Promise<void>): Promise<number> {
  await page.getByRole('button', { name: 'Allow Microphone Access' }).click();
  await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
  await onWelcome?.();
  const text = await page.getByText(/questions? have been prepared from your profile/).textContent();
  const total = Number(/^(\d+)/.exec(text ?? '')?.[1]);
  await page.getByRole('button', { name: 'Start My Interview' }).click();
  await page.getByRole('heading', { level: 1, name: 'Interview Simulation' }).waitFor();
  return total;
}

/** Cuts the examiner short (the voice reports 'cancelled' and the flow goes on): keeps the test fast. */
async function skipSpeech(page: Page) {
  await cutSpeechShort(page);
  // Let the cancel settle so it cannot cut the next utterance short.
  await page.waitForTimeout(200);
}

/** Waits for question n to be asked (moving the clock past the 3 s / 1.5 s waits) and for listening. */
async function reachQuestion(page: Page, fake: FakeRecognition, n: number, total: number, options: { letSpeak?: boolean } = {}) {
  await page.getByText(`Question ${n} of ${total}`, { exact: true }).waitFor();
  for (let tries = 0; (await currentQuestion(page).count()) === 0; tries += 1) {
    if (tries > 100) throw new Error(`question ${n} was never asked`);
    if (n === 1) await skipSpeech(page); // the greeting
    await page.clock.runFor(500);
  }
  if (!options.letSpeak) await skipSpeech(page);
  await fake.waitForListening(options.letSpeak ? 20_000 : 5_000);
  await page.getByText('Listening...').waitFor();
  // The recording resumes 0.5 s after listening starts.
  await page.clock.runFor(600);
}

function parseWav(file: Buffer) {
  expect(file.toString('ascii', 0, 4)).toBe('RIFF');
  expect(file.toString('ascii', 8, 12)).toBe('WAVE');
  let offset = 12;
  let fmt: { format: number; channels: number; sampleRate: number; byteRate: number; bits: number } | null = null;
  let dataBytes = 0;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      fmt = {
        format: file.readUInt16LE(offset + 8),
        channels: file.readUInt16LE(offset + 10),
        sampleRate: file.readUInt32LE(offset + 12),
        byteRate: file.readUInt32LE(offset + 16),
        bits: file.readUInt16LE(offset + 22),
      };
    }
    if (id === 'data') dataBytes = size;
    offset += 8 + size + (size % 2);
  }
  if (!fmt) throw new Error('no fmt chunk');
  return { fmt, dataBytes, seconds: dataBytes / fmt.byteRate };
}

async function downloadOf(page: Page, button: string): Promise<{ download: Download; content: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const file = await download.path();
  return { download, content: readFileSync(file) };
}

async function adminApi() {
  const admin = await createAdmin(suite.server.database.db);
  const login = await fetch(`${suite.server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin.username, password: admin.password }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return (path: string) => fetch(`${suite.server.baseUrl}${path}`, { headers: { cookie } });
}

describe("the page's first frame", () => {
  it('is drawn before any script runs, exactly where the page then draws it, its button waiting for the profile', async () => {
    const student = await createStudent(suite.server.database.db, { courseName: 'Interview Aspirant', studentName: 'Frame Student' });
    await saveInterviewProfile(suite.server.database.db, student.student.id, PROFILE);
    await expectFirstFrameWherePageDrawsIt(suite, {
      path: '/interview-simulator',
      userId: student.user.id,
      landmarks: ['main h1', 'main section p', 'main section button'],
      data: '**/api/interview/profile',
      drawn: 'main section button[data-loading]',
      status: 'Loading the interview…',
      name: 'interview-simulator',
    });
  });
});

describe('interview simulator', () => {
  it("runs a whole interview to the completed view, auto-advances after 8 s, saves after two failed requests, and downloads the transcript, the original recording with 'Audio Generation Failed' when the browser cannot decode, and a real WAV", async () => {
    const { page, fake, student } = await openSimulator({ name: 'Asha Rao' });
    let posts = 0;
    const attemptIds = new Set<string>();
    await page.route('**/api/interview-sessions', async (route) => {
      posts += 1;
      attemptIds.add((route.request().postDataJSON() as { attemptId: string }).attemptId);
      if (posts <= 2) await route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
      else await route.continue();
    });
    await look(page, 'permission', 'desktop');

    const total = await start(page, () => look(page, 'welcome', 'desktop'));
    expect(total).toBe(11);
    await questionLabel(page).waitFor();

    // Question 1 is spoken in full by the real voice.
    await reachQuestion(page, fake, 1, total, { letSpeak: true });
    expect(await page.getByRole('button', { name: 'Next Question' }).isEnabled()).toBe(true);
    await fake.say('My name is Asha and I build accessible web applications with React and TypeScript.', { confidence: 0.92 });
    await page.getByText('Auto-advancing in 8s').waitFor();
    await look(page, 'active', 'desktop');
    await watchWhileSpeaking(page);
    await page.getByRole('button', { name: 'Next Question' }).click();

    // Question 2: spoken in full; the buttons are unavailable (aria-disabled, still focusable) while the examiner speaks.
    await page.getByText(`Question 2 of ${total}`, { exact: true }).waitFor();
    await page.clock.runFor(1_600);
    await currentQuestion(page).waitFor();
    // Every state the page showed while the examiner spoke (the real voice may end before any one look under load).
    const whileSpeaking = await page.evaluate(() => (window as unknown as { __whileSpeaking: SpeakingLook[] }).__whileSpeaking);
    expect(whileSpeaking.some((seen) => seen.question)).toBe(true);
    expect(whileSpeaking.every((seen) => seen.next && seen.record)).toBe(true);
    await fake.waitForListening(30_000);
    await fake.say('I studied computer science and I enjoy solving problems with a team.', { confidence: 0.85 });
    // Auto-advance: 8 s after the last final, with no further speech.
    await page.clock.runFor(7_000);
    await page.getByText(`Question 2 of ${total}`, { exact: true }).waitFor();
    await page.clock.runFor(1_100);
    await page.getByText(`Question 3 of ${total}`, { exact: true }).waitFor();

    // Question 3: recognition that ends on its own starts again 1 s later, and the answer goes on.
    await reachQuestion(page, fake, 3, total);
    await fake.say('My strengths are patience', { interim: false });
    const sessionsBefore = (await fake.status()).sessions.length;
    await fake.end();
    await page.clock.runFor(1_100);
    await fake.waitForListening();
    const { sessions } = await fake.status();
    expect(sessions.length).toBe(sessionsBefore + 1);
    // A second after the end by the page's clock, which also runs on its own between these steps (on a
    // slow machine, past the restart before a look could see no session listening).
    const [ended, restarted] = sessions.slice(-2);
    expect((restarted?.startedAt ?? 0) - (ended?.endedAt ?? 0)).toBeGreaterThanOrEqual(INTERVIEW_RECOGNITION_RESTART_MS);
    // Interim words are shown in italics after the final text (the fake's own control, one step at a time).
    await page.evaluate(() => (window as unknown as { __parleyFakeRecognition: { interim(text: string): void } }).__parleyFakeRecognition.interim('and careful'));
    const interim = page.getByTestId('live-transcript').locator('span', { hasText: 'and careful' });
    await interim.waitFor();
    expect(await interim.evaluate((element) => getComputedStyle(element).fontStyle)).toBe('italic');
    await fake.say('and careful testing', { interim: false });
    await page.getByTestId('live-transcript').getByText('My strengths are patience and careful testing').waitFor();
    await page.getByRole('button', { name: 'Next Question' }).click();
    await reachQuestion(page, fake, 4, total);
    await page.getByRole('button', { name: 'Next Question' }).click();

    // From here this browser cannot make the WAV (no OfflineAudioContext, as in older browsers): the
    // conversion started when the recording stops fails, and Download Audio says so (below).
    await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      w.__parleyOfflineAudioContext = w.OfflineAudioContext;
      delete w.OfflineAudioContext;
      delete w.webkitOfflineAudioContext;
    });
    for (let n = 5; n <= total; n += 1) {
      await page.clock.runFor(1_600);
      await reachQuestion(page, fake, n, total);
      // Different words each time: one sentence said to every question is not an answer (decision 0018).
      if (n === total) {
        // The last answer is still interim text when the student completes, as on an iPhone that gives
        // its finals only when stopped: it is saved, once (the fake's final on stop comes too late to count twice).
        await fake.waitForListening();
        await page.evaluate((words) => (window as unknown as { __parleyFakeRecognition: { interim(text: string): void } }).__parleyFakeRecognition.interim(words), LAST_ANSWER);
        await page.getByTestId('live-transcript').getByText(LAST_ANSWER).waitFor();
      } else await fake.say(LATER_ANSWERS[(n - 5) % LATER_ANSWERS.length] ?? '');
      const next = n === total ? 'Complete Interview' : 'Next Question';
      await page.getByRole('button', { name: next }).click();
    }

    await page.getByRole('heading', { level: 1, name: 'Interview Completed!' }).waitFor();
    await page.getByText('Congratulations on completing your interview simulation.').waitFor();
    expect(await page.getByTestId('total-questions').textContent()).toBe(String(total));
    expect(await page.getByTestId('duration').textContent()).toMatch(/^\d+ minutes?$/);
    await page.getByText('Saving… will keep trying').waitFor();
    // The outbox retries after 2 s, then 4 s: the third request goes through.
    for (let tries = 0; (await toast(page).filter({ hasText: 'Interview completed and saved successfully!' }).count()) === 0; tries += 1) {
      if (tries > 60) throw new Error('the interview was never saved');
      await page.clock.runFor(1_000);
      await page.waitForTimeout(100);
    }
    expect(posts).toBe(3);
    await page.getByRole('heading', { name: 'Your scores' }).waitFor();
    // Communication and clarity read the speaking test's calibrated evidence (decision 0030), and say so.
    await page.getByText(/^Estimated from the answers as in the speaking test: the average of fluency [\d.]+ /).waitFor();
    await page.getByText(/^The grammar of the answers, estimated as in the speaking test: [\d.]+ /).waitFor();
    // Confidence says what it counts, and the overall what no score can see (decision 0072).
    await page.getByText(/^How much was said, not how confident it sounded: \d+ words counted, up to 50 from each answer \(\d+ said in all\)\. 50 words in each of the 11 questions earns the full 9\.$/).waitFor();
    await page.getByText(/No interviewer has checked these scores/).waitFor();
    // The one thing to work on next: the lowest score's advice (these scripted answers fit few of their questions: Relevance).
    expect(await page.getByTestId('next-step').textContent()).toMatch(/^Work on next \(Relevance\): Answer what each question asks, naming the skills and details from your profile it mentions\. This time \d+ answers? used none of the question's key words/);
    await look(page, 'completed', 'desktop');

    const transcript = await downloadOf(page, 'Download Transcript');
    expect(transcript.download.suggestedFilename()).toMatch(/^interview-transcript-\d{4}-\d{2}-\d{2}\.txt$/);
    const text = transcript.content.toString('utf8');
    expect(text.match(/^Question \d+: /gm)).toHaveLength(total);
    expect(text).toContain('Answer: My name is Asha and I build accessible web applications with React and TypeScript.');
    expect(text.match(/^Answer: No response recorded$/gm)).toHaveLength(1);
    expect(text.split('\n').filter((line) => line === `Answer: ${LAST_ANSWER}`)).toHaveLength(1);

    // 'Audio Generation Failed' (spec section 8), and the original recording instead: a webm ffprobe reads.
    const original = await downloadOf(page, 'Download Audio');
    expect(original.download.suggestedFilename()).toMatch(/^interview-audio-\d{4}-\d{2}-\d{2}\.webm$/);
    const failed = toast(page).filter({ hasText: 'Audio Generation Failed' });
    for (let tries = 0; (await failed.count()) === 0; tries += 1) {
      if (tries > 20) throw new Error("no 'Audio Generation Failed' toast");
      await page.clock.runFor(1_000); // the success toast before it goes after 5 s (one toast at a time)
      await page.waitForTimeout(100);
    }
    expect(await failed.locator('.mantine-Notification-title').textContent()).toBe('Audio Generation Failed');
    expect(await failed.textContent()).toContain('This browser cannot decode audio (no OfflineAudioContext). The original recording is downloaded instead.');
    const probed = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'json', await original.download.path()], { encoding: 'utf8' }),
    ) as { streams: Array<{ codec_type: string }> };
    expect(probed.streams.map((stream) => stream.codec_type)).toEqual(['audio']);
    // With the browser able to decode again, the same button gives the WAV.
    await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      w.OfflineAudioContext = w.__parleyOfflineAudioContext;
    });
    const audio = await downloadOf(page, 'Download Audio');
    expect(audio.download.suggestedFilename()).toMatch(/^interview-audio-\d{4}-\d{2}-\d{2}\.wav$/);
    const wav = parseWav(audio.content);
    expect(wav.fmt.format).toBe(1);
    expect(wav.fmt.bits).toBe(16);
    expect(wav.dataBytes).toBeGreaterThan(0);
    expect(wav.seconds).toBeGreaterThan(0.5);

    // The examiner: en-IN, rate 0.9, pitch 1.1, a female-named voice; one recording, paused between answers.
    const spy = await boundarySpy(page);
    expect(spy.utterances.length).toBeGreaterThanOrEqual(total + 1);
    for (const utterance of spy.utterances) expect(utterance).toMatchObject({ lang: 'en-IN', rate: 0.9, pitch: 1.1 });
    expect(spy.utterances[0]?.voice ?? '').toMatch(/female/i);
    expect(spy.recorders).toBe(1);
    expect(spy.calls.filter((call) => call === 'start')).toHaveLength(1);
    expect(spy.calls.filter((call) => call === 'stop')).toHaveLength(1);
    expect(spy.calls.filter((call) => call === 'resume').length).toBeGreaterThanOrEqual(total - 2);

    // Exactly one attempt for this student in the admin list, with its four scores.
    const api = await adminApi();
    const response = await api('/api/admin/interview-attempts?page=1&limit=100');
    expect(response.status).toBe(200);
    const list = (await response.json()) as { attempts: Array<Record<string, unknown>>; total: number };
    const mine = list.attempts.filter((attempt) => JSON.stringify(attempt).includes(student.student.studentName));
    expect(mine).toHaveLength(1);
    expect(attemptIds.size).toBe(1);
    const attempt = mine[0] as { id: string; scores: Record<string, number>; overall: number };
    expect(attempt.id).toBe([...attemptIds][0]);
    for (const key of ['communication', 'confidence', 'relevance', 'clarity']) {
      expect(attempt.scores[key]).toBeGreaterThan(0);
      expect(attempt.scores[key]).toBeLessThanOrEqual(9);
    }
    // The page shows the same overall as the server computed.
    await page.getByText(`Overall ${attempt.overall} / 9`).waitFor();

    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/interview-dashboard');
  });

  it('completes at the 30-minute limit', async () => {
    const { page, fake } = await openSimulator({ name: 'Ravi Kumar' });
    const total = await start(page);
    await reachQuestion(page, fake, 1, total);
    await fake.say('I am Ravi and I like building reliable software.');
    await page.clock.fastForward(30 * 60 * 1000);
    await page.getByRole('heading', { level: 1, name: 'Interview Completed!' }).waitFor();
    expect(await page.getByTestId('total-questions').textContent()).toBe('1');
    expect(await page.getByTestId('duration').textContent()).toBe('30 minutes');
    await toast(page).filter({ hasText: 'Interview completed and saved successfully!' }).waitFor();
  });

  it('shows the four views at phone size, keeps the permission screen after a refusal, and asks before leaving', async () => {
    const { page, fake } = await openSimulator({ viewport: 'phone', name: 'Meera Iyer' });
    await look(page, 'permission', 'phone');
    // A refusal: the toast, and the permission screen stays.
    await page.evaluate(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.getByRole('button', { name: 'Allow Microphone Access' }).click();
    await toast(page).filter({ hasText: 'Please allow microphone access to start the interview.' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Microphone Access Required' }).waitFor();
    // The screen itself says why and what to do (the speaking test's words, here Android's), not the toast alone.
    expect(await page.getByTestId('microphone-error').innerText()).toBe(
      'Microphone access issue\nThis site is not allowed to use it. In Chrome, tap the icon to the left of the web address, then Permissions, turn Microphone on, and tap Allow Microphone Access.',
    );
    await look(page, 'permission-refused', 'phone');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Microphone Access Required' }).waitFor();

    await page.getByRole('button', { name: 'Allow Microphone Access' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome, Meera Iyer!' }).waitFor();
    await page.getByText('Refreshing or navigating away ends your interview session').waitFor();
    await look(page, 'welcome', 'phone');
    await page.getByRole('button', { name: 'Start My Interview' }).click();
    const total = 11;
    await reachQuestion(page, fake, 1, total);
    // Enough words to be scored, so that the scores and what to work on next are looked at on a phone too.
    await fake.say('I am Meera and I enjoy designing inclusive interfaces for everyone, because I have seen how much a clear screen helps older people at the bank');
    await look(page, 'active', 'phone');

    // In-app navigation asks first; staying keeps the interview.
    await page.evaluate(() => window.history.back());
    await page.getByText('Are you sure you want to leave? This will end your interview session.').waitFor();
    await page.getByRole('button', { name: 'Stay in the interview' }).click();
    await page.getByText(`Question 1 of ${total}`, { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Next Question' }).click();
    await page.clock.runFor(1_600);
    await reachQuestion(page, fake, 2, total);
    // A network failure of the recognizer: the interview's own toast; listening starts again 1 s later.
    await fake.error('network');
    await toast(page).filter({ hasText: 'Speech recognition failed due to network issues. Please check your connection.' }).waitFor();
    await page.clock.runFor(1_100);
    await fake.waitForListening();
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await page.getByRole('button', { name: 'Start Recording' }).waitFor();
    expect(await page.getByText('Listening...').count()).toBe(0);
    await page.clock.fastForward(30 * 60 * 1000);
    await page.getByRole('heading', { level: 1, name: 'Interview Completed!' }).waitFor();
    await toast(page).filter({ hasText: 'Interview completed and saved successfully!' }).waitFor();
    await page.getByTestId('next-step').waitFor();
    await look(page, 'completed', 'phone');
  });

  it('pauses while the page is out of sight (another app, the screen locked), and Continue goes back to the answer begun', async () => {
    const { page, fake } = await openSimulator({ viewport: 'phone', name: 'Tara Nair' });
    const total = await start(page);
    await reachQuestion(page, fake, 1, total);
    await fake.say('I am Tara and I look after patients on a busy hospital ward.', { confidence: 0.9 });
    await page.getByText('Auto-advancing in 8s').waitFor();
    await setPageHidden(page, true);
    // Away for a minute: no auto-advance, no next question, the recorder paused.
    await page.clock.runFor(60_000);
    await setPageHidden(page, false);
    const paused = page.getByTestId('interview-paused');
    await paused.getByText('You left the interview page, so the interview stopped here while you were away.').waitFor();
    await paused.getByText('Continue when you are ready: your answer so far is kept, and you can add to it.').waitFor();
    expect(await page.getByText(`Question 1 of ${total}`, { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('auto-advance').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Next Question' }).getAttribute('aria-disabled')).toBe('true');
    expect((await fake.status()).live).toBeNull();
    expect((await boundarySpy(page)).calls.slice(-1)).toEqual(['pause']);
    // Continue has the focus: the keyboard or a screen reader lands on it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue');
    await look(page, 'paused', 'phone');
    await page.getByRole('button', { name: 'Continue' }).click();
    await fake.waitForListening();
    await page.getByText('Auto-advancing in 8s').waitFor();
    expect(await page.getByTestId('live-transcript').textContent()).toContain('I am Tara and I look after patients');
    await page.clock.runFor(8_100);
    await page.getByText(`Question 2 of ${total}`, { exact: true }).waitFor();
  });

  it('ends the session and goes to / when the page is closed mid-interview', async () => {
    const { page, fake } = await openSimulator({ name: 'Kiran Das' });
    const total = await start(page);
    await reachQuestion(page, fake, 1, total);
    // Closing asks first (the browser's own dialog); dismissing it keeps the interview.
    const dialog = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const asked = await dialog;
    expect(asked.type()).toBe('beforeunload');
    await asked.dismiss();
    await page.getByText(`Question 1 of ${total}`, { exact: true }).waitFor();
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
    await page.waitForURL(`${suite.server.baseUrl}/`);
    // Not a reload: the interview's own way to '/', with nothing to say there.
    await page.getByRole('heading', { level: 2, name: 'Welcome to your speaking practice' }).waitFor();
    expect(await page.getByTestId('interview-ended').count()).toBe(0);
  });

  it('a reload mid-interview ends it and lands on /, which says so (on a phone, whose browser may reload a tab it put away)', async () => {
    const { page, fake } = await openSimulator({ name: 'Nisha Pal', viewport: 'phone' });
    const total = await start(page);
    await reachQuestion(page, fake, 1, total);
    await page.reload();
    await page.waitForURL(`${suite.server.baseUrl}/`);
    const ended = page.getByTestId('interview-ended');
    await expect(ended.getAttribute('role')).resolves.toBe('status');
    expect((await ended.innerText()).split(/\n+/)).toEqual([INTERVIEW_ENDED_TITLE, INTERVIEW_ENDED_TEXT]);
    await lookAt(page, 'interview-simulator-reloaded-phone');
    // Said once: the home page reloaded says nothing more.
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Welcome to your speaking practice' }).waitFor();
    expect(await page.getByTestId('interview-ended').count()).toBe(0);
    // A later visit starts afresh.
    await page.goto(`${suite.server.baseUrl}/interview-simulator`);
    await page.getByRole('heading', { level: 1, name: 'Microphone Access Required' }).waitFor();
  });
});
