/*
 * The development data (../shared/data/speaking-levels, read in place, never copied) turned into
 * what the app saves: a speaking test's 21 answers (10 in Part 1, the cue card, 10 in Part 3), each
 * the learner's next utterances, one recogniser result per line, so the estimate is fitted and
 * checked through the same shared function that scores a saved test.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SpeakingTestAnswer } from '../../src/shared/speaking-test/answer.js';

type Word = [word: string, tag: string, disfluency: string, pauseBefore: number];

export interface Learner {
  id: string;
  level: number;
  utterances: Word[][];
}

/** The shared folder beside the checkout (as on every developer's machine and in CI); `PARLEY_SHARED_DIR` names another. */
const SHARED_DIR = process.env.PARLEY_SHARED_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared');
export const DATA_FILE = path.join(SHARED_DIR, 'data/speaking-levels/nict-jle-dev.jsonl');

export function loadLearners(file = DATA_FILE): Learner[] {
  if (!existsSync(file)) {
    throw new Error(`The development data ${file} is missing: the band estimate is fitted and checked on it. Put the project's shared/ folder beside the checkout, or set PARLEY_SHARED_DIR.`);
  }
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Learner);
}

export interface Presentation {
  /** Keep the filled pauses (tagged `i`), as a recogniser that transcribes them would. */
  fillers: boolean;
  /**
   * Leave out the words the transcribers marked as a repeated or repaired stretch (tagged `rp…`:
   * "i i", the "i went" of "i went i go"), as a recogniser that drops false starts does.
   */
  dropRepairs?: boolean;
  /** Keep only the first N words (filled pauses not counted). */
  firstWords?: number;
  /** Each answer as one recogniser result (a recogniser that ends a result only when the answer ends), not one per utterance. */
  oneResultPerAnswer?: boolean;
  /** Every other utterance only, from the first (0) or the second (1): half the interview, as a second test of the same learner. */
  half?: 0 | 1;
}

export const ANSWERS_PER_TEST = 21;
/** Questions an examiner asks that are not in the app's bank (real follow-ups). */
const FOLLOW_UPS = ['Tell me more about that.', 'Why do you think so?', 'Can you give me an example?', 'What happened next?'];

export function learnerUtterances(learner: Learner, presentation: Presentation): string[] {
  let left = presentation.firstWords ?? Infinity;
  const lines: string[] = [];
  for (const [index, utterance] of learner.utterances.entries()) {
    if (left <= 0) break;
    if (presentation.half !== undefined && index % 2 !== presentation.half) continue;
    const kept: string[] = [];
    for (const [word, , disfluency] of utterance) {
      if (disfluency === 'i') {
        if (presentation.fillers) kept.push(word);
        continue;
      }
      if (presentation.dropRepairs === true && disfluency.startsWith('rp')) continue;
      if (left <= 0) break;
      kept.push(word);
      left -= 1;
    }
    if (kept.length > 0) lines.push(kept.join(' '));
  }
  return lines;
}

/**
 * The learner's utterances dealt into ANSWERS_PER_TEST answers of about equal words, in order.
 * Speaking time is proportional to the words (150 a minute), so timing tells nothing.
 */
export function learnerAnswers(learner: Learner, presentation: Presentation): SpeakingTestAnswer[] {
  const lines = learnerUtterances(learner, presentation);
  const total = lines.reduce((sum, line) => sum + line.split(' ').length, 0);
  const answers: string[][] = Array.from({ length: ANSWERS_PER_TEST }, () => []);
  let seen = 0;
  for (const line of lines) {
    const index = Math.min(ANSWERS_PER_TEST - 1, Math.floor((seen / Math.max(1, total)) * ANSWERS_PER_TEST));
    (answers[index] as string[]).push(line);
    seen += line.split(' ').length;
  }
  // A slot the dealing left without words is left out, as a question not asked: the learner answered
  // every question of the interview, but an utterance longer than its share of the words fills more
  // than one slot (the first 250 words: up to 13 of 21 slots empty). Left in, the app would read them
  // as questions the learner was silent to (decision 0018). The estimate's features are over the
  // answers spoken either way.
  const dealt: SpeakingTestAnswer[] = answers.map((text, i) => {
    const part = i < 10 ? 1 : i === 10 ? 2 : 3;
    const answer = text.join(presentation.oneResultPerAnswer === true ? ' ' : '\n');
    const wordCount = answer === '' ? 0 : answer.split(/\s+/).length;
    return {
      part,
      questionNumber: part === 1 ? i + 1 : part === 2 ? 1 : i - 10,
      question: FOLLOW_UPS[i % FOLLOW_UPS.length] as string,
      answer,
      responseTimeMs: wordCount === 0 ? null : 1500,
      speakingTimeMs: Math.round((wordCount / 150) * 60_000),
    };
  });
  return dealt.filter((answer) => answer.answer !== '');
}
