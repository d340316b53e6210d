import { describe, expect, it } from 'vitest';
import { dateFormat } from './date-format';

describe('dateFormat', () => {
  it('makes one format per locale and options, and keeps it', () => {
    const options = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' } as const;
    const first = dateFormat('en-GB', options);
    expect(dateFormat('en-GB', { ...options })).toBe(first);
    expect(dateFormat('en-US', options)).not.toBe(first);
    expect(dateFormat('en-GB', { ...options, timeZone: 'UTC' })).not.toBe(first);
    // 23:59 UTC on 21 Nov is already 22 Nov in India.
    expect(first.format(new Date('2026-11-21T23:59:00Z'))).toBe('22 Nov 2026');
  });
});
