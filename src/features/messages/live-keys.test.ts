import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { groupOf, type InboxMessage } from '../../../contract/message-kinds';
import { keysTouchedBy } from './live-keys';

/** Every key some page of the app may hold at once. */
const KEYS: unknown[][] = [
  ['orders', 'list', { page: 1 }],
  ['orders', 'source', { source: 2 }],
  ['orders', 'one', 'P1'],
  ['orders', 'one', 'P2'],
  ['orders', 'line', 'P1_2_1_1'],
  ['orders', 'line', 'P2_2_1_1'],
  ['orders', 'errors', { page: 1 }],
  ['orders', 'find', 'SD1'],
  ['logistic', 'trace', 'SD1', 12],
  ['logistic', 'trace', 'SD2', 12],
  ['logistic', 'firms'],
  ['afterSale', 'list', { page: 1 }],
  ['afterSale', 'detail', 7],
  ['afterSale', 'detail', 8],
  ['afterSale', 'options', 'SD1', 12],
  ['catalogue', 'online', { page: 1 }],
  ['catalogue', 'detail', 5],
  ['catalogue', 'detail', 6],
  ['catalogue', 'comments', 5, 1],
  ['selection', 'library', { page: 1 }],
  ['selection', 'group-goods', { id: 1 }],
  ['selection', 'groups'],
  ['cart', 'lines'],
  ['cart', 'fresh', [5, 9]],
  ['cart', 'fresh', [9]],
  ['account', 'balance'],
  ['account', 'cashFlow', { page: 1 }],
  ['account', 'me'],
  ['shipments', 'list', { state: 'new' }, 1, 20],
  ['shipments', 'to-shop'],
  ['shipments', 'formats'],
];

function touched(m: Pick<InboxMessage, 'type' | 'data' | 'refs'>): string[] {
  const qc = new QueryClient();
  for (const k of KEYS) qc.setQueryData(k, 1);
  for (const f of keysTouchedBy({ ...m, group: groupOf(m.type) })) void qc.invalidateQueries(f, { cancelRefetch: false });
  return qc
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => JSON.stringify(q.queryKey))
    .sort();
}
const j = (...keys: unknown[][]) => keys.map((k) => JSON.stringify(k)).sort();

describe('keys a live message touches', () => {
  it('a shipped line: the order lists, that order and line, its trace and after-sale options, the packages to hand to the shop; nothing else', () => {
    const refs = { order: { thirdSn: 'SD1', sn: 'P1', lineSn: 'P1_2_1_1' } };
    expect(touched({ type: 'order.delivery', data: { orderSn: 'SD1', sku: '12' }, refs })).toEqual(
      j(
        ['orders', 'list', { page: 1 }],
        ['orders', 'source', { source: 2 }],
        ['orders', 'one', 'P1'],
        ['orders', 'line', 'P1_2_1_1'],
        ['orders', 'find', 'SD1'],
        ['logistic', 'trace', 'SD1', 12],
        ['afterSale', 'options', 'SD1', 12],
        ['shipments', 'list', { state: 'new' }, 1, 20],
        ['shipments', 'to-shop'],
      ),
    );
  });

  it('before the order is linked every open order detail is read again', () => {
    const keys = touched({ type: 'order.delivered', data: { orderSn: 'SD1', sku: '12' }, refs: null });
    expect(keys).toContain(JSON.stringify(['orders', 'one', 'P2']));
    expect(keys).not.toContain(JSON.stringify(['catalogue', 'online', { page: 1 }]));
    expect(keys).not.toContain(JSON.stringify(['account', 'balance']));
  });

  it('a refund: the after-sale lists, that record, its order, and the money', () => {
    const refs = { order: { thirdSn: 'SD1', sn: 'P1' }, afterSale: { id: 7 } };
    expect(touched({ type: 'afterSale.success', data: { afterSaleId: 7, orderSn: 'SD1', sku: '12' }, refs })).toEqual(
      j(
        ['orders', 'list', { page: 1 }],
        ['orders', 'source', { source: 2 }],
        ['orders', 'one', 'P1'],
        ['orders', 'line', 'P1_2_1_1'],
        ['orders', 'find', 'SD1'],
        ['afterSale', 'options', 'SD1', 12],
        ['afterSale', 'list', { page: 1 }],
        ['afterSale', 'detail', 7],
        ['account', 'balance'],
        ['account', 'cashFlow', { page: 1 }],
      ),
    );
  });

  it('a price change: catalogue, library and group rows, those products and carts holding them', () => {
    expect(touched({ type: 'goods.price.alter', data: { goodsIds: [5] }, refs: null })).toEqual(
      j(
        ['catalogue', 'online', { page: 1 }],
        ['catalogue', 'detail', 5],
        ['selection', 'library', { page: 1 }],
        ['selection', 'group-goods', { id: 1 }],
        ['cart', 'fresh', [5, 9]],
      ),
    );
  });

  it('an unknown kind touches nothing', () => {
    expect(touched({ type: 'shop.renamed', data: {}, refs: null })).toEqual([]);
  });
});
