/** How long each kind of data stays fresh before React Query refetches it (TkDodo: per kind of data). */
export const STALE = {
  /** Categories, sources, couriers: change rarely. */
  reference: 10 * 60_000,
  /** Catalogue lists and product detail: prices move during the day. */
  catalogue: 60_000,
  /** Orders, after-sales, balance: move by the minute. */
  live: 10_000,
} as const;
