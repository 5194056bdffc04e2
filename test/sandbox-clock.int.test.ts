import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox } from '../server/sandbox';
import { parseFaults, type SandboxConfig } from '../server/sandbox/config';
import { DELAYS } from '../server/sandbox/orders';
import { PUSH_CONCURRENCY } from '../server/sandbox/messages';
import { startSandbox, type SandboxHarness } from './harness';
import { startReceiver } from './receiver';

const HOUR = 3600;
const DAY = 86_400;
const address = {
  consignee: '李四',
  phone: '13900139000',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  street: '文三路',
  description: '8 号',
};

/** On-sale SKUs with stock that may go anywhere, one per goods, from the given sources. */
function skus(h: SandboxHarness, sources: number[], perSource = 1) {
  return sources.flatMap(
    (source) =>
      h.sandbox.db
        .prepare(
          `SELECT s.id AS sku, s.agreement_price AS price FROM goods g JOIN sku_options s ON s.goods_id = g.id
            WHERE g.status = 1 AND g.source = ? AND s.stock >= 20 AND g.id NOT IN (SELECT goods_id FROM goods_bans)
              AND s.id = (SELECT min(id) FROM sku_options WHERE goods_id = g.id)
            ORDER BY g.id LIMIT ?`,
        )
        .all(source, perSource) as { sku: number; price: number }[],
  );
}

async function submit(h: SandboxHarness, orderSn: string, lines: { sku: number }[]) {
  const body = JSON.stringify({ orderSn, spu: lines.map((l) => ({ sku: l.sku, number: 1 })), address, strictMode: true });
  const r = await h.upstream('POST', '/v2/order', { body });
  expect(r.body.code, r.body.msg).toBe(1);
}

const marketRounds = (h: SandboxHarness) =>
  Number((h.sandbox.db.prepare("SELECT value FROM meta WHERE key = 'market_round'").get() as { value: string } | undefined)?.value ?? 0);

describe('the business clock at the default speed (×120)', () => {
  let h: SandboxHarness;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    rx = await startReceiver();
    h = await startSandbox({ goods: 300, callbackUrl: rx.url, speed: 120 });
  });
  afterAll(async () => {
    await h.close();
    await rx.close();
  });

  it('advancing five business days does what five days of running do: 40 market rounds, one shipment per child, one review', async () => {
    const [a, b, c] = skus(h, [1, 2, 6]);
    await submit(h, 'CLOCK-TWO-CHILDREN', [a!, b!]); // two channels: two children, two shipments
    await submit(h, 'CLOCK-REFUND', [c!]);
    const refund = await h.upstream('POST', '/v2/afterSale', {
      body: JSON.stringify({
        orderSn: 'CLOCK-REFUND',
        sku: c!.sku,
        num: 1,
        goodsFee: c!.price,
        logisticFee: 0,
        serviceTypeCode: '40',
        reasonsTypeCode: '20006',
        reasonsDescription: '拍错了',
      }),
    });
    expect(refund.body.code, refund.body.msg).toBe(1);
    await h.drain();
    const before = rx.received.length;
    expect(marketRounds(h)).toBe(0);

    const r = await h.advance(5 * DAY);
    // Wall time passes at ×120 during the test too, but far less than one 3-hour round.
    expect(marketRounds(h)).toBe(40);
    const kinds = (type: string) => rx.received.slice(before).filter((m) => m.type === type);
    const mine = (type: string, sn: string) => kinds(type).filter((m) => m.data.orderSn === sn);
    expect(mine('order.delivery', 'CLOCK-TWO-CHILDREN')).toHaveLength(2);
    expect(mine('order.delivered', 'CLOCK-TWO-CHILDREN')).toHaveLength(2);
    expect(mine('order.success', 'CLOCK-TWO-CHILDREN')).toHaveLength(0); // 7 days after delivery: not yet
    expect(kinds('afterSale.agree')).toHaveLength(1);
    expect(kinds('afterSale.success')).toHaveLength(1);
    expect(h.sandbox.db.prepare("SELECT count(*) AS n FROM jobs WHERE kind = 'review' AND done = 1").get()).toEqual({ n: 1 });

    // Every message made was delivered exactly once; the market's are a handful per round.
    const made = (h.sandbox.db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n;
    const delivered = rx.received.map((m) => m.id);
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(delivered).toHaveLength(made);
    const market = rx.received.filter((m) => m.type.startsWith('goods.')).length;
    expect(market).toBeGreaterThanOrEqual(40);
    expect(market).toBeLessThanOrEqual(4 * 40);
    expect(r.messagesDelivered).toBe(rx.received.length - before);
    console.log(
      `5 days at ×120: ${marketRounds(h)} market rounds, ${rx.received.length} messages (${market} goods), clock call ${r.clockMs.toFixed(0)} ms`,
    );

    // Timestamps are business time: the shipment is stamped two business hours after the order.
    const order = (
      await h.upstream('GET', '/v2/order', { body: JSON.stringify({ search: { thirdSn: 'CLOCK-TWO-CHILDREN', page: 1, limit: 10 } }) })
    ).body.data.list[0];
    for (const child of order.children) {
      expect(child.deliverTime - order.createdTime).toBeGreaterThanOrEqual(DELAYS.ship);
      expect(child.deliverTime - order.createdTime).toBeLessThan(DELAYS.ship + 600);
      expect(child.goodsStatus).toBe(4);
    }
    const trace = await h.upstream('GET', '/v2/logistic', { query: { orderSn: 'CLOCK-TWO-CHILDREN', sku: String(a!.sku) } });
    expect(trace.body.data.list).toHaveLength(6); // five transit events and the delivery
  });
});

describe('message pushes run off the request', () => {
  it('the clock call answers in under a second while the receiver takes 2 s per message', async () => {
    const rx = await startReceiver({ delayMs: 2000 });
    const h = await startSandbox({ goods: 100, callbackUrl: rx.url });
    try {
      const r = await h.advance(DAY, { wait: false }); // 8 market rounds: messages for library goods
      expect(r.clockMs).toBeLessThan(1000);
      const pending = (h.sandbox.db.prepare('SELECT count(*) AS n FROM outbox WHERE delivered_ms IS NULL').get() as { n: number }).n;
      expect(pending).toBeGreaterThan(8);
      // Other requests answer at once too, while deliveries are in flight.
      const started = performance.now();
      expect((await h.upstream('GET', '/v2/account/application/balance', { body: '{}' })).body.code).toBe(1);
      expect(performance.now() - started).toBeLessThan(1000);
      console.log(`clock call with a 2 s receiver: ${r.clockMs.toFixed(0)} ms, ${pending} messages waiting`);
      await expect.poll(() => rx.received.length, { timeout: 5000 }).toBeGreaterThan(0);
    } finally {
      await h.close();
      await rx.close();
    }
  });

  it('delivers with bounded concurrency, each order’s messages in the order they were made', async () => {
    const rx = await startReceiver({ delayMs: 100 });
    const h = await startSandbox({ goods: 400, callbackUrl: rx.url });
    try {
      h.sandbox.db.prepare('DELETE FROM library').run(); // only order messages here
      const lines = skus(h, [1, 2, 6, 7], 2);
      expect(lines.length).toBe(8);
      for (const [i, l] of lines.entries()) await submit(h, `LANE-${i}`, [l]);
      await h.advance(DAY);
      for (let i = 0; i < lines.length; i++) {
        const seen = rx.received.filter((m) => m.data.orderSn === `LANE-${i}`).map((m) => m.type);
        expect(seen).toEqual(['order.delivery', 'order.delivered']);
      }
      expect(rx.stats.maxInFlight).toBeGreaterThan(1);
      expect(rx.stats.maxInFlight).toBeLessThanOrEqual(PUSH_CONCURRENCY);
    } finally {
      await h.close();
      await rx.close();
    }
  });

  it('retries on the §8.1 schedule (business time) with the same id, then gives up after five attempts', async () => {
    const rx = await startReceiver({ failFirst: 100 });
    const h = await startSandbox({ goods: 60, callbackUrl: rx.url });
    try {
      h.sandbox.db.prepare('DELETE FROM library').run();
      const [l] = skus(h, [2]);
      await submit(h, 'RETRY-1', [l!]);
      await h.advance(2 * HOUR); // shipped: order.delivery, first attempt fails
      const first = rx.ofType('order.delivery');
      expect(first).toHaveLength(1);
      for (const [i, wait] of [240, 600, 600, 3600].entries()) {
        await h.advance(wait - 30);
        expect(rx.received.filter((m) => m.id === first[0]!.id)).toHaveLength(i + 1); // not yet
        await h.advance(30);
        expect(rx.received.filter((m) => m.id === first[0]!.id).map((m) => m.times)).toEqual(
          Array.from({ length: i + 2 }, (_, k) => k + 1),
        );
      }
      await h.advance(DAY);
      expect(rx.received.filter((m) => m.id === first[0]!.id)).toHaveLength(5);
      expect(h.sandbox.db.prepare('SELECT given_up FROM outbox WHERE id = ?').get(first[0]!.id)).toEqual({ given_up: 1 });
    } finally {
      await h.close();
      await rx.close();
    }
  });
});

describe('the clock itself', () => {
  it('runs SANDBOX_SPEED times the wall clock, moves by business seconds, and stands still while stopped', () => {
    const dir = mkdtempSync(join(tmpdir(), 'supply-desk-clock-'));
    const config: SandboxConfig = {
      appKey: 'k1234',
      appSecret: 'secret-12345678',
      dbFile: join(dir, 'sandbox.sqlite'),
      seed: 1,
      goods: 20,
      signatureWindowMs: 600_000,
      speed: 120,
      faults: parseFaults(undefined),
    };
    let wall = Date.UTC(2026, 10, 1);
    const a = createSandbox(config, { autoTick: false, wallClock: () => wall });
    const t0 = a.world.clock.nowMs();
    expect(t0).toBe(wall); // a new sandbox starts at the wall clock
    wall += 60_000; // one wall minute
    expect(a.world.clock.nowMs() - t0).toBe(2 * HOUR * 1000);
    expect(a.world.clock.after(DELAYS.ship)).toBe(a.world.clock.nowMs() + DELAYS.ship * 1000);
    a.world.clock.advance(DAY);
    expect(a.world.clock.nowMs() - t0).toBe((2 * HOUR + DAY) * 1000);
    expect(a.world.clock.wallMs()).toBe(wall);
    a.close();

    wall += 3_600_000; // stopped for an hour
    const b = createSandbox(config, { autoTick: false, wallClock: () => wall });
    expect(b.world.clock.nowMs() - t0).toBe((2 * HOUR + DAY) * 1000);
    b.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
