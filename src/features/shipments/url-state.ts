import { read, useUrlView } from '../../lib/url-view';
import { daySeconds } from '../../lib/time';
import type { ShipmentState } from '../../../contract/schemas/shipments';

/** The states a package can be listed by (the contract's SHIPMENT_STATES, without its zod). */
export const STATES = ['new', 'exported', 'all'] as const satisfies readonly ShipmentState[];
export const SHIPMENT_PAGE_SIZES = [20, 50, 100] as const;

/** The shipments list's filters and page, kept in the URL (the strip and the job page link to it). */
export interface ShipmentsView {
  page: number;
  size: number;
  /** New (not handed to the shop yet), handed over, or all. */
  state: ShipmentState;
  /** Shipped days in the reseller's zone ("2026-11-22"), inclusive; '' for open. */
  from: string;
  to: string;
  /** A channel's source id; 0 for every channel. */
  channel: number;
  /** A bulk import's id; 0 for any. */
  job: number;
}

const day = (v: string | null) => (v !== null && daySeconds(v) !== undefined ? v : '');

export function parseShipmentsView(p: URLSearchParams): ShipmentsView {
  return {
    page: Math.min(read.int(p, 'page', 1), 100_000),
    size: read.oneOf(p, 'size', SHIPMENT_PAGE_SIZES, 20),
    state: read.oneOf(p, 'state', STATES, 'new'),
    from: day(p.get('from')),
    to: day(p.get('to')),
    channel: read.int(p, 'channel', 0),
    job: read.int(p, 'job', 0),
  };
}

export function shipmentsViewToParams(v: ShipmentsView): URLSearchParams {
  const p = new URLSearchParams();
  if (v.state !== 'new') p.set('state', v.state);
  if (v.from) p.set('from', v.from);
  if (v.to) p.set('to', v.to);
  if (v.channel) p.set('channel', String(v.channel));
  if (v.job) p.set('job', String(v.job));
  if (v.size !== 20) p.set('size', String(v.size));
  if (v.page !== 1) p.set('page', String(v.page));
  return p;
}

/** A from-day after the to-day is never sent (the gateway would refuse it). */
export const daysValid = (v: { from: string; to: string }) => !v.from || !v.to || v.from <= v.to;

/** What the filters ask of the gateway, without the page (the download takes the same). */
export interface ShipmentsFilter {
  state: ShipmentState;
  from?: string;
  to?: string;
  channel?: number;
  job?: number;
}

export function filterOf(v: ShipmentsView): ShipmentsFilter {
  const ok = daysValid(v);
  return {
    state: v.state,
    ...(ok && v.from ? { from: v.from } : {}),
    ...(ok && v.to ? { to: v.to } : {}),
    ...(v.channel ? { channel: v.channel } : {}),
    ...(v.job ? { job: v.job } : {}),
  };
}

export const useShipmentsView = () => useUrlView(parseShipmentsView, shipmentsViewToParams);
