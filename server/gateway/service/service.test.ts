import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { createMetrics } from './metrics';
import { metricsRoute } from './metrics-route';
import { importProgressLog } from './imports-log';
import { requestLog, routePattern } from './requests';

async function logged() {
  const lines: string[] = [];
  const logger = await createLogger({ level: 'debug', format: 'json', destination: { write: (s: string) => void lines.push(s) } });
  return {
    logger,
    lines: () =>
      lines
        .join('')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('requestLog', () => {
  it('logs an error a route threw with its cause, under the request id the answer names', async () => {
    const { logger, lines } = await logged();
    const app = new Hono();
    app.use('*', requestLog({ logger }));
    const inner = new Hono();
    inner.get('/boom/:id', () => {
      throw new Error('the ledger could not be read', { cause: new Error('SQLITE_BUSY: database is locked') });
    });
    inner.onError((_e, c) =>
      c.json({ code: 0, msg: 'The gateway failed unexpectedly.', data: null, gateway: { reason: 'internal' } }, 500),
    );
    app.route('/bff', inner);
    const res = await app.request('/bff/boom/42');
    expect(res.status).toBe(500);
    const id = res.headers.get('x-request-id');
    expect(((await res.json()) as { requestId?: string }).requestId).toBe(id);
    const line = lines().find((l) => l.reqId === id)!;
    expect(line).toMatchObject({ level: 50, route: '/bff/boom/:id', status: 500, msg: 'request failed' });
    const err = line.err as { message: string; stack: string; cause?: { message: string } };
    expect(err.message).toContain('the ledger could not be read');
    expect(JSON.stringify(err)).toContain('SQLITE_BUSY: database is locked');
  });

  it('names the route pattern, not the path (ids stay out of labels)', async () => {
    const app = new Hono();
    let seen = '';
    app.use('*', async (c, next) => {
      await next();
      seen = routePattern(c);
    });
    app.get('/orders/:sn', (c) => c.text('ok'));
    await app.request('/orders/2026112600001');
    expect(seen).toBe('/orders/:sn');
  });
});

describe('/metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const app = metricsRoute(createMetrics(), null);
    expect((await app.request('/metrics', { headers: { authorization: 'Bearer anything-at-all-here' } })).status).toBe(404);
  });

  it('the mirror lag is NaN before the first reconcile, then the seconds since the last good one', async () => {
    const metrics = createMetrics();
    let state: { lastGoodAt: number | null; failing: boolean } = { lastGoodAt: null, failing: false };
    metrics.watch({ mirror: async () => state, now: () => 100_000 });
    expect(await metrics.registry.metrics()).toMatch(/^supply_desk_mirror_lag_seconds nan$/im);
    state = { lastGoodAt: 40_000, failing: true };
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^supply_desk_mirror_lag_seconds 60$/m);
    expect(text).toMatch(/^supply_desk_mirror_reconcile_failing 1$/m);
  });
});

describe('importProgressLog', () => {
  it('says every interval how many bulk orders settled, by outcome, and nothing while none did', async () => {
    const { logger, lines } = await logged();
    const told: string[] = [];
    const p = importProgressLog(logger, (o) => told.push(o), 30);
    for (const o of ['placed', 'placed', 'refused']) p.settled(o);
    await new Promise((r) => setTimeout(r, 100));
    p.stop();
    expect(told).toEqual(['placed', 'placed', 'refused']);
    const said = lines().filter((l) => l.concern === 'imports');
    expect(said).toHaveLength(1);
    expect(said[0]).toMatchObject({ level: 30, settled: { placed: 2, refused: 1 } });
  });
});
