import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox } from '../server/sandbox';
import { parseFaults, type SandboxConfig } from '../server/sandbox/config';
import { runDueJobs } from '../server/sandbox/simulation';
import { startSandbox, type SandboxHarness } from './harness';

const ROUND = 3 * 3600;
const DAY = 86_400;

interface SkuPrices {
  id: number;
  cost_price: number;
  agreement_price: number;
  activity_price: number;
  guide_price: number;
  sale_price: number;
  market_price: number;
}
/** Every SKU, or with `libraryOnly` those of library goods (the only ones the market reprices). */
const skuPrices = (h: SandboxHarness, libraryOnly = false) =>
  h.sandbox.db
    .prepare(
      `SELECT id, cost_price, agreement_price, activity_price, guide_price, sale_price, market_price FROM sku_options
        ${libraryOnly ? 'WHERE goods_id IN (SELECT goods_id FROM library)' : ''} ORDER BY id`,
    )
    .all() as SkuPrices[];
const rounds = (h: SandboxHarness) =>
  Number((h.sandbox.db.prepare("SELECT value FROM meta WHERE key = 'market_round'").get() as { value: string } | undefined)?.value ?? 0);

/** Checks every SKU against its seeded prices; returns the extremes of agreement / seeded agreement. */
function checkBands(seeded: Map<number, SkuPrices>, now: SkuPrices[], band = 0.3) {
  let lo = Infinity;
  let hi = -Infinity;
  const bad: string[] = [];
  for (const s of now) {
    const seed = seeded.get(s.id)!;
    for (const k of ['cost_price', 'agreement_price', 'activity_price', 'guide_price', 'sale_price', 'market_price'] as const) {
      if (s[k] < seed[k] * (1 - band) - 1e-9 || s[k] > seed[k] * (1 + band) + 1e-9) bad.push(`sku ${s.id} ${k} ${seed[k]} -> ${s[k]}`);
    }
    if (!(s.cost_price <= s.agreement_price && s.agreement_price <= s.activity_price && s.activity_price <= s.guide_price))
      bad.push(`sku ${s.id} order ${JSON.stringify(s)}`);
    if (!(s.guide_price <= s.market_price)) bad.push(`sku ${s.id} guide > market`);
    const ratio = s.agreement_price / seed.agreement_price;
    lo = Math.min(lo, ratio);
    hi = Math.max(hi, ratio);
  }
  return { bad, lo, hi };
}

describe('the market', () => {
  let h: SandboxHarness;
  let seeded: Map<number, SkuPrices>;
  beforeAll(async () => {
    h = await startSandbox({ goods: 300 });
    seeded = new Map(skuPrices(h).map((s) => [s.id, s]));
  });
  afterAll(() => h.close());

  it('1,000 rounds through the clock: every price stays in its ±30 % band and in order', async () => {
    await h.advance(125 * DAY); // 1,000 rounds of 3 h
    expect(rounds(h)).toBe(1000);
    const { bad, lo, hi } = checkBands(seeded, skuPrices(h));
    expect(bad).toEqual([]);
    expect(lo).toBeGreaterThanOrEqual(0.7);
    expect(hi).toBeLessThanOrEqual(1.3);
  });

  it('a simulated year (2,920 rounds): checked after every round, prices move but never leave their bands', () => {
    // The market reprices library goods only: those are checked after every round, all SKUs at the end.
    const { world } = h.sandbox;
    const moved = new Set<number>();
    let lo = Infinity;
    let hi = -Infinity;
    const start = rounds(h);
    for (let i = 0; i < 2920 - start; i++) {
      world.clock.advance(ROUND);
      runDueJobs(world);
      const now = skuPrices(h, true);
      const r = checkBands(seeded, now);
      if (r.bad.length) throw new Error(`round ${rounds(h)}: ${r.bad.slice(0, 3).join('; ')}`);
      lo = Math.min(lo, r.lo);
      hi = Math.max(hi, r.hi);
      for (const s of now) if (s.agreement_price !== seeded.get(s.id)!.agreement_price) moved.add(s.id);
    }
    expect(rounds(h)).toBe(2920);
    expect(checkBands(seeded, skuPrices(h)).bad).toEqual([]);
    // The goods rows follow their first SKU and their rates stay sane.
    const goods = h.sandbox.db
      .prepare(
        `SELECT g.id, g.agreement_price, g.cost_price, g.promotion_rate, g.activity_rate, g.guide_price, g.activity_price,
                s.agreement_price AS first_agreement
           FROM goods g JOIN sku_options s ON s.id = (SELECT min(id) FROM sku_options WHERE goods_id = g.id)`,
      )
      .all() as {
      id: number;
      agreement_price: number;
      cost_price: number;
      promotion_rate: number;
      activity_rate: number;
      guide_price: number;
      activity_price: number;
      first_agreement: number;
    }[];
    for (const g of goods) {
      expect(g.agreement_price).toBe(g.first_agreement);
      expect(g.cost_price).toBeLessThanOrEqual(g.agreement_price);
      expect(g.promotion_rate).toBeCloseTo(((g.guide_price - g.agreement_price) / g.agreement_price) * 100, 0);
      expect(g.promotion_rate).toBeGreaterThanOrEqual(0);
      expect(g.promotion_rate).toBeLessThan(300);
      expect(g.activity_rate).toBeGreaterThanOrEqual(0);
    }
    expect(moved.size).toBeGreaterThan(20); // the library's goods did move
    expect(lo).toBeLessThan(0.8);
    expect(hi).toBeGreaterThan(1.05);
    console.log(
      `a year of market: ${rounds(h)} rounds, ${moved.size} SKUs repriced, agreement/seeded from ${lo.toFixed(3)} to ${hi.toFixed(3)}`,
    );
  });
});

describe('a database whose market ran before price bands existed', () => {
  it('gets its collapsed prices mended into a band on the next start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'supply-desk-bands-'));
    const config: SandboxConfig = {
      appKey: 'k1234',
      appSecret: 'secret-12345678',
      dbFile: join(dir, 'sandbox.sqlite'),
      seed: 3,
      goods: 40,
      signatureWindowMs: 600_000,
      speed: 1,
      faults: parseFaults(undefined),
    };
    const a = createSandbox(config, { autoTick: false });
    const sku = a.db.prepare('SELECT id, goods_id, agreement_price, activity_price FROM sku_options ORDER BY id LIMIT 1').get() as {
      id: number;
      goods_id: number;
      agreement_price: number;
      activity_price: number;
    };
    // What the old market did: ¥24.80 drifting to ¥1.50.
    a.db.prepare('UPDATE sku_options SET agreement_price = 150, cost_price = 150 WHERE id = ?').run(sku.id);
    a.db.prepare('UPDATE goods SET agreement_price = 150, cost_price = 150, promotion_rate = 1886 WHERE id = ?').run(sku.goods_id);
    a.db.prepare('DELETE FROM price_bands').run();
    a.db
      .prepare("INSERT INTO meta (key, value) VALUES ('market_round', '5000') ON CONFLICT (key) DO UPDATE SET value = excluded.value")
      .run();
    a.close();

    const b = createSandbox(config, { autoTick: false });
    const after = b.db.prepare('SELECT agreement_price, cost_price FROM sku_options WHERE id = ?').get(sku.id) as {
      agreement_price: number;
      cost_price: number;
    };
    expect(after.agreement_price).toBeGreaterThanOrEqual(Math.ceil((sku.activity_price / 1.3) * 0.7));
    expect(after.agreement_price).toBeLessThanOrEqual(sku.activity_price);
    expect(after.cost_price).toBeLessThanOrEqual(after.agreement_price);
    const g = b.db.prepare('SELECT agreement_price, promotion_rate FROM goods WHERE id = ?').get(sku.goods_id) as {
      agreement_price: number;
      promotion_rate: number;
    };
    expect(g.agreement_price).toBe(after.agreement_price);
    expect(g.promotion_rate).toBeLessThan(300);
    b.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
