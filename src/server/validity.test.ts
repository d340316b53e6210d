import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATA_FILE } from '../../scripts/band-model/data';
import { inputsLine, sourceClosure, validityInputsHash } from '../../scripts/band-model/inputs';

/*
 * `npm run validity` inside `npm test`: the cross-validated agreement with the raters meets its
 * targets, the agreement the app states is the measured one, and docs/validity.md is the report
 * the committed code gives (regenerate it with `npm run validity` after changing the estimate).
 * The report records the hash of everything the check reads (scripts/band-model/inputs.ts): when
 * the code and data are those it was made from, it is their report, and the two-minute run (six
 * beside the end-to-end files) is not made again.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const committed = () => readFileSync(path.join(root, 'docs/validity.md'), 'utf8');
const INPUTS_LINE = /^Inputs: `sha256:[0-9a-f]{64}` .*$/mu;

describe('npm run validity', () => {
  it('meets every target and matches docs/validity.md', () => {
    const report = committed();
    if (report.includes(inputsLine(validityInputsHash(root)))) {
      // Made from exactly these files: what the run would write, and it met every target.
      expect(report).toContain('## Result\n\nEvery target is met.');
      return;
    }
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'parley-validity-')), 'validity.md');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/band-model/validity.ts', '--out', out], { cwd: root, encoding: 'utf8' });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    // Other inputs, the same report (a comment changed): true still; `npm run validity` records the new hash.
    expect(readFileSync(out, 'utf8').replace(INPUTS_LINE, ''), 'docs/validity.md is not what the code gives: run npm run validity').toBe(report.replace(INPUTS_LINE, ''));
    // The run takes about 3 minutes on a quiet machine and over 12 on a busy one (a CI host twice as
    // slow, with the other unit files beside it): the limit is for a hang, not a measure of speed.
  }, 1_500_000);

  it('hashes what the check reads: the files it imports (scoring, model, text), never the app around them, and the data', () => {
    const files = sourceClosure(root);
    // The check's script, the scoring it runs and the model it fits.
    for (const file of ['scripts/band-model/validity.ts', 'src/shared/speaking-test/scoring.ts', 'src/shared/band-estimate/features.ts', 'src/shared/band-estimate/coefficients.ts', 'src/shared/text/fillers.ts']) {
      expect(files).toContain(file);
    }
    expect(files.some((file) => file.startsWith('src/client/') || file.startsWith('src/server/'))).toBe(false);
    const data = path.join(mkdtempSync(path.join(tmpdir(), 'parley-validity-data-')), 'learners.jsonl');
    writeFileSync(data, Buffer.concat([readFileSync(DATA_FILE), Buffer.from('\n')]));
    expect(validityInputsHash(root, data)).not.toBe(validityInputsHash(root));
  });
});

