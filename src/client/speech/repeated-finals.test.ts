import { describe, expect, it } from 'vitest';
import { trimRepeatedFinal } from './repeated-finals.js';

describe('trimRepeatedFinal', () => {
  const words = (text: string) => text.toLowerCase().split(' ');
  it('keeps new text, trims a repeated head, drops a full repeat', () => {
    expect(trimRepeatedFinal('I like tea', [words('my name is asha')], [])).toBe('I like tea');
    expect(trimRepeatedFinal('My name is Asha, I like tea', [words('my name is asha')], [])).toBe('I like tea');
    expect(trimRepeatedFinal('my name is Asha.', [words('my name is asha')], [])).toBe('');
    expect(trimRepeatedFinal('Asha', [[]], words('asha'))).toBe('');
  });
});
