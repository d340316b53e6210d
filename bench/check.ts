import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteSize } from './bundle-size.ts';
import { FIRST_VISIT_BUDGET_ROUTES, FIRST_VISIT_JS_BUDGET_BYTES } from './budgets.ts';

/** `npm run bench:check`: fails when the last `npm run bench` missed a budget. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = JSON.parse(readFileSync(path.join(root, 'bench/results/latest.json'), 'utf8')) as { routes: RouteSize[] };
const misses: string[] = [];
for (const route of FIRST_VISIT_BUDGET_ROUTES) {
  const measured = results.routes.find((r) => r.route === route);
  if (!measured) misses.push(`${route}: not measured`);
  else if (measured.jsGzipBytes > FIRST_VISIT_JS_BUDGET_BYTES) {
    misses.push(`${route}: first visit loads ${(measured.jsGzipBytes / 1024).toFixed(1)} KB of gzipped JavaScript; the budget is ${FIRST_VISIT_JS_BUDGET_BYTES / 1024} KB`);
  }
}
if (misses.length > 0) {
  process.stderr.write(`Budgets missed:\n${misses.map((m) => `- ${m}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('Every budget is met.\n');
