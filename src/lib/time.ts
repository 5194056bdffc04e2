import type { UnixMillis, UnixSeconds } from '../../contract';

import { DEFAULT_TIME_ZONE } from '../../contract/time-zone';

// The zone's names are the gateway's too (it paints the overview's line of days): in the contract.
export { DEFAULT_TIME_ZONE, DEFAULT_ZONE_NAMES, zoneName } from '../../contract/time-zone';

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(locale: string, timeZone: string, withTime: boolean) {
  const key = `${locale}|${timeZone}|${withTime}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      // h23, not `hour12: false`: that reads midnight as "24:00" in English.
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

const HOUR = 3_600_000;
// China has kept UTC+8 all year since its last summer time ended in September 1991; years stay 4 digits.
const SHANGHAI_FIXED_FROM = Date.UTC(1992, 0, 1);
const SHANGHAI_FIXED_TO = Date.UTC(10000, 0, 1) - 8 * HOUR;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The default zone in the two languages, written by hand exactly as Intl.DateTimeFormat writes them
 * ("2026/11/22 14:05", "11/22/2026, 14:05"; time.test.ts compares the two): the first date formatter
 * of a page loads the browser's ICU and zone data, 20-45 ms on the main thread while the orders page's
 * first rows draw (issue 15). Anything else goes through Intl.
 */
function byHand(ms: number, locale: string, timeZone: string, withTime: boolean): string | undefined {
  if (timeZone !== DEFAULT_TIME_ZONE || (locale !== 'zh-CN' && locale !== 'en') || !(ms >= SHANGHAI_FIXED_FROM && ms < SHANGHAI_FIXED_TO))
    return undefined;
  const d = new Date(ms + 8 * HOUR);
  const [y, mo, da] = [d.getUTCFullYear(), two(d.getUTCMonth() + 1), two(d.getUTCDate())];
  const day = locale === 'en' ? `${mo}/${da}/${y}` : `${y}/${mo}/${da}`;
  if (!withTime) return day;
  const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  return locale === 'en' ? `${day}, ${time}` : `${day} ${time}`;
}

function formatInstant(ms: number, locale: string, timeZone: string, withTime: boolean) {
  return byHand(ms, locale, timeZone, withTime) ?? fmt(locale, timeZone, withTime).format(new Date(ms));
}

/** Entity timestamps are Unix seconds; 0 means "not yet". */
export function formatSeconds(s: UnixSeconds | null | undefined, locale = 'zh-CN', timeZone = DEFAULT_TIME_ZONE, withTime = true): string {
  if (!s) return '—';
  return formatInstant(s * 1000, locale, timeZone, withTime);
}

export function formatMillis(ms: UnixMillis | null | undefined, locale = 'zh-CN', timeZone = DEFAULT_TIME_ZONE): string {
  if (!ms) return '—';
  return formatInstant(ms, locale, timeZone, true);
}

/** Minutes `timeZone` is ahead of UTC at the instant `ms` (Asia/Shanghai: 480). */
function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * A day picked in a date field ("2026-11-22") as Unix seconds in the person's zone: its first second,
 * or (end) its last. Anything else is undefined.
 */
export function daySeconds(day: string, end = false, timeZone = DEFAULT_TIME_ZONE): UnixSeconds | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), end ? 23 : 0, end ? 59 : 0, end ? 59 : 0);
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== Number(m[3])) return undefined;
  // The offset at the wall time read as UTC is right except within hours of a zone's clock change;
  // a second pass with the corrected instant settles those.
  let ms = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  ms = wall - zoneOffsetMinutes(ms, timeZone) * 60_000;
  return Math.floor(ms / 1000);
}

/**
 * A Unix-seconds instant as the day it falls on in the person's zone ("2026-11-22"), for date fields.
 * The default zone by hand, as formatInstant does: a first date formatter was a long task of ~130 ms
 * (4x slower CPU) in the overview's first render (issue 39).
 */
export function secondsToDay(s: UnixSeconds, timeZone = DEFAULT_TIME_ZONE): string {
  const ms = s * 1000;
  if (timeZone === DEFAULT_TIME_ZONE && ms >= SHANGHAI_FIXED_FROM && ms < SHANGHAI_FIXED_TO) {
    const d = new Date(ms + 8 * HOUR);
    return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
  }
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
}
