import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SHIPMENTS_HEADERS,
  type OwnFormat,
  type OwnFormatInput,
  type ShipmentFormatsAnswer,
  type ShipmentsAnswer,
  type ShipmentsDownloadInput,
  type ShipmentsUndoAnswer,
} from '../../../contract/schemas/shipments';
import { bffFetch, bffFile } from '../../lib/bff';
import { STALE } from '../../lib/stale';
import { shipmentKeys, toShopCountQuery } from './keys';
import type { ShipmentsFilter } from './url-state';

export { shipmentKeys, toShopCountQuery };

const search = (filter: ShipmentsFilter, page: number, size: number) => {
  const p = new URLSearchParams({ state: filter.state, page: String(page), size: String(size) });
  if (filter.from) p.set('from', filter.from);
  if (filter.to) p.set('to', filter.to);
  if (filter.channel) p.set('channel', String(filter.channel));
  if (filter.job) p.set('job', String(filter.job));
  return p.toString();
};

/** One page of packages (newest shipped first), read by the gateway from its order mirror. */
export const shipmentsQuery = (filter: ShipmentsFilter, page: number, size: number) =>
  queryOptions({
    queryKey: shipmentKeys.list(filter, page, size),
    queryFn: ({ signal }) => bffFetch<ShipmentsAnswer>(`/shipments?${search(filter, page, size)}`, { signal }),
    staleTime: STALE.live,
  });

/** Formats built in, the team's own, and the supplier's couriers (for a carrier map). */
export const formatsQuery = () =>
  queryOptions({
    queryKey: shipmentKeys.formats(),
    queryFn: ({ signal }) => bffFetch<ShipmentFormatsAnswer>('/shipments/formats', { signal }),
    staleTime: STALE.catalogue,
  });

/** A format of the merchant's own, created (no id) or changed. */
export function useSaveFormat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: OwnFormatInput }) =>
      bffFetch<OwnFormat>(id ? `/shipments/formats/${id}` : '/shipments/formats', { method: id ? 'PUT' : 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: formatsQuery().queryKey }),
    // The editor or the confirm dialog says a refusal where it happened (no toast besides).
    onError: () => {},
  });
}

export function useDeleteFormat() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => bffFetch<unknown>(`/shipments/formats/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: formatsQuery().queryKey }),
    // The editor or the confirm dialog says a refusal where it happened (no toast besides).
    onError: () => {},
  });
}

/** The file name the gateway gave the sheet (`filename*=UTF-8''…` first), if any. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* a name that does not decode: the plain one, or ours */
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
}

export interface SheetDownload {
  blob: Blob;
  fileName?: string;
  /** The batch the download marked handed over (what undo takes), when it marked something. */
  batch: number | null;
  count: number;
  /** Packages the same filter holds beyond this download. */
  more: number;
}

const headerNumber = (h: Headers, name: string) => {
  const n = Number(h.get(name));
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** The gateway writes the sheet (and marks what it held, with `mark`); the browser only saves it. */
export async function downloadSheet(input: ShipmentsDownloadInput): Promise<SheetDownload> {
  const { blob, headers } = await bffFile('/shipments/download', { body: input });
  return {
    blob,
    fileName: fileNameOf(headers.get('content-disposition')),
    batch: headerNumber(headers, SHIPMENTS_HEADERS.batch) || null,
    count: headerNumber(headers, SHIPMENTS_HEADERS.count),
    more: headerNumber(headers, SHIPMENTS_HEADERS.more),
  };
}

/** The packages a download marked are new again. */
export const undoDownload = (batch: number) => bffFetch<ShipmentsUndoAnswer>('/shipments/undo', { body: { batch } });
