import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams, type SetURLSearchParams } from 'react-router-dom';
import { SEARCH_WORDS_MAX } from '../../contract/constants';
import { toast } from './toast';

/** Readers for list state kept in the URL: nonsense falls back to the default, never throws. */
export const read = {
  int(p: URLSearchParams, key: string, fallback: number): number {
    const n = Number(p.get(key));
    return Number.isInteger(n) && n > 0 ? n : fallback;
  },
  oneOf<T extends string | number>(p: URLSearchParams, key: string, options: readonly T[], fallback: T): T {
    const raw = p.get(key);
    return options.find((o) => String(o) === raw) ?? fallback;
  },
  /** A non-negative amount as typed (up to two decimals), or ''. */
  bound(v: string | null | undefined): string {
    return v != null && /^\d+(\.\d{1,2})?$/.test(v) ? v : '';
  },
  /** A category path "1079,1080,1081" (top first, at most three levels). */
  categoryPath(p: URLSearchParams, key: string): number[] {
    return (p.get(key) ?? '')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0)
      .slice(0, 3);
  },
  /** "10-50", "10-" or "-50" -> { from, to } (bounds are never negative, and "-" needs no escaping). */
  range(p: URLSearchParams, key: string): Range {
    const [from, to] = (p.get(key) ?? '').split('-');
    return { from: read.bound(from), to: read.bound(to) };
  },
};

/**
 * The pager's change for a list whose page and size live in the URL: a new size starts again from the
 * first page, a new page keeps the rest; the history entry is replaced (paging is not a place to go back to).
 */
export const pagerToUrl =
  (setParams: SetURLSearchParams, size: number) =>
  (page: number, nextSize: number): void =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (nextSize !== size) {
          out.set('size', String(nextSize));
          out.delete('page');
        } else out.set('page', String(page));
        return out;
      },
      { replace: true },
    );

export interface Range {
  from: string;
  to: string;
}
export const rangeParam = (r: Range) => (r.from || r.to ? `${r.from}-${r.to}` : '');
export const rangeValid = (r: Range) => r.from === '' || r.to === '' || Number(r.from) <= Number(r.to);

/** Free-text parameters and the contract's limit on them (search words, shop words). */
const TEXT_PARAM_LIMITS: Record<string, number> = { q: SEARCH_WORDS_MAX, shop: SEARCH_WORDS_MAX };

/** Parameters named in words when a link's value is dropped (others are quoted as they are). */
export const PARAM_FIELDS: Record<string, string> = {
  q: 'search_words',
  shop: 'shop_words',
  source: 'source',
  page: 'page',
  size: 'limit',
};

const tooLong = (key: string, value: string) => TEXT_PARAM_LIMITS[key] !== undefined && value.trim().length > TEXT_PARAM_LIMITS[key];

/** The URL without the texts the contract would refuse: they are never read, so never sent. */
export function withoutTooLong(params: URLSearchParams): URLSearchParams {
  if (![...params].some(([k, v]) => tooLong(k, v))) return params;
  return new URLSearchParams([...params].filter(([k, v]) => !tooLong(k, v)));
}

/**
 * The parameters of a link the list cannot use as they are: a text longer than the contract takes, or
 * a value the reader replaced by another (a page past the last, a range with letters). Parameters the
 * list does not know (a drawer's `?order=`) and defaults spelled out (`size=20`) are not counted.
 */
export function refusedParams<V>(params: URLSearchParams, parse: (p: URLSearchParams) => V, toParams: (v: V) => URLSearchParams): string[] {
  const normal = toParams(parse(withoutTooLong(params)));
  const out: string[] = [];
  for (const [key, value] of params) {
    if (tooLong(key, value)) out.push(key);
    else if (value && normal.has(key) && normal.get(key) !== value) out.push(key);
  }
  return [...new Set(out)];
}

/**
 * A list's view (filters, sort, page) as URL state: `update` writes a patch back, and any change
 * other than the page starts again at page 1. Parameters of a link the contract would refuse are
 * dropped from the URL (never sent) and said once in words.
 */
export function useUrlView<V extends { page: number }>(parse: (p: URLSearchParams) => V, toParams: (v: V) => URLSearchParams) {
  const [params, setParams] = useSearchParams();
  const { t } = useTranslation('app');
  const view = useMemo(() => parse(withoutTooLong(params)), [params, parse]);
  const refused = useMemo(() => refusedParams(params, parse, toParams), [params, parse, toParams]);
  const key = refused.join(',');
  useEffect(() => {
    if (!key) return;
    const names = key.split(',').map((k) => {
      const words = PARAM_FIELDS[k] ? t(`fields.${PARAM_FIELDS[k]}`, { defaultValue: '' }) : '';
      return t('rules.quoted', { name: words || k });
    });
    void toast(t('url.dropped', { names: names.join(t('url.separator')), count: names.length }), { variant: 'info' });
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const k of key.split(',')) next.delete(k);
        return next;
      },
      { replace: true },
    );
  }, [key, setParams, t]);
  // `update` never changes (it reads the latest view and setter), so the controls it is handed can
  // skip renders: a filter change then redraws the control that changed, not every control of the bar.
  const latest = useRef({ view, setParams });
  useLayoutEffect(() => {
    latest.current = { view, setParams };
  });
  const update = useCallback(
    (patch: Partial<V> | ((current: V) => Partial<V>)): V => {
      const { view: current, setParams: set } = latest.current;
      const change = typeof patch === 'function' ? patch(current) : patch;
      const resetPage = Object.keys(change).some((k) => k !== 'page');
      const next = { ...current, ...(resetPage ? { page: 1 } : {}), ...change };
      // A second change before React draws the first builds on it.
      latest.current = { view: next, setParams: set };
      set(toParams(next));
      // The view it leads to, e.g. to ask for its list before React has drawn the change.
      return next;
    },
    [toParams],
  );
  return [view, update] as const;
}

/** A set of named ranges kept in the URL, each under a short parameter. */
export interface RangeDef<K extends string> {
  key: K;
  param: string;
  unit: 'yuan' | 'percent';
}

export const readRanges = <K extends string>(p: URLSearchParams, defs: readonly RangeDef<K>[]) =>
  Object.fromEntries(defs.map((d) => [d.key, read.range(p, d.param)])) as Record<K, Range>;

export function writeRanges<K extends string>(p: URLSearchParams, ranges: Record<K, Range>, defs: readonly RangeDef<K>[]): void {
  for (const d of defs) if (rangeParam(ranges[d.key])) p.set(d.param, rangeParam(ranges[d.key]));
}

/** The ranges people filled in, as upstream `{from, to}` sections (yuan and percent as typed). */
export function rangeSections<K extends string>(
  ranges: Record<K, Range>,
  defs: readonly RangeDef<K>[],
): Partial<Record<K, { from?: number; to?: number }>> {
  const out: Partial<Record<K, { from?: number; to?: number }>> = {};
  for (const d of defs) {
    const { from, to } = ranges[d.key];
    if (from || to) out[d.key] = { ...(from ? { from: Number(from) } : {}), ...(to ? { to: Number(to) } : {}) };
  }
  return out;
}
