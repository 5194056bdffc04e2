import { describe, expect, it } from 'vitest';
import type { CheckedOrder, OrderStatus } from './check';
import { ordersHoldingGoods } from './watched';

const order = (key: string, status: OrderStatus, goodsIds: number[]) =>
  ({ key, status, lines: goodsIds.map((goodsId, i) => ({ row: i + 2, goodsId, number: 1 })) }) as unknown as CheckedOrder;

describe('a checked sheet and the goods watch', () => {
  it('marks the unplaced orders that hold goods a watch event named, and none without one', () => {
    const orders = [
      order('A', 'ready', [1, 2]),
      order('B', 'ready', [3]),
      order('C', 'fix', [2]),
      order('D', 'already', [2]),
      order('E', 'unsellable', [2]),
    ];
    expect(ordersHoldingGoods(orders, new Set())).toEqual([]);
    expect(ordersHoldingGoods(orders, new Set([2])).map((o) => o.key)).toEqual(['A', 'C']);
    expect(ordersHoldingGoods(orders, new Set([3, 9])).map((o) => o.key)).toEqual(['B']);
    expect(ordersHoldingGoods(orders, new Set([9]))).toEqual([]);
  });
});
