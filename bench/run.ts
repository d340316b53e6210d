import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureRoutes } from './bundle-size.ts';

/**
 * `npm run bench`: measures what can be measured here and writes one table to
 * bench/results/latest.md (and the raw figures to latest.json, read by bench:check).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const routes = measureRoutes(path.join(root, 'dist/client'));
const lines = [
  `# Benchmarks (${new Date().toISOString()})`,
  '',
  '## Front end: first visit per route (gzip)',
  '',
  '| route | JavaScript | CSS | files |',
  '|---|---:|---:|---:|',
  ...routes.map((r) => `| \`${r.route}\` | ${kb(r.jsGzipBytes)} | ${kb(r.cssGzipBytes)} | ${r.files} |`),
  '',
];
const resultsDir = path.join(root, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(path.join(resultsDir, 'latest.md'), `${lines.join('\n')}\n`);
writeFileSync(path.join(resultsDir, 'latest.json'), JSON.stringify({ measuredAt: new Date().toISOString(), routes }, null, 2));
process.stdout.write(`${lines.join('\n')}\nWritten to bench/results/latest.md\n`);
