/**
 * `npx tsx bench/profile-page.ts /interview-dashboard`: where a page's first visit spends the main
 * thread, for finding what lengthens Lighthouse's blocking time. The built app (dist/client, or
 * BENCH_CLIENT_DIR; dist/node for the server) is opened three times in headless Chromium at a phone's
 * size with the CPU slowed 4x, as Lighthouse's mobile preset does, signed in as a student or (for
 * /admin routes) the admin with a class of 12; each run's long tasks are printed, then the functions
 * with the most time (self, then inclusive), mapped to their sources through the build's source maps.
 * A tool for a session, not part of `npm run bench`.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
const ADMIN_PASSWORD = 'bench-admin-password';
const STUDENT_PASSWORD = 'Student-pass-1';
import { CLIENT_DIR, startServer } from './lists.ts';

const route = process.argv[2] ?? '/interview-dashboard';
const server = await startServer({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'prof-')) });
const post = async (url: string, body: unknown, cookie?: string) =>
  fetch(server.base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
const cookieOf = (r: Response) => (r.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const admin = cookieOf(await post('/api/login', { username: 'admin', password: ADMIN_PASSWORD }));
const { courses } = (await (await fetch(`${server.base}/api/courses/active`, { headers: { cookie: admin } })).json()) as { courses: Array<{ id: number; courseName: string }> };
const ielts = courses.find((c) => c.courseName === 'IELTS')!;
for (let n = 1; n <= 12; n += 1) {
  const number = String(n).padStart(2, '0');
  await post('/api/admin/students', { studentName: `Class Student ${number}`, course: ielts.courseName, courseId: ielts.id, mobileNumber: `98765 000${number}`, username: `student${number}`, password: STUDENT_PASSWORD, status: 'Activated' }, admin);
}
const student = cookieOf(await post('/api/login', { username: 'student01', password: STUDENT_PASSWORD }));
const cookie = route.startsWith('/admin') ? admin : student;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const maps = new Map<string, SourceMapConsumer>();
const mapOf = (url: string) => {
  const file = url.replace(/^https?:\/\/[^/]+/, '');
  if (!file.startsWith('/assets/') || !existsSync(path.join(CLIENT_DIR, `${file}.map`))) return undefined;
  if (!maps.has(file)) maps.set(file, new SourceMapConsumer(JSON.parse(readFileSync(path.join(CLIENT_DIR, `${file}.map`), 'utf8'))));
  return maps.get(file);
};
/** Milliseconds per function, summed over the runs: 'SELF name' and 'INCL name'. */
const totals = new Map<string, number>();
for (let run = 0; run < 3; run += 1) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name: name!, value: value!, url: server.base }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.addInitScript(() => {
    (window as unknown as { longTasks: unknown[] }).longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) (window as unknown as { longTasks: unknown[] }).longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await cdp.send('Profiler.start');
  await page.goto(server.base + route);
  await page.waitForTimeout(4000);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }>; samples: number[]; timeDeltas: number[] } };
  console.log('run', run, 'long tasks', JSON.stringify(await page.evaluate(() => (window as unknown as { longTasks: unknown[] }).longTasks)));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id: number) => {
    const f = byId.get(id)!.callFrame;
    const map = f.url ? mapOf(f.url) : undefined;
    if (map) {
      const o = map.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
      if (o.source) return `${f.functionName || '(anon)'} ${o.source.replace(/.*node_modules\//, 'nm:').replace(/.*src\/client\//, '')}:${o.line}`;
    }
    return `${f.functionName || '(anon)'} ${f.url.replace(/^https?:\/\/[^/]+/, '')}`;
  };
  for (let i = 0; i < profile.samples.length; i += 1) {
    const dt = profile.timeDeltas[i] ?? 0;
    const seen = new Set<string>();
    let cur: number | undefined = profile.samples[i];
    const leaf = label(cur!);
    totals.set('SELF ' + leaf, (totals.get('SELF ' + leaf) ?? 0) + dt);
    while (cur !== undefined) {
      const l = label(cur);
      if (!seen.has(l)) {
        seen.add(l);
        totals.set('INCL ' + l, (totals.get('INCL ' + l) ?? 0) + dt);
      }
      cur = parent.get(cur);
    }
  }
  await context.close();
}
const top = (prefix: string, n: number) =>
  [...totals.entries()].filter(([k]) => k.startsWith(prefix) && !k.includes('(idle)') && !k.includes('(root)') && !k.includes('(program)')).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, t]) => `${(t / 3000).toFixed(0).padStart(6)} ms  ${k}`).join('\n');
console.log(top('SELF', 30));
console.log(top('INCL', 70));
await browser.close();
await server.stop();
