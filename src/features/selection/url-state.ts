import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MAX_PAGE, RANGE_TYPES, type RangeType } from '../../../contract/constants';
import { read } from '../../lib/url-view';
import type { LibraryFilters } from './api/queries';

export const PAGE_SIZES = [20, 50, 100] as const;

export interface LibraryView {
  page: number;
  size: number;
  source: number;
  /** Category path picked level by level, top first. */
  cats: number[];
  q: string;
  free: '' | '0' | '1';
  agent: '' | '0' | '1';
  rangeType: RangeType | '';
  from: string;
  to: string;
  /** `7`: only goods whose prices or sale state changed in the last 7 days (listed from the gateway's goods mirror). */
  changed: '' | '7';
  /** `auto`: what suits the screen (cards on a phone, the table elsewhere) until the person picks one. */
  view: 'auto' | 'table' | 'cards';
}

const DEFAULTS: LibraryView = {
  page: 1,
  size: 20,
  source: 0,
  cats: [],
  q: '',
  free: '',
  agent: '',
  rangeType: '',
  from: '',
  to: '',
  changed: '',
  view: 'auto',
};

/** A range bound as typed: a non-negative number, or nothing. */
const bound = (v: string | null) => (v !== null && /^\d+(\.\d{1,2})?$/.test(v) ? v : '');

export function parseLibraryView(p: URLSearchParams): LibraryView {
  const int = (key: string, fallback: number) => {
    const n = Number(p.get(key));
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  const size = int('size', 20);
  const rt = p.get('range') ?? '';
  const flag = (key: string) => (p.get(key) === '0' || p.get(key) === '1' ? (p.get(key) as '0' | '1') : '');
  return {
    page: Math.min(int('page', 1), MAX_PAGE),
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : 20,
    source: int('source', 0),
    cats: read.categoryPath(p, 'cat'),
    q: p.get('q') ?? '',
    free: flag('free'),
    agent: flag('agent'),
    rangeType: (RANGE_TYPES as readonly string[]).includes(rt) ? (rt as RangeType) : '',
    from: bound(p.get('from')),
    to: bound(p.get('to')),
    changed: p.get('changed') === '7' ? '7' : '',
    view: read.oneOf(p, 'view', ['table', 'cards'] as const, 'auto'),
  };
}

export function libraryViewToParams(v: LibraryView): URLSearchParams {
  const p = new URLSearchParams();
  const keys: [keyof LibraryView, string][] = [
    ['q', 'q'],
    ['source', 'source'],
    ['free', 'free'],
    ['agent', 'agent'],
    ['rangeType', 'range'],
    ['from', 'from'],
    ['to', 'to'],
    ['changed', 'changed'],
    ['view', 'view'],
    ['size', 'size'],
    ['page', 'page'],
  ];
  for (const [k, name] of keys) if (v[k] !== DEFAULTS[k]) p.set(name, String(v[k]));
  if (v.cats.length) p.set('cat', v.cats.join(','));
  return p;
}

export function libraryViewToFilters(v: LibraryView): LibraryFilters {
  const withRange = v.rangeType && (v.from !== '' || v.to !== '');
  return {
    page: v.page,
    limit: v.size,
    source: v.source,
    ...(v.cats.length ? { category_id: v.cats[v.cats.length - 1] } : {}),
    ...(v.q.trim() ? { search_words: v.q.trim() } : {}),
    ...(v.free ? { is_free_shipping: Number(v.free) } : {}),
    ...(v.agent ? { commission_agent: Number(v.agent) } : {}),
    ...(withRange
      ? {
          range_type: v.rangeType as RangeType,
          ...(v.from !== '' ? { range_from: Number(v.from) } : {}),
          ...(v.to !== '' ? { range_to: Number(v.to) } : {}),
        }
      : {}),
  };
}

export function useLibraryView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseLibraryView(params), [params]);
  const update = useCallback(
    (patch: Partial<LibraryView>) => {
      // Another view draws the same rows: only a change of what is listed starts again at page 1.
      const resetPage = Object.keys(patch).some((k) => k !== 'page' && k !== 'view');
      setParams(libraryViewToParams({ ...view, ...(resetPage ? { page: 1 } : {}), ...patch }));
    },
    [view, setParams],
  );
  return [view, update] as const;
}
