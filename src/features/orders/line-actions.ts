import { createContext, type ReactNode } from 'react';
import type { GoodsLine } from '../../../contract';

/** What a goods line of the order detail tells a feature that adds an action to it (after-sale). */
export interface OrderLineRef {
  /** Platform main order number. */
  orderSn: string;
  /** Merchant order number (what after-sale and logistics operations call `orderSn`). */
  thirdSn: string;
  childSn: string;
  /** Third-level goods-line number. */
  lineSn: string;
  sku: number;
  source: number;
  /** The child's goods status (contract/enums/child-goods-status). */
  goodsStatus: number;
  line: GoodsLine;
}

/**
 * The slot for actions other features put on each goods line of the order detail. Provide it in
 * src/app: `<OrderLineActionsContext.Provider value={(ref) => <RequestAfterSale line={ref} />}>`.
 * Without a provider the slot renders nothing.
 */
export const OrderLineActionsContext = createContext<((ref: OrderLineRef) => ReactNode) | null>(null);
