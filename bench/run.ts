import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analysisTimingMarkdown, removeBenchRecording, runAnalysisTiming } from './analysis.ts';
import { measureRoutes } from './bundle-size.ts';
import { firstVisitBudgetBytes } from './budgets.ts';
import { lighthouseMarkdown, runLighthouse12, type LighthouseRow } from './lighthouse.ts';
import { CLIENT_DIR, runListBench } from './lists.ts';
import { runScoringBench, scoringMarkdown } from './scoring.ts';
import { runVoiceChoiceBench, voiceChoiceMarkdown } from './voices.ts';
import { BENCH_NEEDS, ensureSystemPackages } from '../scripts/system-packages.mjs';

/**
 * `npm run bench`: measures what can be measured here and writes the tables to
 * bench/results/latest.md (and the raw figures to latest.json, read by bench:check): the front
 * end's first visit per route, the examiner voice's choice among 13,000 voices (voices.ts), the
 * scoring of one 15-minute test (scoring.ts), and
 * the admin lists under load on PGlite and PostgreSQL (lists.ts).
 * Exits non-zero when a list query's plan reads students or attempts sequentially.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// Lighthouse drives the system Chromium: on a fresh machine it is installed first (as npm test does).
if (!process.env.BENCH_SKIP_LIGHTHOUSE && !process.env.CHROME_PATH) {
  ensureSystemPackages(BENCH_NEEDS, {
    log: (message) => console.log(`[bench] ${message}`),
    fail: (message) => {
      console.error(`[bench] ${message}`);
      process.exit(1);
    },
    what: 'the benchmarks (Lighthouse)',
  });
}

const routes = measureRoutes(CLIENT_DIR);
const voiceChoice = runVoiceChoiceBench();
const scoring = runScoringBench();
const analysisTiming = runAnalysisTiming();
const lists = await runListBench();
removeBenchRecording();
// BENCH_SKIP_LIGHTHOUSE=1 leaves Lighthouse out (a quicker look at the API rows); bench:check then fails on it.
const lighthouse: LighthouseRow[] = process.env.BENCH_SKIP_LIGHTHOUSE ? [] : await runLighthouse12();
const lines = [
  `# Benchmarks (${new Date().toISOString()})`,
  '',
  '## Front end: first visit per route (gzip)',
  '',
  '| route | JavaScript | budget | CSS | files |',
  '|---|---:|---:|---:|---:|',
  ...routes.map((r) => `| \`${r.route}\` | ${kb(r.jsGzipBytes)} | ${kb(firstVisitBudgetBytes(r.route))} | ${kb(r.cssGzipBytes)} | ${r.files} |`),
  '',
  ...voiceChoiceMarkdown(voiceChoice),
  ...scoringMarkdown(scoring),
  ...analysisTimingMarkdown(analysisTiming),
  ...(lighthouse.length > 0 ? lighthouseMarkdown(lighthouse) : ['## Lighthouse', '', 'Not measured in this run (BENCH_SKIP_LIGHTHOUSE).', '']),
  ...lists.markdown,
];
const resultsDir = path.join(root, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(path.join(resultsDir, 'latest.md'), `${lines.join('\n')}\n`);
writeFileSync(
  path.join(resultsDir, 'latest.json'),
  JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      routes,
      voiceChoice,
      scoring,
      analysisTiming,
      password: lists.password,
      lighthouse,
      lists: lists.drivers.map(({ driver, seedSeconds, rows, rssIdleMb, rssAfterMb, uploads, analyses, analysesAtListLoad, plans, informational }) => ({
        driver,
        seedSeconds,
        rows,
        rssIdleMb,
        rssAfterMb,
        uploads,
        analyses,
        analysesAtListLoad,
        plans: [...plans, ...informational].map(({ query, indexes, seqScan }) => ({ query, indexes, seqScan })),
      })),
    },
    null,
    2,
  ),
);
const summaryEnd = lines.findIndex((line) => line.startsWith('<details>'));
process.stdout.write(`\n${lines.slice(0, summaryEnd === -1 ? undefined : summaryEnd).join('\n')}\nWritten to bench/results/latest.md\n`);
if (lists.seqScans.length > 0) {
  process.stderr.write(
    `\nBench failed: these list queries read students or attempts with a sequential scan (plans above):\n${lists.seqScans.map((s) => `- ${s}`).join('\n')}\n`,
  );
  process.exit(1);
}
