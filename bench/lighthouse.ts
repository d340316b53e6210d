import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIGHTHOUSE_BUDGET_ROUTES } from './budgets.ts';
import { startServer } from './lists.ts';

/**
 * Lighthouse 12 (mobile: the default preset, simulated slow 4G and a 4x slower CPU) against the
 * built app, started here on a fresh PGlite DATA_DIR, in Debian's Chromium (CHROME_PATH, default
 * /usr/bin/chromium, `--headless=new --no-sandbox`). The routes of LIGHTHOUSE_BUDGET_ROUTES
 * (bench/budgets.ts), each opened by the visitor it is for: `/` and `/auth` signed out, the student's
 * pages as a signed-in student, the admin's as the admin (a session cookie sent with
 * --extra-headers), since a signed-out visitor is only sent on to /auth.
 */

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const ADMIN_PASSWORD = 'bench-admin-password';
const STUDENT_PASSWORD = 'lighthouse-student-password';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Runs per route; the row is the run with the median performance score (Lighthouse's own advice: scores vary run to run, more so on a shared machine). */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

export interface LighthouseRow {
  route: string;
  visitor: 'signed out' | 'student' | 'admin';
  /** Where the page ended (a redirect would mean another page was measured). */
  finalPath?: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits scored below 1 in accessibility, and performance opportunities, to say why a score is missed. */
  failing: string[];
  /** Every run's performance score, lowest first (the row shows the median run). */
  performanceRuns: number[];
  /**
   * Each of those runs' `benchmarkIndex`, Lighthouse's measure of the host's CPU: its 4x slowdown
   * stands for a mid-tier phone on a host of 1,500-2,000, a slower phone on a slower host (its
   * docs/throttling.md). A score is read against it.
   */
  benchmarkIndexRuns?: number[];
}

const log = (text: string) => process.stdout.write(`${text}\n`);

interface Lhr {
  finalDisplayedUrl: string;
  environment?: { benchmarkIndex?: number };
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string }>;
}

function runLighthouse(url: string, outputFile: string, cookie: string | null): Promise<Lhr> {
  const args = [
    path.join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${outputFile}`,
    '--chrome-flags=--headless=new --no-sandbox',
    '--quiet',
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  // BENCH_LIGHTHOUSE_ASSETS=1: each run's trace beside its report (<report>-0.trace.json), for Chromium's DevTools.
  if (process.env.BENCH_LIGHTHOUSE_ASSETS) args.push('--save-assets');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited with ${code}: ${stderr.slice(-2000)}`));
      try {
        resolve(JSON.parse(readFileSync(outputFile, 'utf8')) as Lhr);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

async function post(base: string, urlPath: string, body: unknown, cookie?: string): Promise<Response> {
  const response = await fetch(`${base}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${urlPath} answered ${response.status}: ${await response.text()}`);
  return response;
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** Students on the teacher's list: a class, more than one page of it. */
const CLASS_SIZE = 12;

/** The admin's session cookie, and a student of the IELTS course (created through the admin API, with the rest of the class) signed in: their session cookie. */
async function signInCookies(base: string): Promise<{ admin: string; student: string }> {
  const admin = cookieOf(await post(base, '/api/login', { username: 'admin', password: ADMIN_PASSWORD }));
  const { courses } = (await (await fetch(`${base}/api/courses/active`, { headers: { cookie: admin } })).json()) as { courses: Array<{ id: number; courseName: string }> };
  const ielts = courses.find((c) => c.courseName === 'IELTS') ?? courses[0];
  if (!ielts) throw new Error('no active course');
  await post(
    base,
    '/api/admin/students',
    { studentName: 'Lighthouse Student', course: ielts.courseName, courseId: ielts.id, mobileNumber: '98765 00001', username: 'lighthouse', password: STUDENT_PASSWORD, status: 'Activated' },
    admin,
  );
  // The rest of a class, so that the teacher's list is a full page (10 a page) as in a school, not one row.
  for (let n = 2; n <= CLASS_SIZE; n += 1) {
    const number = String(n).padStart(2, '0');
    await post(
      base,
      '/api/admin/students',
      { studentName: `Class Student ${number}`, course: ielts.courseName, courseId: ielts.id, mobileNumber: `98765 000${number}`, username: `student${number}`, password: STUDENT_PASSWORD, status: 'Activated' },
      admin,
    );
  }
  const student = cookieOf(await post(base, '/api/login', { username: 'lighthouse', password: STUDENT_PASSWORD }));
  return { admin, student };
}

/** BENCH_LIGHTHOUSE_ROUTES=/auth,/test narrows a run to those routes (for measuring one change). */
const ROUTES = LIGHTHOUSE_BUDGET_ROUTES.filter(({ route }) => !process.env.BENCH_LIGHTHOUSE_ROUTES || process.env.BENCH_LIGHTHOUSE_ROUTES.split(',').includes(route));

export async function runLighthouse12(): Promise<LighthouseRow[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-lighthouse-'));
  // BENCH_LIGHTHOUSE_KEEP=<folder>: the reports stay there (open them in the Lighthouse viewer).
  const keep = process.env.BENCH_LIGHTHOUSE_KEEP ? path.resolve(process.env.BENCH_LIGHTHOUSE_KEEP) : undefined;
  if (keep) mkdirSync(keep, { recursive: true });
  const outDir = keep ?? mkdtempSync(path.join(tmpdir(), 'parley-lighthouse-out-'));
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const cookies = await signInCookies(server.base);
    const rows: LighthouseRow[] = [];
    log('Lighthouse (mobile preset):');
    for (const { route, visitor } of ROUTES) {
      const runs: Lhr[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const output = path.join(outDir, `${route.replace(/\W/g, '_')}-${run}.json`);
        const measure = () => runLighthouse(`${server.base}${route}`, output, visitor === 'signed out' ? null : cookies[visitor]);
        // Lighthouse sometimes fails to record a trace ("NO_NAVSTART"); such a run is made again, once.
        const result = await measure().catch((error: unknown) => {
          log(`  ${route}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}; running it again`);
          return measure();
        });
        if (result.runtimeError) throw new Error(`lighthouse ${route}: ${result.runtimeError.message}`);
        runs.push(result);
      }
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)] as Lhr;
      const allScores = runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
      const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
      const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
      const failing = Object.entries(lhr.categories).flatMap(([category, { auditRefs }]) =>
        auditRefs
          .filter((ref) => {
            const audit = lhr.audits[ref.id];
            // Scored audits only (weight 0: insights and diagnostics, which do not move the score).
            return audit && ref.weight > 0 && audit.score !== null && audit.score < (category === 'accessibility' ? 1 : 0.9);
          })
          .map((ref) => `${category}: ${ref.id} (${lhr.audits[ref.id]?.title ?? ''}, score ${lhr.audits[ref.id]?.score})`),
      );
      const row: LighthouseRow = {
        route,
        visitor,
        finalPath: new URL(lhr.finalDisplayedUrl).pathname,
        performance: score('performance'),
        accessibility: score('accessibility'),
        lcpMs: Math.round(numeric('largest-contentful-paint')),
        fcpMs: Math.round(numeric('first-contentful-paint')),
        tbtMs: Math.round(numeric('total-blocking-time')),
        cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
        failing,
        performanceRuns: allScores,
        benchmarkIndexRuns: runs.map((r) => Math.round(r.environment?.benchmarkIndex ?? Number.NaN)),
      };
      log(
        `  ${route} (${visitor}, ended on ${new URL(lhr.finalDisplayedUrl).pathname}): performance ${row.performance} (runs: ${allScores.join(', ')}), accessibility ${row.accessibility}, LCP ${row.lcpMs} ms${failing.length ? `\n    ${failing.join('\n    ')}` : ''}`,
      );
      rows.push(row);
    }
    return rows;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (!keep) rmSync(outDir, { recursive: true, force: true });
  }
}

export function lighthouseMarkdown(rows: LighthouseRow[]): string[] {
  return [
    '## Lighthouse 12 (mobile preset: simulated slow 4G, 4x CPU slowdown; Chromium headless)',
    '',
    '`/` and `/auth` as a signed-out visitor; the student pages as a signed-in IELTS student, the admin pages as the admin (session cookie), with a class of 12 students on the list. Each row is the median of the runs (by performance score).',
    '',
    "The host's CPU in each of those runs is Lighthouse's `benchmarkIndex` (its docs/throttling.md: the 4x slowdown stands for a mid-tier phone when the host reads 1,500-2,000; on a host of 1,000-1,500 it stands for a slower phone).",
    '',
    '| route | visitor | performance | (every run) | host benchmarkIndex (same runs) | accessibility | LCP | FCP | TBT | CLS |',
    '|---|---|---:|---|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| \`${r.route}\` | ${r.visitor} | ${r.performance} | ${r.performanceRuns.join(', ')} | ${r.benchmarkIndexRuns?.join(', ') ?? '–'} | ${r.accessibility} | ${r.lcpMs} ms | ${r.fcpMs} ms | ${r.tbtMs} ms | ${r.cls} |`,
    ),
    '',
    ...rows.flatMap((r) => (r.failing.length ? [`Audits below par on \`${r.route}\`: ${r.failing.join('; ')}`, ''] : [])),
  ];
}

// `npx tsx bench/lighthouse.ts`: the Lighthouse rows alone, printed.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const rows = await runLighthouse12();
  log(lighthouseMarkdown(rows).join('\n'));
}
