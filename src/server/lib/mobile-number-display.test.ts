import { describe, expect, it } from 'vitest';
import { mobileNumberDisplay } from './mobile-number-display.js';

describe('mobileNumberDisplay', () => {
  it('formats a stored E.164 number as the pages show it, and gives anything else as it is', () => {
    expect(mobileNumberDisplay('+919876543210')).toBe('+91 98765 43210');
    expect(mobileNumberDisplay('+447911123456')).toBe('+44 7911 123456');
    expect(mobileNumberDisplay('12345')).toBe('12345');
  });

  it('gives the same answer from its memo, also after the memo has started again', () => {
    for (let i = 0; i < 6_000; i += 1) mobileNumberDisplay(`+9198${String(i).padStart(8, '0')}`);
    expect(mobileNumberDisplay('+919876543210')).toBe('+91 98765 43210');
    expect(mobileNumberDisplay('+919800000042')).toBe('+91 98000 00042');
  });
});
