import { describe, expect, it } from 'vitest';
import { formatPercent, formatSeconds } from './format';

describe('figures for people', () => {
  it('shows percentages with a decimal only under 10%', () => {
    expect(formatPercent(0.033)).toBe('3.3%');
    expect(formatPercent(0.39)).toBe('39%');
    expect(formatPercent(0)).toBe('0%');
  });

  it('shows seconds with one decimal', () => {
    expect(formatSeconds(1234)).toBe('1.2 s');
    expect(formatSeconds(0)).toBe('0.0 s');
  });
});
