import { z } from 'zod';
import { fen, unixMillis } from '../units';

/**
 * The gateway's SKU index (`GET /bff/skus?ids=1,2,3`, every role that may place orders): what the
 * gateway knows of each SKU id asked for, learned from the goods details it forwards, the selection
 * library and the order mirror's lines. One call answers all of a sheet's SKU ids.
 */

/** SKU ids one call may ask for (a bulk-order sheet holds at most a few thousand lines). */
export const SKU_LOOKUP_MAX = 2000;

export const skuLookupItem = z.object({
  sku: z.number().int(),
  goodsId: z.number().int(),
  /** The SKU's spec text (its spec value names), '' for a goods without specs. */
  spec: z.string(),
  /** The agreement price as last read, fen. */
  agreementPrice: fen,
  /** When that price was read (ms). */
  readAt: unixMillis,
});
export type SkuLookupItem = z.infer<typeof skuLookupItem>;

/** The answer of `/bff/skus`: the SKUs found (in the order asked), and the ids found nowhere. */
export const skuLookupAnswer = z.object({
  list: z.array(skuLookupItem),
  unknown: z.array(z.number().int()),
});
export type SkuLookupAnswer = z.infer<typeof skuLookupAnswer>;
