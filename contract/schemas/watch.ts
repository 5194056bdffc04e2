import { z } from 'zod';
import { fen, unixMillis } from '../units';
import type { SelectionProduct } from './goods';
import { PRICE_SOURCES, type PriceSource } from './pricing';

/**
 * The goods watch (`/bff/watch/…`, merchants, managers and admins): the gateway's goods mirror keeps
 * each library SKU's prices (fen), stock and sale state with a history row per change; a minimum
 * profit rate (for the library, or per goods) turns changes into "at risk".
 */

/** Bounds of a minimum profit rate (%, at most one decimal). */
export const WATCH_MIN_RATE = { min: 0, max: 1000 } as const;
/**
 * Goods with a minimum of their own, at most (only goods in the selection library may have one): one
 * more is refused with a sentence (`rule: too_many`, `limit`), so `GET /bff/watch/rules` stays small.
 */
export const WATCH_GOODS_RULES_MAX = 2000;

/** `PUT /bff/watch/rules`: the library's minimum (no goodsId) or one goods' own; `minRate: null` removes it. */
export const watchRuleInput = z
  .object({
    goodsId: z
      .number({ error: 'goodsId must be a number' })
      .int('goodsId must be a whole number')
      .positive('goodsId must be above 0')
      .optional(),
    minRate: z
      .number({ error: 'minRate must be a number (a percentage) or null' })
      .min(WATCH_MIN_RATE.min, `minRate must be at least ${WATCH_MIN_RATE.min}`)
      .max(WATCH_MIN_RATE.max, `minRate may be at most ${WATCH_MIN_RATE.max}`)
      .refine((n) => Math.abs(Math.round(n * 10) - n * 10) < 1e-9, 'minRate may have at most one decimal')
      .nullable(),
  })
  .strict();
export type WatchRuleInput = z.infer<typeof watchRuleInput>;

export const WATCH_REASONS = ['below-margin', 'off-sale', 'out-of-stock'] as const;
export type WatchReason = (typeof WATCH_REASONS)[number];

const rule = z.object({ minRate: z.number(), updatedAt: unixMillis, updatedBy: z.string() });
/** `GET /bff/watch/rules`. */
export const watchRules = z.object({
  library: rule.nullable(),
  goods: z.array(rule.extend({ goodsId: z.number().int(), title: z.string() })),
});
export type WatchRules = z.infer<typeof watchRules>;
/**
 * `PUT /bff/watch/rules`'s answer: only the rule it changed (null: removed), and how many goods have
 * their own now (not every rule again).
 */
export const watchRuleSaved = z.object({
  goodsId: z.number().int().nullable(),
  rule: rule.nullable(),
  goodsRules: z.number().int(),
});
export type WatchRuleSaved = z.infer<typeof watchRuleSaved>;

export const watchHistoryPoint = z.object({
  at: unixMillis,
  agreementPrice: fen,
  guidePrice: fen,
  activityPrice: fen,
  stock: z.number().int(),
  onSale: z.boolean(),
  /** Profit rate at the guide price, %, one decimal (null: no agreement price to divide by). */
  rate: z.number().nullable(),
});
export type WatchHistoryPoint = z.infer<typeof watchHistoryPoint>;

/** `GET /bff/watch/goods/:id/history?days=30|90|365`: each SKU's changes, oldest first (the last one before the period leads). */
export const watchHistory = z.object({
  goodsId: z.number().int(),
  days: z.number().int(),
  minRate: z.number().nullable(),
  skus: z.array(z.object({ sku: z.number().int(), spec: z.string(), changes: z.array(watchHistoryPoint) })),
});
export type WatchHistory = z.infer<typeof watchHistory>;
export const WATCH_HISTORY_DAYS = [30, 90, 365] as const;

export const watchAtRiskSku = z.object({
  sku: z.number().int(),
  spec: z.string(),
  reasons: z.array(z.enum(WATCH_REASONS)),
  agreementPrice: fen,
  guidePrice: fen,
  /**
   * What the merchant sells at (issue 53): its own price, else the pricing rules', else the guide
   * price; the profit rates and "below-margin" are reckoned on it, and `retailSource` says which.
   */
  retail: fen,
  retailSource: z.enum(PRICE_SOURCES),
  stock: z.number().int(),
  onSale: z.boolean(),
  /** The agreement price and profit rate before the last change (null: first seen so). */
  agreementBefore: fen.nullable(),
  rateBefore: z.number().nullable(),
  rateAfter: z.number().nullable(),
  changedAt: unixMillis,
});
export const watchAtRiskGoods = z.object({
  goodsId: z.number().int(),
  title: z.string(),
  cover: z.string(),
  reasons: z.array(z.enum(WATCH_REASONS)),
  /** The minimum that applies (its own, else the library's; null: none). */
  minRate: z.number().nullable(),
  changedAt: unixMillis,
  skus: z.array(watchAtRiskSku),
});
export type WatchAtRiskGoods = z.infer<typeof watchAtRiskGoods>;
/** `GET /bff/watch/at-risk?page=&size=`: library goods at risk, the latest change first. */
export const watchAtRisk = z.object({
  list: z.array(watchAtRiskGoods),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type WatchAtRisk = z.infer<typeof watchAtRisk>;

/** `GET /bff/watch/changed?ids=` (when each goods last changed, ms) and `?days=7` (the library goods changed in that many days). */
export const watchChanged = z.object({ changed: z.record(z.string(), unixMillis), goodsIds: z.array(z.number().int()) });
export type WatchChanged = z.infer<typeof watchChanged>;

/** The live event `watch` (SSE): goods that just became at risk, and how many are at risk now. */
export interface WatchEvent {
  goodsIds: number[];
  atRisk: number;
}

/** A SKU a change put at risk, as the inbox message of the watch tells it (prices in fen, rates in %). */
export interface WatchRiskSku {
  sku: number;
  spec: string;
  reasons: WatchReason[];
  agreementPrice: number;
  agreementBefore: number;
  rateBefore: number | null;
  rateAfter: number | null;
  /** The retail price the rates are reckoned on, and where it comes from (absent in messages written before issue 53: the guide price). */
  retail?: number;
  retailSource?: PriceSource;
}

/** The data of the inbox message `watch.risk` (WATCH_MESSAGE_TYPE): one goods a change put at risk. */
export interface WatchRiskData {
  goodsIds: [number];
  title: string;
  reasons: WatchReason[];
  /** The minimum profit rate that applied (%), null: none. */
  minRate: number | null;
  skus: WatchRiskSku[];
}

/**
 * `GET /bff/watch/library?days=7&page=&size=&q=`: the library goods whose prices or sale state changed
 * in that many days, the latest change first, listed from the goods mirror (the upstream's library
 * list cannot filter by it) as rows of the library's list; `readAt`: when the oldest row of the page
 * was read from the supplier (ms), null for an empty page.
 */
export interface WatchLibrary {
  list: SelectionProduct[];
  count: number;
  readAt: number | null;
  days: number;
  page: number;
  size: number;
}
