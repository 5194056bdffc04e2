import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

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

export interface Range {
  from: string;
  to: string;
}
export const rangeParam = (r: Range) => (r.from || r.to ? `${r.from}-${r.to}` : '');
export const rangeValid = (r: Range) => r.from === '' || r.to === '' || Number(r.from) <= Number(r.to);

/**
 * A list's view (filters, sort, page) as URL state: `update` writes a patch back, and any change
 * other than the page starts again at page 1.
 */
export function useUrlView<V extends { page: number }>(parse: (p: URLSearchParams) => V, toParams: (v: V) => URLSearchParams) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parse(params), [params, parse]);
  const update = useCallback(
    (patch: Partial<V>) => {
      const resetPage = Object.keys(patch).some((k) => k !== 'page');
      setParams(toParams({ ...view, ...(resetPage ? { page: 1 } : {}), ...patch }));
    },
    [view, setParams, toParams],
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
