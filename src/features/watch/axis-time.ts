import { formatMillis } from '../../lib/time';

const DAY_MS = 86_400_000;

/**
 * The price chart's time axis (issue 49): ticks that read as distinct moments. Over two days or less
 * each tick says the day and the time, and ticks are at least an hour apart; over more, each tick is
 * a day (at least a day apart, so no date repeats). The tooltip always says the day and the time.
 */
export function historyAxis(times: readonly number[], lang: string) {
  const span = times.length ? Math.max(...times) - Math.min(...times) : 0;
  const short = span <= 2 * DAY_MS;
  /** "2026/11/30 14:03" → "11/30 14:03" (zh-CN); "11/30/2026, 14:03" → "11/30 14:03" (en); dates likewise without the time. */
  const label = (ms: number) => {
    const full = formatMillis(ms, lang);
    const m = /(\d{4})\/(\d{2})\/(\d{2})\s(\d{2}:\d{2})|(\d{2})\/(\d{2})\/(\d{4}),\s(\d{2}:\d{2})/.exec(full);
    if (!m) return short ? full : full.slice(0, 10);
    const [month, day, time] = m[1] ? [m[2], m[3], m[4]] : [m[5], m[6], m[8]];
    return short ? `${month}/${day} ${time}` : `${month}/${day}`;
  };
  return {
    tickMinStep: short ? 3_600_000 : DAY_MS,
    tick: label,
    tooltip: (ms: number) => formatMillis(ms, lang),
  };
}
