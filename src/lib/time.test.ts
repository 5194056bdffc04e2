import { describe, expect, it } from 'vitest';
import { daySeconds, formatSeconds, secondsToDay } from './time';

describe("days in the person's zone", () => {
  it('a day in Beijing starts at 16:00 UTC the day before and ends one second before the next', () => {
    expect(daySeconds('2026-11-22')).toBe(Date.UTC(2026, 10, 21, 16, 0, 0) / 1000);
    expect(daySeconds('2026-11-22', true)).toBe(Date.UTC(2026, 10, 22, 15, 59, 59) / 1000);
  });

  it('other zones, including one with daylight saving', () => {
    expect(daySeconds('2026-01-15', false, 'UTC')).toBe(Date.UTC(2026, 0, 15) / 1000);
    // New York is UTC-4 in July, UTC-5 in January.
    expect(daySeconds('2026-07-04', false, 'America/New_York')).toBe(Date.UTC(2026, 6, 4, 4) / 1000);
    expect(daySeconds('2026-01-04', false, 'America/New_York')).toBe(Date.UTC(2026, 0, 4, 5) / 1000);
  });

  it('nonsense is no day', () => {
    expect(daySeconds('')).toBeUndefined();
    expect(daySeconds('2026-02-30')).toBeUndefined();
    expect(daySeconds('22/11/2026')).toBeUndefined();
  });

  it('round-trips through the date field', () => {
    const s = daySeconds('2026-03-01')!;
    expect(secondsToDay(s)).toBe('2026-03-01');
    expect(secondsToDay(daySeconds('2026-03-01', true)!)).toBe('2026-03-01');
    expect(formatSeconds(s, 'en')).toContain('03/01/2026');
  });
});
