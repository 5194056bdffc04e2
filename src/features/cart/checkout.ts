import { whyNotSold, type NotSoldReason } from './reasons';
import type { Address, GoodsDetail, OpInput, Order, SkuOption } from '../../../contract';
import { SUBMIT_SALE_FIELD } from '../../../contract/schemas/sale';
import type { CartLine } from '../../../contract/schemas/person';
import { OpError, callOp } from '../../lib/bff';

/** A cart line with what the supplier says about it now. */
export interface LineView {
  line: CartLine;
  detail?: GoodsDetail;
  option?: SkuOption;
}

export const joinFresh = (lines: CartLine[], details: GoodsDetail[] | undefined): LineView[] =>
  lines.map((line) => {
    const detail = details?.find((d) => d.id === line.goodsId);
    return { line, detail, option: detail?.specs.options.find((o) => o.id === line.sku) };
  });

/**
 * What changed for a line since it was added, as the supplier says now (the goods watch's reasons):
 * its goods or SKU off sale, out of stock, or its agreement price moved; with the price now (fen).
 * Null while nothing is known yet or nothing changed. A SKU missing from the detail counts as off sale.
 */
export type LineRisk = { kind: 'offSale' | 'outOfStock' | 'priceMoved'; price: number | null; was: number };
export function lineRisk(v: LineView): LineRisk | null {
  if (!v.detail) return null;
  const price = v.option?.agreement_price ?? null;
  const was = v.line.price;
  if (!v.option || v.detail.status !== 1 || v.option.status === 0) return { kind: 'offSale', price, was };
  if (v.option.stock <= 0) return { kind: 'outOfStock', price, was };
  if (price !== was) return { kind: 'priceMoved', price, was };
  return null;
}

/** Why a line the supplier would not sell cannot be sold, as far as the product detail tells. */
export const localReason = (v: LineView): NotSoldReason => whyNotSold(v.detail, v.option, v.line.number);

export type PlaceResult =
  | { kind: 'placed'; order: Order | null; already: boolean }
  | { kind: 'short'; order: Order | null }
  | { kind: 'failed'; error: unknown; uncertain: boolean };

export async function findByThirdSn(orderSn: string): Promise<Order | null> {
  const page = await callOp('order.list', { search: { page: 1, limit: 5, thirdSn: orderSn } });
  return page.list.find((o) => o.thirdSn === orderSn) ?? null;
}

const LOST = new Set(['timeout', 'network', 'unreachable', 'bad_response', 'bad_status', 'internal']);

/**
 * Submits the order with the draft's merchant order number. The supplier accepts a number once, so
 * a retry of an order that did go through is refused with 订单号已存在: that is "already placed",
 * and the order is looked up by its number and shown.
 */
export async function placeOrder(input: {
  orderSn: string;
  spu: { sku: number; number: number; price: number }[];
  address: Address;
  strictMode: boolean;
  /** What the buyer paid (fen): the gateway keeps it by the order number and takes it off before the supplier's input (issue 53). */
  sale?: number;
}): Promise<PlaceResult> {
  const lookup = () => findByThirdSn(input.orderSn).catch(() => null);
  try {
    const { sale, ...order } = input;
    await callOp('order.submit', (sale === undefined ? order : { ...order, [SUBMIT_SALE_FIELD]: sale }) as OpInput<'order.submit'>);
    return { kind: 'placed', order: await lookup(), already: false };
  } catch (e) {
    if (e instanceof OpError && e.kind === 'upstream') {
      if (/订单号已存在/.test(e.message)) {
        const order = await lookup();
        // An earlier try of this checkout was kept unpaid for a short balance: it waits in failed orders.
        if (order && order.payStatus === 0) return { kind: 'short', order };
        return { kind: 'placed', order, already: true };
      }
      if (/余额不足/.test(e.message)) return { kind: 'short', order: await lookup() };
    }
    // A lost answer says nothing about the order: a retry with the same number is safe either way.
    return { kind: 'failed', error: e, uncertain: e instanceof OpError && LOST.has(e.kind) };
  }
}

/** SKUs an order holds (to take them out of the cart). */
export const skusOf = (order: Order | null) => new Set(order?.children.flatMap((c) => c.goods.map((g) => g.sku)) ?? []);
