import { describe, expect, it } from 'vitest';
import { formatPerZone } from './date-format';

describe('formatPerZone', () => {
  it('makes one format per time zone, on first use, and keeps it', () => {
    let made = 0;
    const label = formatPerZone((timeZone) => {
      made += 1;
      return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone });
    });
    expect(made).toBe(0);
    const india = label('Asia/Kolkata');
    expect(label('Asia/Kolkata')).toBe(india);
    expect(label('UTC')).not.toBe(india);
    expect(made).toBe(2);
    // 23:59 UTC on 21 Nov is already 22 Nov in India.
    expect(india.format(new Date('2026-11-21T23:59:00Z'))).toBe('22 Nov 2026');
    expect(label('UTC').format(new Date('2026-11-21T23:59:00Z'))).toBe('21 Nov 2026');
  });
});
