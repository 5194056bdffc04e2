import type { DB } from '../lib/db';
import { createRng } from './rng';
import { returnReceived, review } from './after-sale';
import { parcelBack } from './irregular';
import { enqueueGoodsMessage } from './messages';
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
    case 'parcel_back':
      return parcelBack(world, job.ref);
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
    repriceGoods(db, id, rng.next(), rng.next(), now);
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

/** How far the agreement and cost prices may move from their seeded values (±30 %). */
export const PRICE_BAND = 0.3;

/** The lowest and highest a price seeded at `seed` fen may reach (whole fen inside the band). */
export function bandOf(seed: number): [number, number] {
  return [Math.ceil(seed * (1 - PRICE_BAND) - 1e-9), Math.floor(seed * (1 + PRICE_BAND) + 1e-9)];
}
const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/**
 * A price move of one product: its agreement price (and the cost behind it) steps 3–10 % up or down
 * from where it is, more likely back towards its seeded price the further it has strayed, and never
 * leaves the band around it. Retail prices (activity, guide, sale, market) stay, so the order
 * cost ≤ agreement ≤ activity ≤ guide ≤ market always holds. `u1`, `u2`: uniform draws in [0, 1).
 */
export function repriceGoods(db: DB, goodsId: number, u1: number, u2: number, now: number): void {
  const skus = db
    .prepare(
      `SELECT s.id, s.agreement_price, s.activity_price, b.agreement AS seed_agreement, b.cost AS seed_cost
         FROM sku_options s JOIN price_bands b ON b.sku = s.id WHERE s.goods_id = ? ORDER BY s.id`,
    )
    .all(goodsId) as { id: number; agreement_price: number; activity_price: number; seed_agreement: number; seed_cost: number }[];
  if (skus.length === 0) return;
  const level = skus[0]!.agreement_price / skus[0]!.seed_agreement;
  const upChance = clamp(0.5 + (1 - level) / (2 * PRICE_BAND), 0, 1);
  const step = 0.03 + u2 * 0.07;
  const next = clamp(level * (u1 < upChance ? 1 + step : 1 - step), 1 - PRICE_BAND, 1 + PRICE_BAND);
  const update = db.prepare('UPDATE sku_options SET agreement_price = ?, cost_price = ? WHERE id = ?');
  for (const s of skus) {
    const [aLo, aHi] = bandOf(s.seed_agreement);
    const agreement = clamp(Math.round((s.seed_agreement * next) / 10) * 10, aLo, Math.min(aHi, s.activity_price));
    const [cLo, cHi] = bandOf(s.seed_cost);
    const cost = clamp(Math.round((s.seed_cost * next) / 10) * 10, cLo, Math.min(cHi, agreement));
    update.run(agreement, cost, s.id);
  }
  const first = db
    .prepare('SELECT agreement_price, activity_price, guide_price, cost_price FROM sku_options WHERE goods_id = ? ORDER BY id LIMIT 1')
    .get(goodsId) as { agreement_price: number; activity_price: number; guide_price: number; cost_price: number };
  db.prepare(
    'UPDATE goods SET agreement_price = ?, cost_price = ?, activity_rate = ?, promotion_rate = ?, profits = ?, updated_time = ? WHERE id = ?',
  ).run(
    first.agreement_price,
    first.cost_price,
    rate(first.activity_price, first.agreement_price),
    rate(first.guide_price, first.agreement_price),
    first.guide_price - first.agreement_price,
    now,
    goodsId,
  );
}

/**
 * The seeded agreement and cost price of every SKU, the centre of its band. Filled once, from the
 * seed; a database whose market ran before bands existed gets centres mended into the seed's ranges
 * (agreement within 1.05–1.3 below the activity price, cost 82–100 % of agreement) and its prices
 * brought back into their bands.
 */
export function ensurePriceBands(db: DB): void {
  const missing = db.prepare('SELECT 1 FROM sku_options s WHERE NOT EXISTS (SELECT 1 FROM price_bands b WHERE b.sku = s.id) LIMIT 1').get();
  if (!missing) return;
  const marketRan = meta.get(db, 'market_round') !== undefined;
  db.transaction(() => {
    db.prepare(
      `INSERT OR IGNORE INTO price_bands (sku, agreement, cost)
       SELECT id, a0, min(max(cost_price, (a0 * 82 + 99) / 100), a0)
         FROM (SELECT id, cost_price, min(max(agreement_price, (activity_price * 10 + 12) / 13), activity_price) AS a0 FROM sku_options)`,
    ).run();
    if (!marketRan) return;
    db.prepare(
      `UPDATE sku_options SET agreement_price = (SELECT max((7 * b.agreement + 9) / 10, min(13 * b.agreement / 10, activity_price, agreement_price))
         FROM price_bands b WHERE b.sku = sku_options.id)`,
    ).run();
    db.prepare(
      `UPDATE sku_options SET cost_price = (SELECT max((7 * b.cost + 9) / 10, min(13 * b.cost / 10, agreement_price, cost_price))
         FROM price_bands b WHERE b.sku = sku_options.id)`,
    ).run();
    db.prepare(
      `UPDATE goods SET
         agreement_price = (SELECT agreement_price FROM sku_options s WHERE s.goods_id = goods.id ORDER BY s.id LIMIT 1),
         cost_price = (SELECT cost_price FROM sku_options s WHERE s.goods_id = goods.id ORDER BY s.id LIMIT 1)`,
    ).run();
    db.prepare(
      `UPDATE goods SET activity_rate = round((activity_price - agreement_price) * 1000.0 / agreement_price) / 10.0,
         promotion_rate = round((guide_price - agreement_price) * 1000.0 / agreement_price) / 10.0,
         profits = guide_price - agreement_price`,
    ).run();
  })();
}

/** One step of the simulation: due jobs, then a nudge to the message pump (which runs on its own). */
export function tick(world: World): number {
  const ran = runDueJobs(world);
  world.pump?.kick();
  return ran;
}

export function ensureMarketScheduled(world: World): void {
  if (!world.db.prepare("SELECT 1 FROM jobs WHERE kind = 'market' AND done = 0").get())
    schedule(world, 'market', '', world.clock.after(DELAYS.market));
}
