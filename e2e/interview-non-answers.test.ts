import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { emptyInterviewProfile } from '../src/shared/api/interview.js';
import { REPETITION_REASON } from '../src/shared/non-answers/checks.js';
import { nonAnswerReason } from '../src/shared/non-answers/reasons.js';
import { attempts, students } from '../src/server/db/schema.js';
import { saveInterviewProfile } from '../src/server/interview/service.js';
import { createAdmin, createStudent } from '../src/server/test/factories.js';
import { installFakeRecognition, type FakeRecognition } from './support/fake-recognition.js';
import { lookAt, makeSpeechWav, signInWithForm, toast, useBrowserSuite, type ViewportName } from './support/index.js';

/*
 * The mock interview's non-answers (decision 0018): a memorised paragraph said again is not counted,
 * and the completed view and the teacher's attempt page say which answer and why. And when the
 * server scores the answers against other questions than the page asked (the profile changed on the
 * way), the completed view says what was saved.
 */
const suite = useBrowserSuite({ browser: async () => ({ speech: true, fakeAudioFile: await makeSpeechWav('I enjoy building software with my team.') }) });

const REAL = 'My name is Kavya and I build web applications for a hospital, mostly the forms that nurses fill in on tablets during their rounds.';
const MEMORISED = 'In today’s competitive world I strongly believe that hard work, dedication and continuous learning are the keys to success in every job.';

async function reachQuestion(page: Page, fake: FakeRecognition, n: number) {
  await page.getByText(new RegExp(`^Question ${n} of \\d+$`)).waitFor();
  for (let tries = 0; (await page.getByTestId('current-question').count()) === 0; tries += 1) {
    if (tries > 100) throw new Error(`question ${n} was never asked`);
    await page.evaluate(() => speechSynthesis.cancel());
    await page.clock.runFor(500);
  }
  await page.evaluate(() => speechSynthesis.cancel());
  await fake.waitForListening(5_000);
  await page.getByText('Listening...').waitFor();
  await page.clock.runFor(600);
}

/** A student of the interview course with a profile, signed in on a fresh page, the interview started. */
async function startInterview(viewport: ViewportName, studentName: string) {
  const db = suite.server.database.db;
  const student = await createStudent(db, { courseName: 'Interview Aspirant', studentName });
  await saveInterviewProfile(db, student.student.id, { ...emptyInterviewProfile(), skills: 'React' });
  const { page } = await suite.openPage({ viewport, ignore: [/status of 401/], timeoutMs: 15_000 });
  const fake = await installFakeRecognition(page);
  await page.clock.install();
  await signInWithForm(page, suite.server.baseUrl, student.mobileNumber, student.password);
  await page.waitForURL('**/interview-dashboard');
  await page.getByRole('button', { name: 'Start My Interview' }).click();
  await page.getByRole('button', { name: 'Allow Microphone Access' }).click();
  await page.getByRole('button', { name: 'Start My Interview' }).click();
  return { db, student, page, fake };
}

describe('interview non-answers', () => {
  it.each<ViewportName>(['desktop', 'phone'])('marks a repeated paragraph as not counted on the completed view and the teacher page (%s)', async (viewport) => {
    const { db, student, page, fake } = await startInterview(viewport, `Kavya ${viewport}`);
    const answers = [REAL, MEMORISED, MEMORISED];
    for (const [index, answer] of answers.entries()) {
      if (index > 0) await page.clock.runFor(1_600);
      await reachQuestion(page, fake, index + 1);
      await fake.say(answer, { confidence: 0.9 });
      if (index < answers.length - 1) await page.getByRole('button', { name: 'Next Question' }).click();
    }
    await page.clock.fastForward(30 * 60 * 1000);
    await page.getByRole('heading', { level: 1, name: 'Interview Completed!' }).waitFor();
    await page.getByRole('heading', { name: 'Your scores' }).waitFor();
    const note = page.getByTestId('non-answers');
    await expect.poll(() => note.getByTestId('not-counted').allTextContents()).toEqual([expect.stringContaining(`Question 3 (“`)]);
    expect(await note.getByTestId('not-counted').textContent()).toMatch(new RegExp(`”\\): ${REPETITION_REASON}$`));
    await toast(page, 'Interview completed and saved successfully!').waitFor();
    // The server scored the same questions: its scores read as the page's.
    expect(await page.getByTestId('saved-scores').count()).toBe(0);
    await lookAt(page, `interview-non-answers-completed-${viewport}`);

    const [row] = await db.select().from(attempts).where(eq(attempts.studentId, student.student.id));
    // The questions the page asked are the ones the server scores against (the stored profile's): no flag.
    expect(row?.analysis).not.toHaveProperty('questionsDiffer');
    const admin = await createAdmin(db);
    const teacher = await suite.openPage({ viewport });
    await signInWithForm(teacher.page, suite.server.baseUrl, admin.username, admin.password);
    await teacher.page.waitForURL('**/admin');
    await teacher.page.goto(`${suite.server.baseUrl}/admin/attempts/${row?.id}`);
    await teacher.page.getByTestId('non-answers').waitFor();
    // The teacher reads the reason about the student, not to them.
    const forTeacher = nonAnswerReason({ kind: 'repetition', reason: REPETITION_REASON }, 'teacher');
    expect(forTeacher).not.toContain('you');
    expect(await teacher.page.getByTestId('non-answers').textContent()).toContain(`Question 3: ${forTeacher}`);
    // The answers come in with the page's later part, as it comes near the viewport.
    await teacher.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await teacher.page.getByTestId('not-counted').waitFor();
    expect(await teacher.page.getByTestId('not-counted').allTextContents()).toEqual([`Not counted: ${forTeacher}`]);
    await lookAt(teacher.page, `interview-non-answers-teacher-${viewport}`);
  });

  it.each<ViewportName>(['desktop', 'phone'])('names the questions nothing was heard for when there is too little to score (%s)', async (viewport) => {
    const { page, fake } = await startInterview(viewport, `Ravi ${viewport}`);
    await reachQuestion(page, fake, 1);
    await fake.say('I build forms in React.', { confidence: 0.9 });
    await page.getByRole('button', { name: 'Next Question' }).click();
    await page.clock.runFor(1_600);
    await reachQuestion(page, fake, 2);
    await page.clock.fastForward(30 * 60 * 1000);
    await page.getByRole('heading', { level: 1, name: 'Interview Completed!' }).waitFor();
    const reason = page.getByTestId('not-assessable');
    await reason.waitFor();
    // Two questions asked before the time ran out: the first answered, nothing heard for the second.
    expect(await reason.textContent()).toContain(
      'Only 5 words were recognised in your answers (fillers such as um and uh not counted): 1 of the 2 questions had an answer, and nothing was heard for question 2, so there is nothing to score',
    );
    await toast(page, 'Interview completed and saved successfully!').waitFor();
    await lookAt(page, `interview-silent-questions-${viewport}`);
  });

  it('says the saved scores when the server scored other questions than the page asked (the name changed mid-interview; phone)', async () => {
    const { db, student, page, fake } = await startInterview('phone', 'Kavya Rename');
    await reachQuestion(page, fake, 1);
    expect(await page.getByTestId('current-question').textContent()).toContain('Kavya Rename, please tell me about yourself.');
    // The school corrects the name while the interview runs: the server's first question names the new one.
    await db.update(students).set({ studentName: 'Meera Rename' }).where(eq(students.id, student.student.id));
    // "Kavya" and "name" match the page's first question; against the server's, only "name" does.
    await fake.say('My name is Kavya and I look after the forms nurses fill in on tablets during their rounds at the hospital.', { confidence: 0.9 });
    await page.clock.fastForward(30 * 60 * 1000);
    await page.getByRole('heading', { level: 1, name: 'Interview Completed!' }).waitFor();
    await toast(page, 'Interview completed and saved successfully!').waitFor();
    const note = page.getByTestId('saved-scores');
    await note.waitFor();
    const [row] = await db.select().from(attempts).where(eq(attempts.studentId, student.student.id));
    const saved = row?.scores as Record<string, number> | undefined;
    expect(row?.analysis).toHaveProperty('questionsDiffer', true);
    expect(await note.textContent()).toContain(`Relevance ${Number.isInteger(saved?.relevance) ? String(saved?.relevance) : saved?.relevance?.toFixed(1)}`);
    expect(await note.textContent()).toContain('Your teacher and My progress show the saved one.');
    await lookAt(page, 'interview-saved-scores-differ-phone');
  });
});
