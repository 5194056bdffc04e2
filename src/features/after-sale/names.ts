import {
  afterSalePackageType,
  afterSalePickType,
  afterSaleReason,
  afterSaleReturnType,
  afterSaleServiceType,
  type EnumModule,
  type Lang,
} from '../../../contract/enums';
import type { AfterSaleNames } from '../../../contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { bffFetch } from '../../lib/bff';
import { afterSaleKeys } from './api/keys';
import { upstreamName } from '../../lib/upstream-name';

/** The option names answered for a request when it was made, kept so its record reads in words later. */
export type RememberedNames = AfterSaleNames;
export type NameField = 'service' | 'reason' | 'pick' | 'package' | 'return';

/** The names kept by the gateway for after-sale `id` (empty when it was made elsewhere). They never change. */
export const rememberedNamesQuery = (id: number) =>
  queryOptions({
    queryKey: afterSaleKeys.names(id),
    queryFn: async ({ signal }) => (await bffFetch<{ names: RememberedNames }>(`/after-sale-names/${id}`, { signal })).names,
    staleTime: Infinity,
  });

/** The kept names of a page of records, by id, in one request. */
export const rememberedNamesOfQuery = (ids: number[]) =>
  queryOptions({
    queryKey: afterSaleKeys.namesOf(ids),
    queryFn: async ({ signal }) =>
      ids.length
        ? (await bffFetch<{ names: Record<string, RememberedNames> }>(`/after-sale-names?ids=${ids.join(',')}`, { signal })).names
        : {},
    staleTime: Infinity,
  });

const clip = (text: string | undefined, max: number) => (text ? text.slice(0, max) : undefined);

/**
 * Keeps the names answered at apply time for after-sale `id` on the gateway, for every colleague and
 * device, and shows them at once. Failing to keep them loses no request: the record then shows the
 * contract's known names.
 */
export async function rememberNames(qc: QueryClient, id: number, names: RememberedNames): Promise<void> {
  const kept: RememberedNames = Object.fromEntries(
    Object.entries({
      service: clip(names.service, 100),
      reason: clip(names.reason, 100),
      pick: clip(names.pick, 100),
      package: clip(names.package, 100),
      return: clip(names.return, 100),
      goods: clip(names.goods, 300),
      skuName: clip(names.skuName, 200),
    }).filter(([, v]) => v),
  );
  qc.setQueryData(afterSaleKeys.names(id), kept);
  await bffFetch(`/after-sale-names/${id}`, { method: 'PUT', body: kept });
  await qc.invalidateQueries({ queryKey: [...afterSaleKeys.all, 'names', 'of'] });
}

const ENUMS: Record<NameField, EnumModule<string>> = {
  service: afterSaleServiceType,
  reason: afterSaleReason,
  pick: afterSalePickType,
  package: afterSalePackageType,
  return: afterSaleReturnType,
};

/**
 * The name of a code in words, in the person's language (upstreamName): in Chinese as answered at
 * apply time; in English the known code's or known name's English name; an unknown name as answered;
 * else "unknown (code)".
 */
export function codeName(field: NameField, code: string | undefined, remembered: RememberedNames, lang: Lang): string {
  if (!code) return '—';
  return upstreamName(ENUMS[field], code, remembered[field], lang);
}
