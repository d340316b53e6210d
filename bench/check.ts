import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTE_PAGES, type RouteSize } from './bundle-size.ts';
import type { AnalysisLoadRow, AnalysisTimingRow } from './analysis.ts';
import {
  ANALYSIS_LIST_P99_GROWTH_BUDGET,
  ANALYSIS_LIST_P99_GROWTH_FLOOR_MS,
  ANALYSIS_SHARE_OF_DURATION_BUDGET,
  CLASS_VIEW_P99_BUDGET_MS,
  CLASS_VIEW_PATH_PREFIX,
  firstVisitBudgetBytes,
  LIGHTHOUSE_ACCESSIBILITY_BUDGET,
  LIGHTHOUSE_BUDGET_ROUTES,
  LIGHTHOUSE_PERFORMANCE_BUDGET,
  LIST_P99_BUDGET_MS,
  UPLOAD_LIST_P99_BUDGET_MS,
  UPLOAD_RSS_GROWTH_BUDGET_MB,
  SCORING_BUDGET_MS,
  VOICE_CHOICE_BUDGET_MS,
} from './budgets.ts';
import type { LighthouseRow } from './lighthouse.ts';
import type { LoadRow } from './lists.ts';
import type { UploadRow } from './uploads.ts';
import type { ScoringRow } from './scoring.ts';
import { VOICE_LIST_LENGTH, type VoiceChoiceRow } from './voices.ts';

/** `npm run bench:check`: fails when the last `npm run bench` missed a budget. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_RESULTS=<file> checks another run's results (default: the last npm run bench).
const resultsFile = process.env.BENCH_RESULTS ? path.resolve(process.env.BENCH_RESULTS) : path.join(root, 'bench/results/latest.json');
if (!existsSync(resultsFile)) {
  process.stderr.write(`${resultsFile} is missing: run npm run bench first.\n`);
  process.exit(1);
}
const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as {
  routes: RouteSize[];
  lists?: Array<{ driver: 'pglite' | 'postgres'; rows: LoadRow[]; uploads?: UploadRow; analyses?: AnalysisLoadRow; analysesAtListLoad?: AnalysisLoadRow }>;
  analysisTiming?: AnalysisTimingRow;
  lighthouse?: LighthouseRow[];
  voiceChoice?: VoiceChoiceRow;
  scoring?: ScoringRow;
};
const misses: string[] = [];
const notes: string[] = [];
// Every route's first visit: at most 150.25 KB of gzipped JavaScript (decision 0042), 100 KB on / and /auth.
for (const route of Object.keys(ROUTE_PAGES)) {
  const measured = results.routes.find((r) => r.route === route);
  const budget = firstVisitBudgetBytes(route);
  if (!measured) misses.push(`${route}: first visit not measured`);
  else if (measured.jsGzipBytes > budget) {
    misses.push(`${route}: first visit loads ${(measured.jsGzipBytes / 1024).toFixed(1)} KB of gzipped JavaScript; the budget is ${budget / 1024} KB`);
  }
}

// The examiner voice's choice among 13,000 voices: the right voice, median under 100 ms.
const voiceChoice = results.voiceChoice;
if (!voiceChoice) misses.push(`voice choice among ${VOICE_LIST_LENGTH.toLocaleString('en-GB')} voices: not measured`);
else {
  if (voiceChoice.voices <= VOICE_LIST_LENGTH) misses.push(`voice choice: measured on ${voiceChoice.voices} voices, not more than ${VOICE_LIST_LENGTH}`);
  if (voiceChoice.chosen !== 'Last Female') misses.push(`voice choice: chose ${voiceChoice.chosen ?? 'no voice'} instead of the one en-IN voice named female`);
  if (voiceChoice.medianMs >= VOICE_CHOICE_BUDGET_MS) {
    misses.push(`voice choice among ${voiceChoice.voices} voices: median ${voiceChoice.medianMs} ms; the budget is under ${VOICE_CHOICE_BUDGET_MS} ms`);
  }
}

// Scoring one 15-minute speaking test on the server: the first call and every later one within 200 ms.
const scoring = results.scoring;
if (!scoring) misses.push('scoring one 15-minute speaking test: not measured');
else if (Math.max(scoring.firstMs, scoring.maxMs) > SCORING_BUDGET_MS) {
  misses.push(`scoring one 15-minute speaking test (${scoring.words} words): first ${scoring.firstMs} ms, slowest ${scoring.maxMs} ms; the budget is ${SCORING_BUDGET_MS} ms`);
}
// The worst text a save may carry, answers of fillers at the save's cap: the same budget.
if (scoring && !scoring.fillerHeavy) misses.push('scoring a test of filler-heavy answers at the text cap: not measured');
else if (scoring?.fillerHeavy && scoring.fillerHeavy.maxMs > SCORING_BUDGET_MS) {
  misses.push(`scoring a test of filler-heavy answers (${scoring.fillerHeavy.characters} characters): slowest ${scoring.fillerHeavy.maxMs} ms; the budget is ${SCORING_BUDGET_MS} ms`);
}

// List endpoints at p99 under 50 ms at 50 connections on PostgreSQL (PGlite is one connection: reported, not held to it).
const postgresRows = results.lists?.find((d) => d.driver === 'postgres')?.rows.filter((r) => r.list) ?? [];
if (postgresRows.length === 0) {
  notes.push(`list endpoints p99 under ${LIST_P99_BUDGET_MS} ms on PostgreSQL: not measured (no PostgreSQL rows; set BENCH_DATABASE_URL or run PostgreSQL on 127.0.0.1:5432)`);
} else {
  for (const row of postgresRows) {
    if (row.non2xx > 0 || row.errors > 0) misses.push(`PostgreSQL ${row.row}: ${row.non2xx} non-2xx answers and ${row.errors} errors under load`);
    if (row.p99Ms >= LIST_P99_BUDGET_MS) misses.push(`PostgreSQL ${row.row}: p99 ${row.p99Ms} ms at 50 connections; the budget is under ${LIST_P99_BUDGET_MS} ms`);
  }
}
// The class view of one course: p99 at most 100 ms at 50 connections on PostgreSQL.
const postgresMeasured = results.lists?.find((d) => d.driver === 'postgres')?.rows ?? [];
const classRow = postgresMeasured.find((r) => r.path.startsWith(CLASS_VIEW_PATH_PREFIX));
if (postgresMeasured.length === 0) {
  notes.push(`class view p99 at most ${CLASS_VIEW_P99_BUDGET_MS} ms on PostgreSQL: not measured (no PostgreSQL rows)`);
} else if (!classRow) {
  misses.push('PostgreSQL class view: not measured (no row for GET /api/admin/class?courseId=…)');
} else {
  if (classRow.non2xx > 0 || classRow.errors > 0) misses.push(`PostgreSQL ${classRow.row}: ${classRow.non2xx} non-2xx answers and ${classRow.errors} errors under load`);
  if (classRow.p99Ms > CLASS_VIEW_P99_BUDGET_MS) misses.push(`PostgreSQL ${classRow.row}: p99 ${classRow.p99Ms} ms at 50 connections; the budget is ${CLASS_VIEW_P99_BUDGET_MS} ms`);
}
// Recordings uploading while the lists are read: list p99 and the server's memory, per driver.
for (const driver of ['pglite', 'postgres'] as const) {
  const uploads = results.lists?.find((d) => d.driver === driver)?.uploads;
  if (!uploads) {
    if (driver === 'pglite' || postgresRows.length > 0) misses.push(`${driver}: the upload bench was not measured`);
    continue;
  }
  for (const failure of uploads.failures) misses.push(`${driver} uploads: ${failure}`);
  if (uploads.duringP99Ms > UPLOAD_LIST_P99_BUDGET_MS[driver]) {
    misses.push(`${driver}: students list p99 ${uploads.duringP99Ms} ms while recordings upload; the budget is ${UPLOAD_LIST_P99_BUDGET_MS[driver]} ms`);
  }
  const growth = uploads.rssPeakMb - uploads.rssBeforeMb;
  if (growth > UPLOAD_RSS_GROWTH_BUDGET_MB) misses.push(`${driver}: server memory grew ${growth.toFixed(0)} MB during the uploads; the budget is ${UPLOAD_RSS_GROWTH_BUDGET_MB} MB`);
}
// A 12-minute recording's analysis on one core: at most 5 % of its duration, with and without alignment.
const timing = results.analysisTiming;
for (const aligner of [false, true]) {
  const run = timing?.runs.find((r) => r.aligner === aligner);
  const what = `analysis of a ${timing ? Math.round(timing.recordingSeconds / 60) : 12}-minute recording ${aligner ? 'with' : 'without'} word alignment`;
  if (!timing || !run) {
    misses.push(`${what}: not measured`);
    continue;
  }
  if (run.status !== 'done') misses.push(`${what}: ended ${run.status} (${run.reason ?? 'no reason'})`);
  if (aligner && run.words === 0) misses.push(`${what}: placed no words`);
  const share = run.ms / 1000 / timing.recordingSeconds;
  if (share > ANALYSIS_SHARE_OF_DURATION_BUDGET) {
    misses.push(`${what}: ${(run.ms / 1000).toFixed(1)} s on one core, ${(share * 100).toFixed(1)} % of the recording; the budget is ${ANALYSIS_SHARE_OF_DURATION_BUDGET * 100} %`);
  }
}
// The students list while 4 recordings are analysed: p99 within 20 % (or 2 ms) of its p99 just before, per
// driver, read on a few connections and on the list rows' 50.
for (const driver of ['pglite', 'postgres'] as const) {
  const measured = results.lists?.find((d) => d.driver === driver);
  const rows = [measured?.analyses, measured?.analysesAtListLoad];
  for (const analyses of rows) {
    if (!analyses) {
      if (driver === 'pglite' || postgresRows.length > 0) misses.push(`${driver}: the list during analyses was not measured (run the whole npm run bench)`);
      continue;
    }
    const what = `${driver}, list on ${analyses.connections ?? '?'} connections`;
    for (const failure of analyses.failures) misses.push(`${what}, analyses: ${failure}`);
    if (analyses.unfinishedAtWindowEnd === 0) misses.push(`${what}: every analysis had ended before the list's window closed, so the window did not measure them throughout`);
    const allowedGrowthMs = Math.max(analyses.baselineP99Ms * ANALYSIS_LIST_P99_GROWTH_BUDGET, ANALYSIS_LIST_P99_GROWTH_FLOOR_MS);
    if (analyses.duringP99Ms > analyses.baselineP99Ms + allowedGrowthMs) {
      misses.push(`${what}: students list p99 ${analyses.duringP99Ms} ms while recordings are analysed, ${analyses.baselineP99Ms} ms just before; the budget is ${ANALYSIS_LIST_P99_GROWTH_BUDGET * 100} % or ${ANALYSIS_LIST_P99_GROWTH_FLOOR_MS} ms more, whichever is more`);
    }
  }
}
// Lighthouse, mobile preset: performance >= 95 and accessibility 100 on every budgeted route, opened by the visitor it is for.
for (const { route, visitor } of LIGHTHOUSE_BUDGET_ROUTES) {
  const row = results.lighthouse?.find((r) => r.route === route);
  if (!row) {
    misses.push(`Lighthouse ${route} (${visitor}): not measured (run npm run bench without BENCH_SKIP_LIGHTHOUSE)`);
    continue;
  }
  if (row.visitor !== visitor) misses.push(`Lighthouse ${route}: measured as ${row.visitor}, not as ${visitor}`);
  // A page may move on by itself (a student's /student opens their course's page after a second), but not to the sign-in pages.
  if (row.finalPath && row.finalPath !== route && ['/auth', '/set-password'].includes(row.finalPath)) {
    misses.push(`Lighthouse ${route} (${visitor}): the page was sent on to ${row.finalPath}, so the visitor was not signed in as a usable ${visitor}`);
  }
  if (row.performance < LIGHTHOUSE_PERFORMANCE_BUDGET) {
    misses.push(`Lighthouse ${route} (${visitor}): performance ${row.performance} (runs ${row.performanceRuns.join(', ')}); the budget is ${LIGHTHOUSE_PERFORMANCE_BUDGET}`);
  }
  if (row.accessibility < LIGHTHOUSE_ACCESSIBILITY_BUDGET) {
    misses.push(
      `Lighthouse ${route} (${visitor}): accessibility ${row.accessibility}; the budget is ${LIGHTHOUSE_ACCESSIBILITY_BUDGET} (${row.failing.filter((f) => f.startsWith('accessibility')).join('; ')})`,
    );
  }
}
for (const note of notes) process.stdout.write(`Note: ${note}\n`);
if (misses.length > 0) {
  process.stderr.write(`Budgets missed:\n${misses.map((m) => `- ${m}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('Every budget is met.\n');
