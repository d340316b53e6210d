import { describe, expect, it } from 'vitest';
import { backupSize } from './backup-commands.js';

describe('the size a backup reports', () => {
  it('is in kB below a megabyte, so a small database never reads "0.0 MB"', () => {
    expect(backupSize(49_017)).toBe('48 kB');
    expect(backupSize(200)).toBe('1 kB');
    expect(backupSize(5 * 1_048_576)).toBe('5.0 MB');
  });
});
