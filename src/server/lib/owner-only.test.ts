import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepDataDirPrivate } from './owner-only.js';

const folder = mkdtempSync(path.join(tmpdir(), 'parley-owner-only-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the data folder kept private', () => {
  it('makes a missing folder 0700 and closes an open one', () => {
    const made = path.join(folder, 'made');
    expect(keepDataDirPrivate(made)).toBeNull();
    expect(statSync(made).mode & 0o777).toBe(0o700);
  });

  it('says the folder does not exist when it cannot be made, not that it could not be made private', () => {
    // A regular file where the folder's parent should be: no user can make the folder.
    const file = path.join(folder, 'a-file');
    writeFileSync(file, '');
    const warning = keepDataDirPrivate(path.join(file, 'data'));
    expect(warning).toMatch(/^The data folder .*a-file\/data does not exist and this user could not make it \(ENOTDIR\)/);
    expect(warning).not.toMatch(/made private/);
  });
});
