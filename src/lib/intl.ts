let brands: Intl.Collator | undefined;

/**
 * Chinese order (pinyin) for brand names, one collator for every comparison: `localeCompare(x, 'zh-CN')`
 * builds a new one for each pair (the catalogue's largest cost of its own in a CPU profile of the first
 * load, 94 ms at 4x CPU slowdown, as the brand list is sorted on every render). Built when the brand
 * menu first opens, not while the page loads: the first Intl object of a page loads ICU data (20-45 ms).
 */
export const brandCollator = () => (brands ??= new Intl.Collator('zh-CN'));

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
