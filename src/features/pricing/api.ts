import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PriceSheetInput,
  PricingGoodsAnswer,
  PricingGoodsInput,
  PricingPreview,
  PricingRulesAnswer,
  PricingSettings,
  PricingSummary,
} from '../../../contract';
import { bffFetch, bffFile } from '../../lib/bff';
import { download } from '../../lib/csv';

/** Query keys of pricing, general to specific: a save invalidates `all` (every retail price may have moved). */
export const pricingKeys = {
  all: ['pricing'] as const,
  rules: ['pricing', 'rules'] as const,
  summary: ['pricing', 'summary'] as const,
  goods: (id: number) => ['pricing', 'goods', id] as const,
  preview: (settings: PricingSettings | null) => ['pricing', 'preview', settings === null ? 'saved' : JSON.stringify(settings)] as const,
};

export const pricingRulesQuery = () =>
  queryOptions({
    queryKey: pricingKeys.rules,
    queryFn: ({ signal }) => bffFetch<PricingRulesAnswer>('/pricing/rules', { signal }),
    staleTime: 60_000,
  });

/** The library's SKUs priced, with an own price, changed since the last price sheet downloaded. */
export const pricingSummaryQuery = () =>
  queryOptions({
    queryKey: pricingKeys.summary,
    queryFn: ({ signal }) => bffFetch<PricingSummary>('/pricing/summary', { signal }),
    staleTime: 10_000,
  });

/** Each SKU of a goods: cost, retail and where it comes from, profit rate, the watch's minimum. */
export const pricingGoodsQuery = (id: number) =>
  queryOptions({
    queryKey: pricingKeys.goods(id),
    queryFn: ({ signal }) => bffFetch<PricingGoodsAnswer>(`/pricing/goods/${id}`, { signal }),
    staleTime: 10_000,
  });

/** What `settings` would give over the library's SKUs (nothing saved); the previous answer stays while the next comes. */
export const pricingPreviewQuery = (settings: PricingSettings) =>
  queryOptions({
    queryKey: pricingKeys.preview(settings),
    queryFn: ({ signal }) => bffFetch<PricingPreview>('/pricing/preview', { body: settings, signal }),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export function useSaveRules() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: PricingSettings) => bffFetch<PricingRulesAnswer>('/pricing/rules', { method: 'PUT', body: settings }),
    onSuccess: (saved) => qc.setQueryData(pricingKeys.rules, saved),
    // Every retail price (and the goods watch's margins over them) may have moved.
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: pricingKeys.all }), qc.invalidateQueries({ queryKey: ['watch'] })]),
  });
}

export function useSaveGoodsPrices(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PricingGoodsInput) => bffFetch<PricingGoodsAnswer>(`/pricing/goods/${id}`, { method: 'PUT', body: input }),
    onSuccess: (saved) => qc.setQueryData(pricingKeys.goods(id), saved),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: pricingKeys.summary }),
        qc.invalidateQueries({ queryKey: ['pricing', 'preview'] }),
        qc.invalidateQueries({ queryKey: ['watch'] }),
      ]),
  });
}

/** The file's name from the answer's Content-Disposition (`filename*=UTF-8''…` or `filename="…"`), else ours. */
export function sheetFileName(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* a malformed name: ours */
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Downloads the price sheet the gateway writes (it marks the SKUs written); answers how many SKUs it holds. */
export function useDownloadSheet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: PriceSheetInput) => {
      const { blob, headers } = await bffFile('/pricing/sheet', { body: input });
      download(sheetFileName(headers.get('content-disposition'), `price-sheet.${input.type}`), blob);
      return { rows: Number(headers.get('x-sheet-rows') ?? NaN) };
    },
    // The "changed since the last download" count starts again from this sheet.
    onSettled: () => qc.invalidateQueries({ queryKey: pricingKeys.summary }),
  });
}
