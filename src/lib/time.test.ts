import { describe, expect, it } from 'vitest';
import { DEFAULT_ZONE_NAMES, daySeconds, formatMillis, formatSeconds, secondsToDay, zoneName } from './time';

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

describe('instants as the person reads them', () => {
  const intl = (ms: number, locale: string, timeZone: string, withTime: boolean) =>
    new Intl.DateTimeFormat(locale, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    } as const).format(new Date(ms));

  it('midnight is 00:00 in both languages, not 24:00', () => {
    const midnight = Date.UTC(2026, 10, 22, 16, 0, 0) / 1000;
    expect(formatSeconds(midnight, 'en')).toBe('11/23/2026, 00:00');
    expect(formatSeconds(midnight, 'zh-CN')).toBe('2026/11/23 00:00');
    expect(formatSeconds(midnight, 'zh-CN', undefined, false)).toBe('2026/11/23');
    expect(formatSeconds(0)).toBe('—');
    expect(formatMillis(null)).toBe('—');
  });

  it('writes Beijing time exactly as Intl.DateTimeFormat does, in both languages, with and without the time', () => {
    // Edges (midnights, year ends, leap days, the first fixed-offset year) and a seeded spread to 2100.
    const values = [
      Date.UTC(1992, 0, 1),
      Date.UTC(1999, 11, 31, 15, 59, 59),
      Date.UTC(1999, 11, 31, 16, 0, 0),
      Date.UTC(2024, 1, 28, 16, 0, 0),
      Date.UTC(2026, 10, 22, 15, 59, 30),
      Date.UTC(2100, 1, 28, 16, 30),
    ];
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 600; i++) values.push(Math.floor(Date.UTC(1992, 0, 1) + next() * (Date.UTC(2100, 0, 1) - Date.UTC(1992, 0, 1))));
    for (const ms of values)
      for (const locale of ['zh-CN', 'en'])
        for (const withTime of [true, false]) {
          const want = intl(ms, locale, 'Asia/Shanghai', withTime);
          expect(formatSeconds(ms / 1000, locale, 'Asia/Shanghai', withTime), `${new Date(ms).toISOString()} ${locale}`).toBe(want);
          if (withTime) expect(formatMillis(ms, locale)).toBe(want);
        }
    // The day of a date field, by hand in Beijing time (issue 39), as Intl's en-CA writes it.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (const ms of values)
      expect(secondsToDay(Math.floor(ms / 1000)), new Date(ms).toISOString()).toBe(day.format(new Date(Math.floor(ms / 1000) * 1000)));
  });

  it('other zones, other languages and the summer-time years go through Intl', () => {
    const july1991 = Date.UTC(1991, 5, 1, 16, 30);
    // Beijing kept summer time until 1991: 01:30 the next day, not 00:30.
    expect(formatMillis(july1991, 'zh-CN')).toBe(intl(july1991, 'zh-CN', 'Asia/Shanghai', true));
    expect(formatMillis(july1991, 'zh-CN')).toContain('01:30');
    const now = Date.UTC(2026, 6, 4, 12, 0);
    expect(formatMillis(now, 'en', 'America/New_York')).toBe(intl(now, 'en', 'America/New_York', true));
    expect(formatMillis(now, 'de')).toBe(intl(now, 'de', 'Asia/Shanghai', true));
  });
});

describe('zoneName', () => {
  it('names Beijing time by hand exactly as Intl does', () => {
    for (const [locale, name] of Object.entries(DEFAULT_ZONE_NAMES)) {
      const intl = new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Shanghai', timeZoneName: 'long' })
        .formatToParts(0)
        .find((p) => p.type === 'timeZoneName');
      expect(name).toBe(intl?.value);
    }
  });

  it('names the zone in words in the person’s language, not by its id', () => {
    expect(zoneName('Asia/Shanghai', 'zh-CN')).toBe('中国标准时间');
    expect(zoneName('Asia/Shanghai', 'en')).toBe('China Standard Time');
  });
  it('falls back to the id for a zone the browser does not know', () => {
    expect(zoneName('Mars/Olympus', 'en')).toBe('Mars/Olympus');
  });
});
