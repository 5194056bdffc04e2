/** Time zones in words, the same in the app and in what the gateway paints (server/first-list.ts). */

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/**
 * The default zone's names written by hand, as Intl writes them (time.test.ts compares): a first
 * time-zone name loads the browser's zone-name data, ~130 ms of the overview's render on a phone
 * (4x CPU, issue 39).
 */
export const DEFAULT_ZONE_NAMES: Record<string, string> = { 'zh-CN': '中国标准时间', en: 'China Standard Time' };
const zoneNames = new Map<string, string>(
  Object.entries(DEFAULT_ZONE_NAMES).map(([locale, name]) => [`${locale}|${DEFAULT_TIME_ZONE}`, name]),
);
/**
 * A time zone's name in words in `locale` (Asia/Shanghai: 中国标准时间, China Standard Time); its id if
 * the browser has none. Worked out once per zone and language: list rows ask for it as hover text.
 */
export function zoneName(timeZone: string, locale: string): string {
  const key = `${locale}|${timeZone}`;
  let name = zoneNames.get(key);
  if (name === undefined) {
    try {
      const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' })
        .formatToParts(0)
        .find((p) => p.type === 'timeZoneName');
      name = part?.value ?? timeZone;
    } catch {
      name = timeZone;
    }
    zoneNames.set(key, name);
  }
  return name;
}
