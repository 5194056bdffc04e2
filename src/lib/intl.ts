import { formatCount, formatFen, formatRate } from './money';
import { formatMillis } from './time';
import { nextTask } from './next-task';

let brands: Intl.Collator | undefined;

/**
 * Chinese order (pinyin) for brand names, one collator for every comparison: `localeCompare(x, 'zh-CN')`
 * builds a new one for each pair (the catalogue's largest cost of its own in a CPU profile of the first
 * load, 94 ms at 4x CPU slowdown, as the brand list is sorted on every render).
 */
export const brandCollator = () => (brands ??= new Intl.Collator('zh-CN'));

/**
 * Builds, each in a browser task of its own, what loads the language's ICU data on first use: the
 * money, rate and count formatters, the date formatter, the brand collator (in Chromium ~10, 2, 1, 3-7
 * and ~5-14 ms unthrottled). Started by main.tsx at start-up, while the first list is on its way, so
 * none of it lands inside a render or a chunk's evaluation, the start-up's long tasks.
 */
export async function prepareIntl(locale: string) {
  const steps = [
    () => formatFen(0, locale),
    () => formatRate(0, locale),
    () => formatCount(0, locale),
    () => formatMillis(Date.now(), locale),
    () => brandCollator().compare('', ''),
  ];
  for (const step of steps) {
    step();
    await nextTask();
  }
}

const SLOT = '\u0000';

/**
 * A translated text with one `{{slot}}` in it, as the text before and after the slot (`after` is
 * undefined when the text has no slot): looked up once for a list, then filled by joining strings.
 * For rows drawn twenty at a time, one i18next lookup per cell was ~6 ms of each filter change's
 * render in a CPU profile (key, namespace and interpolation resolved on every call).
 */
export function textAround(t: (key: string, options: Record<string, string>) => string, key: string, slot: string) {
  const [before = '', after] = t(key, { [slot]: SLOT }).split(SLOT);
  return { before, after };
}

/** Fills a text split by `textAround`. */
export const fillText = ({ before, after }: { before: string; after: string | undefined }, value: string) =>
  after === undefined ? before : before + value + after;
