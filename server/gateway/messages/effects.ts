import { getOperation, type MessageGoodsRef, type MessageRefs, type OpData, type OpId, type OpInput } from '../../../contract';
import type { UpstreamTarget } from '../config';
import { buildUpstreamRequest, callUpstream } from '../upstream';
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

/**
 * What a stored message is about, fetched once and kept: the order line (platform number, line
 * number, title, channel, quantity, courier, tracking number) of order and after-sale messages, the
 * record of after-sale messages, and the products of goods messages with their titles and, for a
 * price change, the new agreement price (lowest over the SKUs) and profit rate.
 */
export async function linkMessage(row: StoredRow, call: OpCaller): Promise<MessageRefs> {
  const data = JSON.parse(row.data) as Record<string, unknown>;
  if (row.grp === 'orders' || row.grp === 'afterSale') {
    const thirdSn = String(data.orderSn);
    const sku = String(data.sku);
    const refs: MessageRefs = { order: { thirdSn } };
    if (row.grp === 'afterSale') refs.afterSale = { id: Number(data.afterSaleId) };
    const page = await call('order.list', { search: { page: 1, limit: 1, thirdSn } });
    const order = page.list.find((o) => o.thirdSn === thirdSn);
    if (order) {
      refs.order!.sn = order.sn;
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
    return refs;
  }
  if (row.grp === 'goods') {
    const ids = Array.isArray(data.goodsIds) ? (data.goodsIds as number[]).slice(0, MAX_GOODS) : [];
    const goods: MessageGoodsRef[] = [];
    for (let i = 0; i < ids.length; i += BATCH) {
      const chunk = ids.slice(i, i + BATCH);
      const details = await call('goods.bulkDetail', { ids: chunk.join(',') });
      for (const id of chunk) {
        const d = details.find((g) => g.id === id);
        if (!d) {
          goods.push({ id });
          continue;
        }
        const ref: MessageGoodsRef = { id, title: d.title };
        if (row.type === 'goods.price.alter') {
          const skuPrices = (d.specs?.options ?? []).map((o) => o.agreement_price);
          ref.agreementPrice = skuPrices.length ? Math.min(...skuPrices) : d.agreement_price;
          ref.profitRate = d.promotion_rate;
        }
        goods.push(ref);
      }
    }
    return { goods };
  }
  return {};
}
