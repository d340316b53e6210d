import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { interleave, LONG_UNIT_FILES, startFirst } from './test-order.js';

describe('interleave (the real-time end-to-end files spread through the unit files)', () => {
  it('puts the first at the start and the others at even steps, keeping both orders', () => {
    const others = Array.from({ length: 10 }, (_, i) => `u${i}`);
    expect(interleave(others, ['r0', 'r1', 'r2'])).toEqual(['r0', 'u0', 'u1', 'u2', 'r1', 'u3', 'u4', 'u5', 'r2', 'u6', 'u7', 'u8', 'u9']);
  });

  it('keeps every item once when there are more to spread than others', () => {
    expect(interleave(['u0'], ['r0', 'r1', 'r2'])).toEqual(['r0', 'u0', 'r1', 'r2']);
    expect(interleave([], ['r0'])).toEqual(['r0']);
    expect(interleave(['u0', 'u1'], [])).toEqual(['u0', 'u1']);
  });
});

describe('startFirst (the unit files that take minutes start first)', () => {
  it('moves the named files to the front in the list\'s order and keeps the others\' order', () => {
    const files = ['/p/a.test.ts', '/p/src/server/validity.test.ts', '/p/b.test.ts', '/p/src/server/analysis/real-speech.test.ts', '/p/c.test.ts'];
    expect(startFirst(files, LONG_UNIT_FILES, (file) => file)).toEqual([
      '/p/src/server/analysis/real-speech.test.ts',
      '/p/src/server/validity.test.ts',
      '/p/a.test.ts',
      '/p/b.test.ts',
      '/p/c.test.ts',
    ]);
  });

  it('names files that exist (a renamed file would silently start late again)', () => {
    for (const file of LONG_UNIT_FILES) expect(existsSync(new URL(`../${file}`, import.meta.url)), file).toBe(true);
  });
});
