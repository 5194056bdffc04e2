import { enqueueGoodsMessage } from './messages';
import { repriceGoods } from './simulation';
import type { World } from './world';

/** Goods one call may move (a test's or a demo's handful). */
export const MARKET_CONTROL_MAX = 20;

export interface Repriced {
  goodsId: number;
  /** Each SKU's agreement price before and after (fen). */
  skus: { sku: number; before: number; after: number }[];
}

/**
 * The market moves these goods' prices now (`POST /sandbox/market`, signed; the gateway's
 * `/bff/sandbox/market` for managers and admins): each steps as a market round steps it (3–10 %,
 * within its band), drawn again until it moved, and `goods.price.alter` goes out for those in the
 * library, as after a round. Tests and demos make "the price moved between the check and the send"
 * with it; goods outside the library move silently, as the real supplier's do.
 */
export function repriceNow(world: World, goodsIds: number[]): Repriced[] {
  const { db } = world;
  const prices = (id: number) =>
    db.prepare('SELECT id AS sku, agreement_price AS price FROM sku_options WHERE goods_id = ? ORDER BY id').all(id) as {
      sku: number;
      price: number;
    }[];
  const out: Repriced[] = [];
  const now = world.clock.nowSec();
  for (const id of [...new Set(goodsIds)]) {
    const before = prices(id);
    if (before.length === 0) continue;
    // Down first, then up: one of them moves a price that is not pinned at both ends of its band.
    for (const [u1, u2] of [
      [0.999, 0.5],
      [0, 0.5],
      [0.999, 1],
      [0, 1],
    ] as const) {
      repriceGoods(db, id, u1, u2, now);
      if (prices(id).some((p, i) => p.price !== before[i]!.price)) break;
    }
    world.goods.refresh(id);
    const after = prices(id);
    out.push({ goodsId: id, skus: before.map((b, i) => ({ sku: b.sku, before: b.price, after: after[i]!.price })) });
  }
  enqueueGoodsMessage(
    world,
    'goods.price.alter',
    out.filter((r) => r.skus.some((s) => s.before !== s.after)).map((r) => r.goodsId),
  );
  return out;
}
