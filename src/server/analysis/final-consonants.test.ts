import { describe, expect, it } from 'vitest';
import { finalVoicelessMs } from './final-consonants.js';

describe('finalVoicelessMs (Klatt 1979, rules 2, 6 and 10, before a pause)', () => {
  it('lasts a single /t/ after a vowel 50 + 25 x 1.4 x 0.85 ms', () => {
    expect(finalVoicelessMs(['R', 'AY', 'T'])).toBeCloseTo(50 + 25 * 1.4 * 0.85, 6);
  });

  it('shortens consonants in a cluster, each counted: the /ft/ of "left", the /t/ after the /n/ of "front"', () => {
    const inCluster = 1.4 * 0.85 * 0.7;
    expect(finalVoicelessMs(['L', 'EH', 'F', 'T'])).toBeCloseTo(80 + 20 * inCluster + (50 + 25 * inCluster), 6);
    expect(finalVoicelessMs(['F', 'R', 'AH', 'N', 'T'])).toBeCloseTo(50 + 25 * inCluster, 6);
  });

  it('is 0 for a word that ends in a voiced sound, and never counts a word-initial consonant', () => {
    expect(finalVoicelessMs(['K', 'L', 'AH', 'B', 'Z'])).toBe(0);
    expect(finalVoicelessMs(['S', 'IY'])).toBe(0);
    expect(finalVoicelessMs(['S'])).toBe(0);
    expect(finalVoicelessMs([])).toBe(0);
  });
});
