import type { RecentItem } from './items';

const ITEMS = 'supply-desk.palette.recent';
const SEARCHES = 'supply-desk.palette.searches';
const MAX_ITEMS = 6;
const MAX_SEARCHES = 4;

function read<T>(key: string): T[] {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}
function write(key: string, v: unknown[]) {
  try {
    localStorage.setItem(key, JSON.stringify(v));
  } catch {
    /* storage unavailable: nothing remembered */
  }
}

/** Records opened from the palette, the latest first (this browser only). */
export const recentItems = () => read<RecentItem>(ITEMS).filter((i) => typeof i?.key === 'string' && typeof i.label === 'string');
export const rememberItem = (item: RecentItem) =>
  write(ITEMS, [item, ...recentItems().filter((i) => i.key !== item.key)].slice(0, MAX_ITEMS));

/** What was searched for before a record was opened, the latest first. */
export const recentSearches = () => read<string>(SEARCHES).filter((q) => typeof q === 'string' && q.length > 0);
export const rememberSearch = (q: string) => write(SEARCHES, [q, ...recentSearches().filter((s) => s !== q)].slice(0, MAX_SEARCHES));
