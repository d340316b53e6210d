/*
 * A low-level learner (SST level 3, about IELTS 3.5) takes the whole speaking test on a phone, in the
 * words of the corpus's level 2-3 learners (e2e/support/low-level-learner.ts) and at a slow
 * speaker's pace: 2-7 s of thought before answering, a word a second, 2-2.5 s pauses between
 * phrases of one answer, 3-10 s silences between sentences of the Part 2 turn, one Part 1 question
 * and one Part 3 question left unanswered (the recogniser's no-speech end), one answered in
 * Japanese romaji. The other whole-test files speak fluent sentences at once.
 *
 * What it holds: pauses shorter than the spec's 3 s keep the answer open, so every phrase said is
 * saved with its question; the long turn keeps every sentence across its silences; the result gives
 * a low band (not "not assessable", not a flattering one) with what to work on, says the silent
 * questions had no answer and the romaji answer was not English, and reads on the phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { attempts } from '../src/server/db/schema.js';
import { DID_NOT_KNOW_REASON, NOT_ENGLISH_REASON } from '../src/shared/non-answers/checks.js';
import { CUE_CARDS } from '../src/shared/speaking-test/questions.js';
import { createStudent } from '../src/server/test/factories.js';
import { installFakeRecognition, type FakeRecognition } from './support/fake-recognition.js';
import { drawSameQuestions, listening, lookAt, NEXT_STEP_TEXT, pumpUntil, useBrowserSuite, visible } from './support/index.js';
import { LOW_LEVEL_PART1, LOW_LEVEL_PART3, lowLevelPart2 } from './support/low-level-learner.js';

const suite = useBrowserSuite();

/** Page time a slow speaker takes per word (about 60 words a minute). */
const WORD_MS = 1_000;

/** One recogniser final said at a word a second: the interim words grow as the learner speaks. */
async function speakSlowly(page: Page, fake: FakeRecognition, text: string): Promise<void> {
  const words = text.split(' ');
  for (let k = 1; k < words.length; k += 1) {
    await fake.interim(words.slice(0, k).join(' '));
    await page.clock.runFor(WORD_MS);
  }
  await fake.say(text, { confidence: 0.6, interim: false });
}

/** Thinking time before each answer of a part, ms (slow starts, all under Chrome's no-speech end). */
const BEFORE_ANSWER_MS = [4_000, 6_000, 3_000, 2_500, 7_000, 5_000, 3_000, 5_000, 2_000, 4_000];
/** Pause between two phrases of one answer: under the spec's 3 s of silence. */
const PHRASE_GAP_MS = 2_500;
/** Silences before each sentence of the Part 2 turn. */
const PART2_SILENCES_MS = [3_000, 6_000, 8_000, 10_000, 7_000, 9_000, 5_000];

/** Question `n` of a part, answered as the learner would; returns the question asked and the finals said. */
async function answerSlowly(page: Page, fake: FakeRecognition, part: 1 | 3, n: number): Promise<{ question: string; said: readonly string[] }> {
  const shown = visible(page, `Question ${n} of 10`);
  await pumpUntil(page, async () => (await shown()) && (await listening(fake)), `part ${part} question ${n} to be listened for`);
  const question = (await page.getByTestId('question-text').textContent()) ?? '';
  const said = (part === 1 ? LOW_LEVEL_PART1 : LOW_LEVEL_PART3)[question];
  if (!said) throw new Error(`the learner has no answer for "${question}"`);
  if (said.length === 0) {
    // Nothing said: Chrome reports no speech after about 8 s and ends the session.
    await page.clock.runFor(8_000);
    await fake.error('no-speech');
  } else {
    await page.clock.runFor(BEFORE_ANSWER_MS[n - 1] ?? 3_000);
    for (const [i, phrase] of said.entries()) {
      if (i > 0) {
        await page.clock.runFor(PHRASE_GAP_MS);
        // Still the same question after the pause: the answer was not cut off mid-thought.
        expect(await shown(), `part ${part} question ${n} ended in a ${PHRASE_GAP_MS} ms pause`).toBe(true);
      }
      await speakSlowly(page, fake, phrase);
    }
  }
  await pumpUntil(page, async () => !(await shown()) || (await page.getByText('Test Complete!').count()) > 0, `part ${part} question ${n} to end`);
  return { question, said };
}

interface SavedPair {
  part: number;
  question: string;
  answer: string;
}

describe('a low-level learner on a phone', () => {
  it('keeps every slow phrase, and the result gives a low band with the silent and romaji answers explained', async () => {
    const db = suite.server.database.db;
    const student = await createStudent(db, { studentName: 'Yuki Tanaka' });
    const { page } = await suite.openPage({ viewport: 'phone', timeoutMs: 15_000 });
    const fake = await installFakeRecognition(page);
    await drawSameQuestions(page);
    await page.clock.install();
    await suite.signInAs(page, student.user.id);
    await page.goto(`${suite.server.baseUrl}/test`);
    await page.clock.runFor(1_100);
    await pumpUntil(page, visible(page, 'Ready to start'), 'the microphone');
    await page.getByRole('button', { name: 'Start Test' }).click();

    const expected: Array<{ part: number; question: string; said: readonly string[] }> = [];
    for (let n = 1; n <= 10; n += 1) expected.push({ part: 1, ...(await answerSlowly(page, fake, 1, n)) });

    await pumpUntil(page, visible(page, 'Preparation: think about what you will say. You may make notes.'), 'Part 2');
    const body = await page.locator('main').innerText();
    const topic = CUE_CARDS.map((candidate) => candidate.topic).find((candidate) => body.includes(candidate));
    if (!topic) throw new Error('no cue card on the page');
    const turn = lowLevelPart2(topic);
    await page.clock.runFor(60_000);
    await pumpUntil(page, () => listening(fake), 'listening in Part 2');
    let elapsed = 0;
    for (const [i, sentence] of turn.entries()) {
      const silence = PART2_SILENCES_MS[i] ?? 5_000;
      await page.clock.runFor(silence);
      await speakSlowly(page, fake, sentence);
      elapsed += silence + (sentence.split(' ').length - 1) * WORD_MS;
    }
    expect(elapsed).toBeLessThan(120_000);
    await page.clock.runFor(120_500 - elapsed);
    expected.push({ part: 2, question: topic, said: turn });
    await pumpUntil(page, async () => (await page.getByRole('heading', { name: 'Discussion' }).count()) > 0, 'Part 3');

    for (let n = 1; n <= 10; n += 1) expected.push({ part: 3, ...(await answerSlowly(page, fake, 3, n)) });
    await pumpUntil(page, visible(page, 'Test Complete!'), 'the results', { realMs: 100 });

    // Saved: every phrase the learner said, with the question it was said to.
    await pumpUntil(page, async () => (await db.select().from(attempts)).length > 0, 'the attempt to be saved', { stepMs: 1_000, realMs: 100 });
    const [row] = await db.select().from(attempts);
    const pairs = (row?.sessionData as { questionAnswerPairs?: SavedPair[] } | undefined)?.questionAnswerPairs ?? [];
    expect(pairs.map((pair) => ({ part: pair.part, question: pair.question, answer: pair.answer }))).toEqual(
      expected.map((item) => ({ part: item.part, question: item.question, answer: item.said.join('\n') })),
    );

    // A band, and a low one: the estimate is given (not "not assessable"), and does not flatter.
    const overall = Number(await page.getByTestId('overall-band').innerText());
    expect(overall).toBeGreaterThanOrEqual(1);
    expect(overall).toBeLessThanOrEqual(4);
    expect(await page.getByTestId('overall-range').innerText()).toMatch(/Of learners this estimate gave (about )?\d\.\d, trained raters put \d+\s% at a level matching/);
    expect(await page.getByTestId('next-step').innerText()).toMatch(NEXT_STEP_TEXT);
    // A band from a few dozen words, fewer than the estimate's agreement was measured on: said to be a rough guide.
    expect(await page.getByTestId('short-test').innerText()).toMatch(/^Based on only \d+ words, so only a rough guide\. Longer answers give a better estimate\.$/);
    // The short answers are named as what holds the learner back, with what to do.
    const main = await page.locator('main').innerText();
    expect(main).toMatch(/Part 1 answers averaged [\d.]+ words, which is too short to show your English: add a reason or an example/);
    // The silent questions say so; the romaji answer is not counted, and says why.
    expect(main.match(/No answer was recognised\./g)).toHaveLength(expected.filter((item) => item.said.length === 0).length);
    const romaji = expected.filter((item) => item.said.some((phrase) => phrase.startsWith('watashi'))).length;
    expect(romaji).toBeGreaterThan(0);
    expect(await page.getByText(`Not counted: ${NOT_ENGLISH_REASON}`).count()).toBe(romaji);
    // "I don't know" (alone, or after "sorry") is not counted, with what to do instead, however often it is said.
    const didNotKnow = expected.filter((item) => item.said.length > 0 && item.said.every((phrase) => phrase === 'i dont know' || phrase === 'sorry')).length;
    expect(didNotKnow).toBeGreaterThan(0);
    expect(await page.getByText(`Not counted: ${DID_NOT_KNOW_REASON}`).count()).toBe(didNotKnow);
    await lookAt(page, 'low-level-learner-results-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await lookAt(page, 'low-level-learner-results-desktop');
  }, 300_000);
});
