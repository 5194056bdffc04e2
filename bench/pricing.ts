import { sql } from 'kysely';
import { createBffApp } from '../server/gateway/app';
import type { GatewayDb } from '../server/gateway/db';
import { onBothDatabases } from './both-databases';
import { benchSignIn } from './sign-in';
import { RISK } from '../server/gateway/goods/store';

/**
 * Issue 53.5 (`BENCH_ONLY=pricing`): BENCH_PRICING_SKUS SKUs (default 200,000; 5 per goods) in the
 * goods mirror as library goods, 1 % of them with an own price, a library-wide minimum profit rate of
 * 15 % and 200 goods with their own. Retail prices are computed when read (own, else the rules', else
 * the guide price); what a rule change rewrites is the goods watch's risks. Measured through the
 * /bff routes: a rule change that moves every SKU's below-margin risk (×1.1 ⇄ ×1.5: every rule-priced
 * SKU under 15 %, then none), one that moves none, the summary (every SKU's retail recomputed and
 * compared with the last sheet), the preview, and the price sheet (all, .csv and .xlsx; the
 * "changed" one after a rule change). Target: the rule change and the recomputation ≤ 2 s.
 * SQLite and PostgreSQL (BENCH_PRICING_DB=sqlite or postgres: one).
 */
const PER_GOODS = 5;

export interface PricingBench {
  dialect: string;
  skus: number;
  fillMs: number;
  calls: { name: string; p50: number; max: number; rounds: number }[];
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

export async function fill(db: GatewayDb, skus: number) {
  const goods = Math.ceil(skus / PER_GOODS);
  const now = Date.now();
  for (let g0 = 0; g0 < goods; g0 += 400) {
    const ids = Array.from({ length: Math.min(400, goods - g0) }, (_, i) => 100_000 + g0 + i);
    await db.kysely
      .insertInto('goods_items')
      .values(
        ids.map((id) => ({
          goods_id: id,
          title: `商品 ${id} 的一个不短的标题`,
          cover: '',
          status: 1,
          stock: 500,
          in_library: 1,
          read_at: now,
          changed_at: now,
          risk: 0,
          row: null,
        })),
      )
      .execute();
    const rows = ids.flatMap((id) =>
      Array.from({ length: PER_GOODS }, (_, k) => {
        // Costs from ¥5 to about ¥500, guide prices 20–40 % above.
        const cost = 500 + ((id * 7919 + k * 104_729) % 49_500);
        return {
          sku: id * 10 + k,
          goods_id: id,
          spec: `颜色:黑色;尺码:${k}`,
          agreement_price: cost,
          guide_price: Math.round(cost * (1.2 + ((id + k) % 20) / 100)),
          activity_price: cost,
          stock: 100,
          on_sale: 1,
          read_at: now,
          prev_agreement_price: null,
          prev_guide_price: null,
          changed_at: now,
          risk: 0,
        };
      }),
    );
    await db.kysely.insertInto('goods_skus').values(rows).execute();
  }
  // 1 % with an own price (25 % over cost); the library's minimum 15 %, 200 goods with 20 %.
  const own = await db.kysely
    .selectFrom('goods_skus')
    .select(['sku', 'goods_id', 'agreement_price'])
    .where(sql<boolean>`sku % 100 = 3`)
    .execute();
  for (let i = 0; i < own.length; i += 2000)
    await db.kysely
      .insertInto('pricing_own')
      .values(
        own.slice(i, i + 2000).map((r) => ({
          sku: Number(r.sku),
          goods_id: Number(r.goods_id),
          retail: Math.ceil(Number(r.agreement_price) * 1.25),
          code: `SHOP-${r.sku}`,
          updated_at: now,
          updated_by: 'bench',
        })),
      )
      .execute();
  await db.kysely
    .insertInto('goods_rules')
    .values([
      { goods_id: 0, min_rate: 15, updated_at: now, updated_by: 'bench' },
      ...Array.from({ length: 200 }, (_, i) => ({ goods_id: 100_000 + i * 7, min_rate: 20, updated_at: now, updated_by: 'bench' })),
    ])
    .execute();
  return own.length;
}

async function benchOne(dialect: string, db: GatewayDb, skus: number): Promise<PricingBench> {
  const t0 = performance.now();
  const owned = await fill(db, skus);
  const fillMs = performance.now() - t0;
  if (dialect === 'PostgreSQL') await sql`analyze`.execute(db.kysely);
  const bff = createBffApp({
    db,
    upstream: { baseUrl: 'http://127.0.0.1:9', appKey: 'k', appSecret: 's', timeoutMs: 1000 },
    mode: 'upstream',
  });
  const cookie = await benchSignIn(bff);
  const call = async (path: string, init?: RequestInit) => {
    const t = performance.now();
    const res = await bff.app.request(path, { ...init, headers: { 'content-type': 'application/json', cookie } });
    const buf = await res.arrayBuffer();
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${new TextDecoder().decode(buf)}`);
    return { ms: performance.now() - t, res, buf };
  };
  const json = <T>(r: { buf: ArrayBuffer }) => JSON.parse(new TextDecoder().decode(r.buf)) as T;
  const calls: PricingBench['calls'] = [];
  const below = async () =>
    Number(
      (
        await sql<{ n: number }>`select count(*) as n from goods_skus where (risk / ${sql.lit(RISK['below-margin'])}) % 2 = 1`.execute(
          db.kysely,
        )
      ).rows[0]!.n,
    );
  const rules = (multiply: number, cents?: number) => ({ method: 'PUT', body: JSON.stringify({ rules: [{ multiply }], cents }) });

  // Every rule-priced SKU's risk moves each time: ×1.1 puts them all under 15 %, ×1.5 none.
  const flips: number[] = [];
  const sums: number[] = [];
  const both: number[] = [];
  for (let i = 0; i < 3; i++) {
    for (const m of [1.1, 1.5]) {
      const r = await call('/pricing/rules', rules(m));
      const s = await call('/pricing/summary');
      flips.push(r.ms);
      sums.push(s.ms);
      both.push(r.ms + s.ms);
      const summary = json<{ skus: number; own: number }>(s);
      if (summary.skus !== skus || summary.own !== owned) throw new Error(`summary ${JSON.stringify(summary)}`);
      const n = await below();
      // ×1.1: every rule-priced SKU under 15 % (own prices are 25 % over cost, above 15 and 20 %); ×1.5: none.
      if (n !== (m === 1.1 ? skus - owned : 0)) throw new Error(`×${m}: ${n} SKUs below the minimum`);
    }
  }
  calls.push({
    name: `rule change, every SKU's risk moves (PUT /pricing/rules)`,
    p50: pct(flips, 50),
    max: Math.max(...flips),
    rounds: flips.length,
  });
  calls.push({ name: `every retail recomputed (GET /pricing/summary)`, p50: pct(sums, 50), max: Math.max(...sums), rounds: sums.length });
  calls.push({ name: `the two together`, p50: pct(both, 50), max: Math.max(...both), rounds: both.length });
  // A change of the cheapest range only (costs up to ¥50, about a tenth of the SKUs): ×1.1 ⇄ ×1.5 there moves those risks.
  const tenth: number[] = [];
  for (const m of [1.1, 1.5, 1.1, 1.5])
    tenth.push(
      (await call('/pricing/rules', { method: 'PUT', body: JSON.stringify({ rules: [{ upTo: 5000, multiply: m }, { multiply: 1.5 }] }) }))
        .ms,
    );
  calls.push({
    name: `rule change of the range up to ¥50 (a tenth of the risks move)`,
    p50: pct(tenth, 50),
    max: Math.max(...tenth),
    rounds: tenth.length,
  });
  const same: number[] = [];
  for (const m of [1.6, 1.7, 1.6]) same.push((await call('/pricing/rules', rules(m, 90))).ms);
  calls.push({ name: `rule change, no risk moves`, p50: pct(same, 50), max: Math.max(...same), rounds: same.length });
  const previews: number[] = [];
  for (const m of [1.2, 1.3, 1.4])
    previews.push((await call('/pricing/preview', { method: 'POST', body: JSON.stringify({ rules: [{ multiply: m }], cents: 99 }) })).ms);
  calls.push({ name: `preview (POST /pricing/preview)`, p50: pct(previews, 50), max: Math.max(...previews), rounds: previews.length });
  const sheet = async (only: string, type: string) => {
    const r = await call('/pricing/sheet', { method: 'POST', body: JSON.stringify({ only, type }) });
    return { ms: r.ms, rows: Number(r.res.headers.get('x-sheet-rows')), kB: Math.round(r.buf.byteLength / 1024) };
  };
  for (const type of ['csv', 'xlsx']) {
    const s = await sheet('all', type);
    if (s.rows !== skus) throw new Error(`sheet of ${s.rows} rows`);
    calls.push({ name: `price sheet, all ${skus.toLocaleString('en')} (.${type}, ${s.kB} kB)`, p50: s.ms, max: s.ms, rounds: 1 });
  }
  await call('/pricing/rules', rules(1.65, 90));
  const changed = await sheet('changed', 'csv');
  if (changed.rows === 0) throw new Error('nothing changed after a rule change');
  calls.push({
    name: `"changed" sheet after a rule change (.csv, ${changed.rows.toLocaleString('en')} rows)`,
    p50: changed.ms,
    max: changed.ms,
    rounds: 1,
  });
  return { dialect, skus, fillMs, calls };
}

export async function benchPricing(skus = Number(process.env.BENCH_PRICING_SKUS ?? 200_000), only = process.env.BENCH_PRICING_DB) {
  return onBothDatabases('pricing', only, (dialect, db) => benchOne(dialect, db, skus));
}

export function printPricing(results: PricingBench[]) {
  console.log(`\nPricing (issue 53): retail prices of the library's SKUs after a rule change, through /bff/pricing (target <= 2 s)`);
  for (const r of results) {
    console.log(`  ${r.dialect.padEnd(10)} ${r.skus.toLocaleString('en')} SKUs (filled in ${(r.fillMs / 1000).toFixed(1)} s)`);
    for (const c of r.calls)
      console.log(
        `    ${c.name.padEnd(64)} p50 ${c.p50.toFixed(1).padStart(7)} ms   max ${c.max.toFixed(1).padStart(7)} ms   (${c.rounds} rounds)`,
      );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printPricing(await benchPricing());
