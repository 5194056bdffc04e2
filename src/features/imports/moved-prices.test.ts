import { describe, expect, it } from 'vitest';
import type { CheckedOrder } from './check';
import { atNewPrices, findMoved, movedPrices } from './moved-prices';

const order = (key: string, lines: { sku: number; price: number; number: number; was?: number }[]): CheckedOrder => ({
  key,
  orderSn: key,
  rows: [],
  status: 'ready',
  problems: [],
  lines: lines.map((l, i) => ({ row: i + 2, ...l })),
  goods: lines.reduce((s, l) => s + l.price * l.number, 0),
  freight: 600,
});
const at = (sku: number, agreementPrice: number) => ({ sku, goodsId: 1, spec: '', agreementPrice, readAt: 0 });

describe('prices that moved since the check (the goods mirror)', () => {
  const a = order('SD-1', [
    { sku: 11, price: 1690, number: 2 },
    { sku: 12, price: 500, number: 1 },
  ]);
  const b = order('SD-2', [{ sku: 13, price: 900, number: 1 }]);
  it('names the orders and lines whose agreement price is not the check’s, with the goods at the new prices', () => {
    expect(movedPrices([a, b], [at(11, 1770), at(12, 500), at(13, 900)])).toEqual([
      { key: 'SD-1', orderSn: 'SD-1', lines: [{ sku: 11, was: 1690, now: 1770 }], goods: 1770 * 2 + 500, goodsWas: 1690 * 2 + 500 },
    ]);
    expect(movedPrices([a, b], [at(11, 1690)])).toEqual([]);
  });
  it('a price the pre-check moved, still held as before by the mirror, is not a change', () => {
    const c = order('SD-3', [{ sku: 14, price: 1200, was: 1100, number: 1 }]);
    expect(movedPrices([c], [at(14, 1100)])).toEqual([]);
    expect(movedPrices([c], [at(14, 1300)])).toHaveLength(1);
  });
  it('an order at the new prices; a failed look-up finds nothing moved', async () => {
    const [m] = movedPrices([a], [at(11, 1770)]);
    const sent = atNewPrices(a, m);
    expect(sent.lines.map((l) => l.price)).toEqual([1770, 500]);
    expect(sent.goods).toBe(4040);
    expect(atNewPrices(b, undefined)).toBe(b);
    expect(await findMoved([a], () => Promise.reject(new Error('away')))).toEqual([]);
    expect(
      await findMoved([a, b], (ids) =>
        Promise.resolve({ list: ids.map((id) => at(id, id === 13 ? 950 : id === 11 ? 1690 : 500)), unknown: [] }),
      ),
    ).toEqual([{ key: 'SD-2', orderSn: 'SD-2', lines: [{ sku: 13, was: 900, now: 950 }], goods: 950, goodsWas: 900 }]);
  });
});
