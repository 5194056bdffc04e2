import { MAX_PAGE, SORT_KEYS, type SortKey } from '../../../contract/constants';
import { PAGE_SIZES } from '../../components/goods-page-sizes';
import { rangeSections, read, readRanges, useUrlView, writeRanges, type Range } from '../../lib/url-view';
import type { GroupGoodsFilters } from './api/queries';

export const GROUP_RANGES = [
  { key: 'agreement_price', param: 'ap', unit: 'yuan' },
  { key: 'guide_price', param: 'gp', unit: 'yuan' },
  { key: 'activity_price', param: 'acp', unit: 'yuan' },
  { key: 'promote_rate', param: 'pr', unit: 'percent' },
  { key: 'activity_rate', param: 'ar', unit: 'percent' },
] as const;
type GroupRangeKey = (typeof GROUP_RANGES)[number]['key'];
export const GROUP_SORTS = SORT_KEYS.flatMap((k) => [`${k}:desc`, `${k}:asc`] as const);

export interface GroupsView {
  group: number;
  page: number;
  size: number;
  source: number;
  q: string;
  free: '' | '0' | '1';
  sort: string;
  ranges: Record<GroupRangeKey, Range>;
}

export function parseGroupsView(p: URLSearchParams): GroupsView {
  return {
    group: read.int(p, 'group', 0),
    page: Math.min(read.int(p, 'page', 1), MAX_PAGE),
    size: read.oneOf(p, 'size', PAGE_SIZES, 20),
    source: read.int(p, 'source', 0),
    q: p.get('q') ?? '',
    free: read.oneOf(p, 'free', ['', '0', '1'] as const, ''),
    sort: read.oneOf(p, 'sort', ['', ...GROUP_SORTS], ''),
    ranges: readRanges(p, GROUP_RANGES),
  };
}

export function groupsViewToParams(v: GroupsView): URLSearchParams {
  const p = new URLSearchParams();
  if (v.group) p.set('group', String(v.group));
  if (v.q) p.set('q', v.q);
  if (v.source) p.set('source', String(v.source));
  if (v.free) p.set('free', v.free);
  writeRanges(p, v.ranges, GROUP_RANGES);
  if (v.sort) p.set('sort', v.sort);
  if (v.size !== 20) p.set('size', String(v.size));
  if (v.page !== 1) p.set('page', String(v.page));
  return p;
}

export function groupsViewToFilters(v: GroupsView): GroupGoodsFilters {
  const [type, sort] = v.sort ? (v.sort.split(':') as [SortKey, 'asc' | 'desc']) : [undefined, undefined];
  return {
    page: v.page,
    limit: v.size,
    ...(v.group ? { group_id: v.group } : {}),
    ...(v.source ? { source: v.source } : {}),
    ...(v.q.trim() ? { search_words: v.q.trim() } : {}),
    ...(v.free ? { is_free_shipping: Number(v.free) } : {}),
    ...(type ? { type, sort } : {}),
    ...rangeSections(v.ranges, GROUP_RANGES),
  };
}

export const useGroupsView = () => useUrlView(parseGroupsView, groupsViewToParams);
