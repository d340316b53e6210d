import { describe, expect, it } from 'vitest';
import { timeAnnouncement } from './announcements';

describe('timeAnnouncement', () => {
  it('changes only every 5 minutes, then in the last minute and at the end', () => {
    expect(timeAnnouncement(30 * 60_000)).toBe('30 minutes left');
    expect(timeAnnouncement(29 * 60_000 + 59_000)).toBe('30 minutes left');
    expect(timeAnnouncement(25 * 60_000 + 1)).toBe('30 minutes left');
    expect(timeAnnouncement(25 * 60_000)).toBe('25 minutes left');
    expect(timeAnnouncement(5 * 60_000 + 1)).toBe('10 minutes left');
    expect(timeAnnouncement(61_000)).toBe('5 minutes left');
    expect(timeAnnouncement(60_000)).toBe('1 minute left');
    expect(timeAnnouncement(1)).toBe('1 minute left');
    expect(timeAnnouncement(0)).toBe('Time is up');
  });

  it('says the same thing for every second inside a 5-minute step', () => {
    const said = new Set<string>();
    for (let ms = 20 * 60_000 + 1; ms <= 25 * 60_000; ms += 1000) said.add(timeAnnouncement(ms));
    expect([...said]).toEqual(['25 minutes left']);
  });
});
