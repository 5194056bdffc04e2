import type { DB } from '../lib/db';
import { createRng } from './rng';
import { returnReceived, review } from './after-sale';
import { enqueueGoodsMessage, pushDueMessages } from './messages';
import { DELAYS, completeChild, deliverChild, shipChild } from './orders';
import { meta, schedule, type JobKind, type World } from './world';

interface JobRow {
  id: number;
  kind: JobKind;
  ref: string;
  due_ms: number;
}

/** Runs every job that is due on the business clock, including those that due jobs schedule. */
export function runDueJobs(world: World): number {
  let ran = 0;
  for (let guard = 0; guard < 10_000; guard++) {
    const job = world.db
      .prepare('SELECT id, kind, ref, due_ms FROM jobs WHERE done = 0 AND due_ms <= ? ORDER BY due_ms, id LIMIT 1')
      .get(world.clock.nowMs()) as JobRow | undefined;
    if (!job) break;
    world.db.transaction(() => {
      world.db.prepare('UPDATE jobs SET done = 1 WHERE id = ?').run(job.id);
      world.clock.at(job.due_ms, () => runJob(world, job));
    })();
    ran++;
  }
  return ran;
}

function runJob(world: World, job: JobRow) {
  switch (job.kind) {
    case 'ship':
      return shipChild(world, job.ref);
    case 'deliver':
      return deliverChild(world, job.ref);
    case 'complete':
      return completeChild(world, job.ref);
    case 'review':
      return review(world, Number(job.ref));
    case 'return_received':
      return returnReceived(world, Number(job.ref));
    case 'market':
      marketMoves(world);
      schedule(world, 'market', '', world.clock.after(DELAYS.market));
      return;
  }
}

/** The market moves: prices change, goods go off sale and come back, listings are edited. */
export function marketMoves(world: World): void {
  const { db } = world;
  const round = Number(meta.get(db, 'market_round') ?? 0) + 1;
  meta.set(db, 'market_round', String(round));
  const rng = createRng(world.config.seed * 31 + round);
  // Library goods move more often, so a demo's inbox fills; a few others move too.
  const library = (db.prepare('SELECT goods_id AS id FROM library ORDER BY goods_id').all() as { id: number }[]).map((r) => r.id);
  const pick = (n: number) => {
    const out = new Set<number>();
    for (let i = 0; i < n && library.length; i++) out.add(rng.pick(library));
    return [...out];
  };
  const now = world.clock.nowSec();
  const repriced = pick(2);
  for (const id of repriced) {
    const factor = 1 + (rng.next() < 0.5 ? -1 : 1) * (0.03 + rng.next() * 0.07);
    repriceGoods(db, id, factor, now);
    world.goods.refresh(id);
  }
  enqueueGoodsMessage(world, 'goods.price.alter', repriced);

  const onSale = pick(1).filter((id) => (db.prepare('SELECT status FROM goods WHERE id = ?').get(id) as { status: number }).status === 1);
  for (const id of onSale) {
    db.prepare('UPDATE goods SET status = 0, updated_time = ? WHERE id = ?').run(now, id);
    world.goods.refresh(id);
  }
  enqueueGoodsMessage(world, 'goods.undercarriage', onSale);

  const back = (
    db.prepare('SELECT id FROM goods WHERE status = 0 AND id IN (SELECT goods_id FROM library) ORDER BY updated_time LIMIT 1').all() as {
      id: number;
    }[]
  )
    .map((r) => r.id)
    .filter((id) => !onSale.includes(id));
  for (const id of back) {
    db.prepare('UPDATE goods SET status = 1, updated_time = ? WHERE id = ?').run(now, id);
    world.goods.refresh(id);
  }
  enqueueGoodsMessage(world, 'goods.on.sale', back);

  const altered = pick(1);
  for (const id of altered) {
    db.prepare('UPDATE sku_options SET stock = stock + ? WHERE goods_id = ?').run(rng.int(5, 200), id);
    db.prepare(
      'UPDATE goods SET stock = (SELECT sum(stock) FROM sku_options WHERE goods_id = goods.id), updated_time = ? WHERE id = ?',
    ).run(now, id);
    world.goods.refresh(id);
  }
  enqueueGoodsMessage(world, 'goods.alter', altered);
}

const rate = (price: number, agreement: number) => Math.round(((price - agreement) / agreement) * 1000) / 10;

/** New agreement prices keep the price order (agreement ≤ activity ≤ guide ≤ market). */
export function repriceGoods(db: DB, goodsId: number, factor: number, now: number): void {
  const skus = db.prepare('SELECT id, agreement_price, activity_price, guide_price FROM sku_options WHERE goods_id = ?').all(goodsId) as {
    id: number;
    agreement_price: number;
    activity_price: number;
    guide_price: number;
  }[];
  for (const s of skus) {
    const agreement = Math.min(Math.max(100, Math.round((s.agreement_price * factor) / 10) * 10), s.activity_price);
    db.prepare('UPDATE sku_options SET agreement_price = ?, cost_price = min(cost_price, ?) WHERE id = ?').run(agreement, agreement, s.id);
  }
  const first = db
    .prepare('SELECT agreement_price, activity_price, guide_price FROM sku_options WHERE goods_id = ? ORDER BY id LIMIT 1')
    .get(goodsId) as {
    agreement_price: number;
    activity_price: number;
    guide_price: number;
  };
  db.prepare(
    'UPDATE goods SET agreement_price = ?, cost_price = min(cost_price, ?), activity_rate = ?, promotion_rate = ?, profits = ?, updated_time = ? WHERE id = ?',
  ).run(
    first.agreement_price,
    first.agreement_price,
    rate(first.activity_price, first.agreement_price),
    rate(first.guide_price, first.agreement_price),
    first.guide_price - first.agreement_price,
    now,
    goodsId,
  );
}

/** One step of the simulation: due jobs, then due messages. */
export async function tick(world: World): Promise<void> {
  runDueJobs(world);
  await pushDueMessages(world);
}

export function ensureMarketScheduled(world: World): void {
  if (!world.db.prepare("SELECT 1 FROM jobs WHERE kind = 'market' AND done = 0").get())
    schedule(world, 'market', '', world.clock.after(DELAYS.market));
}
