import { learnerAnswers, loadLearners } from '../scripts/band-model/data.ts';
import { scoreSpeakingTest } from '../src/shared/speaking-test/scoring.ts';

/**
 * Scoring one 15-minute speaking test on the server (`npm run bench`, called from bench/run.ts):
 * the development set's longest learner (a whole 15-minute interview) as 21 answers, scored by
 * scoreSpeakingTest as the server does on a save. The first call also builds the word-rank table
 * (what the first save after a restart pays); then the median of further calls. One core: scoring
 * is synchronous JavaScript on the event loop.
 */
const RUNS = 20;

export interface ScoringRow {
  words: number;
  firstMs: number;
  medianMs: number;
  maxMs: number;
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
  return { words, firstMs: round(firstMs), medianMs: round(times[Math.floor(RUNS / 2)] ?? 0), maxMs: round(times[RUNS - 1] ?? 0) };
}

export function scoringMarkdown(row: ScoringRow): string[] {
  return [
    '## Scoring one 15-minute speaking test (server, one core)',
    '',
    '| words | first call (builds the word ranks) | median of later calls | slowest | budget |',
    '|---:|---:|---:|---:|---:|',
    `| ${row.words.toLocaleString('en-GB')} | ${row.firstMs} ms | ${row.medianMs} ms | ${row.maxMs} ms | 200 ms each |`,
    '',
  ];
}
