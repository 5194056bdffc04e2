import { getOperation, type MessageGoodsRef, type MessageRefs, type OpData, type OpId, type OpInput } from '../../../contract';
import type { UpstreamTarget } from '../config';
import { buildUpstreamRequest, callUpstream } from '../operations/upstream';
import type { StoredRow } from './store';

/** Calls one upstream operation for the gateway itself; resolves to `data`, rejects on any failure. */
export type OpCaller = <K extends OpId>(id: K, input: OpInput<K>) => Promise<OpData<K>>;

export function upstreamCaller(target: UpstreamTarget): OpCaller {
  return async (id, input) => {
    const op = getOperation(id)!;
    const parsed = op.input.parse(input) as Record<string, unknown>;
    const answer = await callUpstream(target, buildUpstreamRequest(op, parsed));
    const env = answer.envelope as { code?: unknown; msg?: unknown; data?: unknown };
    if (env.code !== 1) throw new Error(`${id}: ${String(env.msg ?? `HTTP ${answer.status}`)}`);
    return env.data as OpData<typeof id>;
  };
}

/** Goods looked up per message at most (a library cleared may name thousands). */
const MAX_GOODS = 200;
const BATCH = 50;

type Order = OpData<'order.list'>['list'][number];
type Goods = OpData<'goods.bulkDetail'>[number];

/**
 * What stored messages are about, fetched once and kept: the order line (platform number, line
 * number, title, channel, quantity, courier, tracking number) of order and after-sale messages, the
 * record of after-sale messages, and the products of goods messages with their titles and, for a
 * price change, the new agreement price (lowest over the SKUs) and profit rate. Messages handled
 * together share their lookups: one `order.list` per order, one `goods.bulkDetail` per 50 products.
 * A lookup that fails leaves its messages out of the answer (they are tried again later); `failed`
 * hears why (the upstream's failure, or the gateway's own: a goods read that could not be stored).
 */
export async function linkMessages(
  rows: StoredRow[],
  call: OpCaller,
  failed: (e: unknown) => void = () => {},
): Promise<Map<number, MessageRefs>> {
  const parsed = rows.map((r) => ({ row: r, data: JSON.parse(r.data) as Record<string, unknown> }));
  const orderSns = [
    ...new Set(parsed.filter((p) => p.row.grp === 'orders' || p.row.grp === 'afterSale').map((p) => String(p.data.orderSn))),
  ];
  const goodsIds = [
    ...new Set(
      parsed
        .filter((p) => p.row.grp === 'goods' && p.row.type !== 'goods.storage.delete' && Array.isArray(p.data.goodsIds))
        .flatMap((p) => (p.data.goodsIds as number[]).slice(0, MAX_GOODS)),
    ),
  ];
  const orders = new Map<string, Order | null>();
  const failedOrders = new Set<string>();
  for (const thirdSn of orderSns) {
    try {
      const page = await call('order.list', { search: { page: 1, limit: 1, thirdSn } });
      orders.set(thirdSn, page.list.find((o) => o.thirdSn === thirdSn) ?? null);
    } catch (e) {
      failed(e);
      failedOrders.add(thirdSn);
    }
  }
  const goods = new Map<number, Goods | null>();
  let goodsFailed = false;
  for (let i = 0; i < goodsIds.length && !goodsFailed; i += BATCH) {
    const chunk = goodsIds.slice(i, i + BATCH);
    try {
      const details = await call('goods.bulkDetail', { ids: chunk.join(',') });
      for (const id of chunk) goods.set(id, details.find((g) => g.id === id) ?? null);
    } catch (e) {
      failed(e);
      goodsFailed = true;
    }
  }
  // A goods' price as read now is the price of its latest price message here only: messages about it
  // pushed earlier (delivered together after the business clock moved, or linked late) quote no price
  // rather than one read after them (issue 49).
  const latestPriced = new Map<number, { seq: number; at: number }>();
  for (const { row, data } of parsed) {
    if (row.type !== 'goods.price.alter' || !Array.isArray(data.goodsIds)) continue;
    const at = Number(row.pushed_ms ?? row.received_ms);
    for (const id of data.goodsIds as number[]) {
      const seen = latestPriced.get(id);
      if (!seen || at > seen.at || (at === seen.at && Number(row.seq) > seen.seq)) latestPriced.set(id, { seq: Number(row.seq), at });
    }
  }
  const out = new Map<number, MessageRefs>();
  for (const { row, data } of parsed) {
    const seq = Number(row.seq);
    if (row.grp === 'orders' || row.grp === 'afterSale') {
      const thirdSn = String(data.orderSn);
      if (failedOrders.has(thirdSn)) continue;
      const refs: MessageRefs = { order: { thirdSn } };
      if (row.grp === 'afterSale') refs.afterSale = { id: Number(data.afterSaleId) };
      const order = orders.get(thirdSn);
      if (order) {
        refs.order!.sn = order.sn;
        const sku = String(data.sku);
        for (const child of order.children) {
          const line = child.goods.find((g) => String(g.sku) === sku);
          if (!line) continue;
          Object.assign(refs.order!, {
            lineSn: line.sn,
            title: line.name,
            source: child.source,
            quantity: line.number,
            ...(line.deliverName ? { courier: line.deliverName } : {}),
            ...(line.deliverNo ? { trackingNo: line.deliverNo } : {}),
          });
          break;
        }
      }
      out.set(seq, refs);
    } else if (row.grp === 'goods') {
      if (row.type === 'goods.storage.delete') {
        out.set(seq, {});
        continue;
      }
      const ids = Array.isArray(data.goodsIds) ? (data.goodsIds as number[]).slice(0, MAX_GOODS) : [];
      if (goodsFailed && ids.some((id) => !goods.has(id))) continue;
      out.set(seq, {
        goods: ids.map((id) => {
          const d = goods.get(id);
          if (!d) return { id };
          const ref: MessageGoodsRef = { id, title: d.title };
          if (row.type === 'goods.price.alter' && latestPriced.get(id)?.seq === seq) {
            const skuPrices = (d.specs?.options ?? []).map((o) => o.agreement_price);
            ref.agreementPrice = skuPrices.length ? Math.min(...skuPrices) : d.agreement_price;
            ref.profitRate = d.promotion_rate;
          }
          return ref;
        }),
      });
    } else {
      out.set(seq, {});
    }
  }
  return out;
}
