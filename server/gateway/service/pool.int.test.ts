import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT, testGatewayDb } from '../../../test/gateway-db';
import type { GatewayDb } from '../db';
import { createMetrics } from './metrics';

let db: GatewayDb;
beforeAll(async () => {
  db = await testGatewayDb({ poolSize: 3 });
});
afterAll(async () => {
  await db?.close();
});

describe(`the database pool in /metrics (${TEST_DIALECT})`, () => {
  it('PostgreSQL: connections by state and the pool size; SQLite: no samples', async () => {
    const metrics = createMetrics();
    metrics.watch({ pool: () => db.poolStats() });
    await db.ping();
    const text = await metrics.registry.metrics();
    expect(text).toContain('# TYPE supply_desk_db_pool_connections gauge');
    if (TEST_DIALECT === 'postgres') {
      expect(text).toMatch(/^supply_desk_db_pool_connections\{state="max"\} 3$/m);
      expect(text).toMatch(/^supply_desk_db_pool_connections\{state="total"\} [1-3]$/m);
      expect(text).toMatch(/^supply_desk_db_pool_connections\{state="waiting"\} 0$/m);
    } else {
      expect(db.poolStats()).toBeNull();
      expect(text).not.toMatch(/^supply_desk_db_pool_connections\{/m);
    }
  });

  it("counts no client waiting on an idle pool, though the scrape's own collectors query the database (issue 49: waiting was 4 on every scrape)", async () => {
    const metrics = createMetrics();
    // The mirror's freshness, as server.ts reads it: queries of its own, more at once than the pool holds.
    const reads = () => Promise.all(Array.from({ length: 5 }, () => db.ping()));
    metrics.watch({
      pool: () => db.poolStats(),
      mirror: async () => {
        await reads();
        return { lastGoodAt: Date.now(), failing: false };
      },
    });
    for (let i = 0; i < 3; i++) {
      const text = await metrics.registry.metrics();
      if (TEST_DIALECT === 'postgres') expect(text).toMatch(/^supply_desk_db_pool_connections\{state="waiting"\} 0$/m);
      else expect(text).not.toMatch(/^supply_desk_db_pool_connections\{/m);
    }
  });
});
