import type { UnixMillis, UnixSeconds } from '../../contract';

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

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
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: false } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

/** Entity timestamps are Unix seconds; 0 means "not yet". */
export function formatSeconds(s: UnixSeconds | null | undefined, locale = 'zh-CN', timeZone = DEFAULT_TIME_ZONE, withTime = true): string {
  if (!s) return '—';
  return fmt(locale, timeZone, withTime).format(new Date(s * 1000));
}

export function formatMillis(ms: UnixMillis | null | undefined, locale = 'zh-CN', timeZone = DEFAULT_TIME_ZONE): string {
  if (!ms) return '—';
  return fmt(locale, timeZone, true).format(new Date(ms));
}
