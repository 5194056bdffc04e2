import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellableGoods, startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';
import { linkMessages, upstreamCaller } from './effects';
import type { StoredRow } from './store';

let sb: SandboxHarness;
beforeAll(async () => {
  sb = await startSandbox({ goods: 50 });
});
afterAll(async () => {
  await sb.close();
});

const DAY = 86_400_000;
const row = (seq: number, goodsIds: number[], pushed: number): StoredRow => ({
  seq,
  id: `p${seq}`,
  type: 'goods.price.alter',
  grp: 'goods',
  data: JSON.stringify({ goodsIds }),
  pushed_ms: pushed,
  received_ms: Date.now(),
  refs: null,
});

describe('a price message keeps the price read for it (issue 49)', () => {
  it('messages about one goods linked together: only the latest quotes the price read now, the earlier ones none', async () => {
    const [a, b] = sellableGoods(sb, 2);
    const call = upstreamCaller({ baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 });
    const [detailA] = await call('goods.bulkDetail', { ids: String(a!.id) });
    const t = Date.now();
    // Delivered together (after the business clock moved a day on): a's first change a day before its second; b's once.
    const refs = await linkMessages([row(12, [a!.id], t), row(10, [a!.id, b!.id], t - DAY)], call);
    const goodsOf = (seq: number) => new Map(refs.get(seq)!.goods!.map((g) => [g.id, g]));
    const latest = goodsOf(12).get(a!.id)!;
    expect(latest.agreementPrice).toBe(Math.min(...detailA!.specs.options.map((o) => o.agreement_price)));
    expect(latest.profitRate).toBe(detailA!.promotion_rate);
    const earlier = goodsOf(10);
    expect(earlier.get(a!.id)).toEqual({ id: a!.id, title: detailA!.title });
    // b's only message here is its latest: it quotes its price.
    expect(earlier.get(b!.id)!.agreementPrice).toEqual(expect.any(Number));
  });
});
