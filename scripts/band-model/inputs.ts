import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_FILE } from './data.js';

/*
 * What `npm run validity` reads: the source files its script imports, followed through their relative
 * imports, the rated ranges it checks, and the learners' data. Their hash goes into docs/validity.md,
 * so that `src/server/validity.test.ts` runs the two-minute check again only when one of them changed
 * (the report is a pure function of them: no clock, no randomness).
 */

const ENTRY = 'scripts/band-model/validity.ts';
/** Checked by the script against what it measures, though nothing it runs imports it. */
const ALSO_READ = ['src/shared/band-estimate/rated-ranges.ts'];
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The file a relative import names: `./x.js` is `./x.ts` (or .tsx) in the sources, `./dir` its index. */
function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(?:m?js|jsx)$/u, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts')]) {
    if (/\.(?:tsx?|json)$/u.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every source file the entry reaches through relative imports, the entry included, sorted. */
export function sourceClosure(root: string, entry = ENTRY): string[] {
  const seen = new Set<string>();
  const queue = [path.join(root, entry)];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const target = resolveImport(file, match[1] as string);
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return [...seen].map((file) => path.relative(root, file)).sort();
}

/** The hash of everything the check reads: each file's path and bytes, then the data's bytes. */
export function validityInputsHash(root: string, dataFile = DATA_FILE): string {
  const hash = createHash('sha256');
  for (const file of [...new Set([...sourceClosure(root), ...ALSO_READ])].sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
  }
  hash.update('data\0');
  hash.update(readFileSync(dataFile));
  return `sha256:${hash.digest('hex')}`;
}

/** The report's line that records the hash. */
export const inputsLine = (hash: string) =>
  `Inputs: \`${hash}\` (the code and data this report was made from; \`src/server/validity.test.ts\` runs the check again only when they change).`;
