import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox } from '../server/sandbox';
import { parseFaults, type SandboxConfig } from '../server/sandbox/config';
import { RETRY_DELAYS_S } from '../server/sandbox/messages';
import { startHarness, type Harness } from './harness';
import { startReceiver } from './receiver';

describe('message delivery to a receiver that fails at first', () => {
  let h: Harness;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    rx = await startReceiver({ failFirst: 2 });
    h = await startHarness({ goods: 60, callbackUrl: rx.url });
  });
  afterAll(async () => {
    await h.close();
    await rx.close();
  });

  it('is retried on the §8.1 schedule with the same id until {"code":1}, then stops', async () => {
    await h.op('selection.add', { goods_ids: '10005' });
    await h.advance(0);
    expect(rx.received).toHaveLength(1);
    const id = rx.received[0]!.id;
    await h.advance(RETRY_DELAYS_S[0] - 5); // not yet
    expect(rx.received.filter((m) => m.id === id)).toHaveLength(1);
    await h.advance(5);
    await h.advance(RETRY_DELAYS_S[1]);
    const tries = rx.received.filter((m) => m.id === id);
    expect(tries.map((m) => m.times)).toEqual([1, 2, 3]);
    await h.advance(3600);
    expect(rx.received.filter((m) => m.id === id)).toHaveLength(3); // acknowledged on the third: no more
  });
});

describe('the clock endpoint', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ goods: 30 });
  });
  afterAll(() => h.close());

  it('refuses an unsigned or malformed call and accepts a signed one', async () => {
    const unsigned = await fetch(`${h.sandboxUrl}/sandbox/clock`, { method: 'POST', body: '{"advanceSeconds":60}' });
    expect(unsigned.status).toBe(401);
    expect((await unsigned.json()).msg).toMatch(/必须传递 Api-App-Key/);
    await expect(h.advance(-5)).rejects.toThrow(/advanceSeconds/);
    const r = await h.advance(60);
    expect(r.jobsRun).toBeGreaterThanOrEqual(0);
  });
});

describe('faults on demand', () => {
  let h: Harness;
  afterAll(() => h?.close());

  it('adds latency and fails every call when the error rate is 1', async () => {
    h = await startHarness({ goods: 30, faults: 'latency=150,error=1' });
    const started = Date.now();
    const r = await h.op('source.list', {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ code: 0, gateway: { reason: 'bad_status', status: 500 } });
    expect(r.body.msg).toMatch(/系统繁忙/);
  });

  it('drops connections when the drop rate is 1', async () => {
    await h.close();
    h = await startHarness({ goods: 30, faults: 'drop=1' });
    const r = await h.op('source.list', {});
    expect(r.body.gateway.reason).toBe('unreachable');
  });

  it('parses the spec and rejects nonsense', () => {
    expect(parseFaults('latency=200, error=0.1,drop=0.05,lost=0.02')).toEqual({
      latencyMs: 200,
      errorRate: 0.1,
      dropRate: 0.05,
      lostRate: 0.02,
      outage: false,
    });
    expect(parseFaults(undefined)).toEqual({ latencyMs: 0, errorRate: 0, dropRate: 0, lostRate: 0, outage: false });
  });
});

describe('state that lasts', () => {
  it('orders, the library, the clock and undelivered messages survive a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'supply-desk-restart-'));
    const config: SandboxConfig = {
      appKey: 'k1234',
      appSecret: 'secret-12345678',
      dbFile: join(dir, 'sandbox.sqlite'),
      seed: 1,
      goods: 40,
      signatureWindowMs: 600_000,
      speed: 1,
      faults: parseFaults(undefined),
      // Nobody listens here: messages stay in the outbox.
      callbackUrl: 'http://127.0.0.1:9/hooks',
    };
    const a = createSandbox(config, { autoTick: false });
    a.world.clock.advance(3600);
    a.db.prepare('INSERT OR IGNORE INTO library (goods_id, added_at) VALUES (10003, 1)').run();
    const { enqueueMessage } = await import('../server/sandbox/messages');
    const id = enqueueMessage(a.world, 'goods.alter', { goodsIds: [10003] });
    await a.tick();
    const offset = a.world.clock.nowMs() - Date.now();
    a.close();

    const b = createSandbox(config, { autoTick: false });
    expect(b.world.clock.nowMs() - Date.now()).toBeGreaterThan(offset - 1000);
    expect(b.db.prepare('SELECT count(*) AS n FROM goods').get()).toEqual({ n: 40 });
    expect(b.db.prepare('SELECT 1 AS x FROM library WHERE goods_id = 10003').get()).toEqual({ x: 1 });
    const row = b.db.prepare('SELECT attempts, delivered_ms FROM outbox WHERE id = ?').get(id) as {
      attempts: number;
      delivered_ms: number | null;
    };
    expect(row).toEqual({ attempts: 1, delivered_ms: null });
    b.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
