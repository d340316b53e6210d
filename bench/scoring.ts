import { learnerAnswers, loadLearners } from '../scripts/band-model/data.ts';
import type { SpeakingTestAnswer } from '../src/shared/speaking-test/answer.ts';
import { TEST_TEXT_MAX_TOTAL_LENGTH } from '../src/shared/api/attempts.ts';
import { scoreSpeakingTest } from '../src/shared/speaking-test/scoring.ts';

/**
 * Scoring one 15-minute speaking test on the server (`npm run bench`, called from bench/run.ts):
 * the development set's longest learner (a whole 15-minute interview) as 21 answers, scored by
 * scoreSpeakingTest as the server does on a save. The first call also builds the word-rank table
 * (what the first save after a restart pays); then the median of further calls. One core: scoring
 * is synchronous JavaScript on the event loop.
 *
 * Then the worst text a save may carry: 100,000 characters (the cap on a save's questions and
 * answers) of answers made of fillers ("um uh er like you know I think"), where matching every word
 * against every filler once held the server for seconds. Same budget.
 */
const RUNS = 20;
const FILLER_HEAVY_RUNS = 5;

export interface ScoringRow {
  words: number;
  firstMs: number;
  medianMs: number;
  maxMs: number;
  /** The filler-heavy test at the save's text cap: its characters and its slowest scoring. */
  fillerHeavy?: { characters: number; maxMs: number };
}

/** Answers of fillers filling a save's text cap, 5,000 characters each (a long turn is about 2,000). */
function fillerHeavyAnswers(): SpeakingTestAnswer[] {
  const question = 'Tell me about the town or city where you grew up.';
  const length = 5_000;
  const count = Math.floor(TEST_TEXT_MAX_TOTAL_LENGTH / (length + question.length));
  const answer = 'um uh er like you know I think '.repeat(Math.ceil(length / 31)).slice(0, length);
  return Array.from({ length: count }, (_, i) => ({ part: 1, questionNumber: i + 1, question, answer, responseTimeMs: 1500, speakingTimeMs: 60_000 }));
}

export function runScoringBench(): ScoringRow {
  const learners = loadLearners();
  const longest = learners.reduce((a, b) => (b.utterances.flat().length > a.utterances.flat().length ? b : a));
  const answers = learnerAnswers(longest, { fillers: true });
  const words = answers.reduce((sum, answer) => sum + (answer.answer === '' ? 0 : answer.answer.split(/\s+/).length), 0);
  let started = performance.now();
  scoreSpeakingTest(answers);
  const firstMs = performance.now() - started;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    started = performance.now();
    scoreSpeakingTest(answers);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const heavy = fillerHeavyAnswers();
  let heavyMaxMs = 0;
  for (let run = 0; run < FILLER_HEAVY_RUNS; run += 1) {
    started = performance.now();
    scoreSpeakingTest(heavy);
    heavyMaxMs = Math.max(heavyMaxMs, performance.now() - started);
  }
  const characters = heavy.reduce((sum, answer) => sum + answer.question.length + answer.answer.length, 0);
  return {
    words,
    firstMs: round(firstMs),
    medianMs: round(times[Math.floor(RUNS / 2)] ?? 0),
    maxMs: round(times[RUNS - 1] ?? 0),
    fillerHeavy: { characters, maxMs: round(heavyMaxMs) },
  };
}

export function scoringMarkdown(row: ScoringRow): string[] {
  return [
    '## Scoring one 15-minute speaking test (server, one core)',
    '',
    '| words | first call (builds the word ranks) | median of later calls | slowest | budget |',
    '|---:|---:|---:|---:|---:|',
    `| ${row.words.toLocaleString('en-GB')} | ${row.firstMs} ms | ${row.medianMs} ms | ${row.maxMs} ms | 200 ms each |`,
    '',
    ...(row.fillerHeavy
      ? [`A test of filler-heavy answers at a save's text cap (${row.fillerHeavy.characters.toLocaleString('en-GB')} characters): slowest of ${FILLER_HEAVY_RUNS} scorings ${row.fillerHeavy.maxMs} ms (budget 200 ms).`, '']
      : []),
  ];
}
