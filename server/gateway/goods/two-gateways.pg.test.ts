import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPgUrl } from '../../../test/gateway-db';
import { startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { openGatewayDb, type GatewayDb } from '../db';
import { createMessageCenter, type MessageCenter } from '../messages';
import { upstreamCaller } from '../messages/effects';
import { createGoods, type Goods } from '.';

/**
 * Issue 49.13: two gateways on one PostgreSQL both receive goods messages about the same goods at
 * once (the supplier's pushes spread by the balancer), and both read those goods again and compare
 * them with the goods mirror. Each change is in the history once (not once per gateway), their
 * writes do not deadlock, and every message ends up linked; a failure of the gateway's own database
 * is never logged as the upstream's.
 */
const TOKEN = 'two-gateways-goods-token-0123456789';
const ROUNDS = 4;
const GOODS = 60;

interface Gw {
  db: GatewayDb;
  goods: Goods;
  center: MessageCenter;
  lines: string[];
}
let sb: SandboxHarness;
let a: Gw;
let b: Gw;

const upstream = () => ({ baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 10_000 });
async function gateway(url: string): Promise<Gw> {
  const db = await openGatewayDb({ databaseUrl: url, poolSize: 4 });
  const lines: string[] = [];
  const log = (l: string) => void lines.push(l);
  const goods = createGoods({ db, call: upstreamCaller(upstream()), log });
  // As server.ts makes it: the linker's goods reads go through the goods mirror.
  const center = createMessageCenter({
    db,
    upstream: goods.feeding(upstreamCaller(upstream())),
    token: { value: TOKEN, source: 'file' },
    publicOrigin: 'http://x',
    linkWaitMs: 10,
    log,
  });
  return { db, goods, center, lines };
}

beforeAll(async () => {
  sb = await startSandbox({ goods: 200 });
  const url = await freshPgUrl();
  a = await gateway(url);
  b = await gateway(url);
});
afterAll(async () => {
  for (const g of [a, b]) {
    g?.center.close();
    await g?.db.close();
  }
  await sb?.close();
});

let n = 0;
const message = (goodsIds: number[]) => ({
  id: `2026112899${String(++n).padStart(8, '0')}`,
  type: 'goods.price.alter',
  data: { goodsIds },
  push_time: Date.now(),
  pushTime: Date.now(),
  appID: 1,
  times: 1,
  createTime: Math.floor(Date.now() / 1000),
  url: 'x',
});
const push = async (g: Gw, body: unknown) => {
  const res = await g.center.receiver.request(`/${TOKEN}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(await res.json()).toEqual({ code: 1 });
};

describe('two gateways on one PostgreSQL absorb the same goods messages at once', () => {
  it('each change is in the history once, nothing deadlocks, every message is linked', async () => {
    // The library holds a few dozen goods at first: more of the catalogue is added, at the supplier.
    sb.sandbox.db.prepare(`INSERT OR IGNORE INTO library (goods_id, added_at) SELECT id, 0 FROM goods ORDER BY id LIMIT ${GOODS}`).run();
    const library = (sb.sandbox.db.prepare('SELECT goods_id FROM library ORDER BY goods_id').all() as { goods_id: number }[]).map(
      (r) => r.goods_id,
    );
    const ids = library.slice(0, GOODS);
    expect(ids.length).toBe(GOODS);
    // The mirror knows the library first (one gateway's reconcile).
    await a.goods.reconcile();

    for (let round = 0; round < ROUNDS; round++) {
      // The supplier moves the price of every SKU of these goods, and tells: one message per goods,
      // each gateway receiving one (A in ascending order, B in descending: their batches overlap in
      // opposite orders), pushed at the same moment.
      sb.sandbox.db
        .prepare(`UPDATE sku_options SET agreement_price = agreement_price + 10 WHERE goods_id IN (${ids.map(() => '?').join(',')})`)
        .run(...ids);
      await Promise.all([
        (async () => {
          for (const id of ids) await push(a, message([id]));
        })(),
        (async () => {
          for (const id of [...ids].reverse()) await push(b, message([id]));
        })(),
      ]);
      await Promise.all([a.center.linker.idle(), b.center.linker.idle()]);
    }

    // Each SKU's history: its first read, then one row per round (never the same state twice in a row).
    const rows = await a.db.kysely
      .selectFrom('goods_history')
      .select(['id', 'sku', 'agreement_price', 'guide_price', 'activity_price', 'stock', 'on_sale', 'at'])
      .where('goods_id', 'in', ids)
      .orderBy('sku')
      .orderBy('id')
      .execute();
    const repeated: string[] = [];
    for (let i = 1; i < rows.length; i++) {
      const [p, r] = [rows[i - 1]!, rows[i]!];
      if (p.sku !== r.sku) continue;
      const same = (['agreement_price', 'guide_price', 'activity_price', 'on_sale'] as const).every((k) => Number(p[k]) === Number(r[k]));
      if (same && (Number(p.stock) === 0) === (Number(r.stock) === 0))
        repeated.push(`sku ${r.sku}: ${Number(r.agreement_price)} at ${Number(p.at)} and ${Number(r.at)}`);
    }
    expect(repeated, `history rows repeated (of ${rows.length})`).toEqual([]);

    // Every message linked, none waiting for a later sweep; no failure logged as the upstream's.
    const unlinked = await a.db.kysely
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('refs', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(unlinked.n)).toBe(0);
    const stored = await a.db.kysely
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'goods.price.alter')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(2 * GOODS * ROUNDS);
    expect([...a.lines, ...b.lines].filter((l) => /could not|failed|deadlock/i.test(l))).toEqual([]);
    // And no change was lost: each SKU's last rows are one per round (10 fen up each), the last its price now.
    const now = new Map(
      (
        sb.sandbox.db.prepare(`SELECT id, agreement_price FROM sku_options WHERE goods_id IN (${ids.join(',')})`).all() as {
          id: number;
          agreement_price: number;
        }[]
      ).map((r) => [r.id, r.agreement_price]),
    );
    const perSku = new Map<number, number[]>();
    for (const r of rows) perSku.set(Number(r.sku), [...(perSku.get(Number(r.sku)) ?? []), Number(r.agreement_price)]);
    expect(perSku.size).toBe(now.size);
    const lost = [...perSku].filter(([sku, prices]) => {
      const p = now.get(sku)!;
      return prices.slice(-ROUNDS).join() !== Array.from({ length: ROUNDS }, (_, i) => p - 10 * (ROUNDS - 1 - i)).join();
    });
    expect(lost).toEqual([]);
  });

  it("a write that keeps meeting deadlocks is tried 5 times, then logged as the gateway's own failure (not the upstream's); the sweep links it later", async () => {
    const store = a.goods.store as unknown as { observeOnce: (...args: unknown[]) => Promise<unknown> };
    const real = store.observeOnce.bind(store);
    let tries = 0;
    store.observeOnce = () => {
      tries++;
      return Promise.reject(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
    };
    a.lines.length = 0;
    try {
      await push(a, message([library0()]));
      await a.center.linker.idle();
    } finally {
      store.observeOnce = real;
    }
    expect(tries).toBe(5);
    const line = a.lines.find((l) => l.includes('could not be linked yet'));
    expect(line).toMatch(/the goods mirror could not be written \(deadlock detected\)/);
    expect(line).not.toMatch(/upstream/);
    // The sweep tries again, and it is linked.
    await a.center.linker.sweep(Date.now());
    await a.center.linker.idle();
    const unlinked = await a.db.kysely
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('refs', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(unlinked.n)).toBe(0);
  });
});

/** The first goods of the supplier's library. */
const library0 = () =>
  (sb.sandbox.db.prepare('SELECT goods_id FROM library ORDER BY goods_id LIMIT 1').get() as { goods_id: number }).goods_id;
