import { describe, expect, it } from 'vitest';
import { MESSAGE_TYPES, groupOf, parsePushedMessage } from './message';
import { MESSAGE_GROUP_ROLES, messageGroupsOf } from '../permissions';

const envelope = (over: Record<string, unknown> = {}) => ({
  id: '20261123100218210512',
  type: 'order.delivery',
  data: { orderSn: 'SD1', sku: '12' },
  push_time: 1_790_000_000_000,
  pushTime: 1_790_000_000_000,
  appID: 10001,
  times: 1,
  createTime: 1_790_000_000,
  url: 'http://127.0.0.1/hooks/messages/x',
  ...over,
});

describe('pushed messages', () => {
  it('takes the envelope of §8.2 with either push_time or pushTime, and a numeric id or sku', () => {
    const a = parsePushedMessage(envelope());
    expect(a).toEqual({
      ok: true,
      message: {
        id: '20261123100218210512',
        type: 'order.delivery',
        group: 'orders',
        data: { orderSn: 'SD1', sku: '12' },
        pushedMs: 1_790_000_000_000,
      },
    });
    const onlyJ = parsePushedMessage(envelope({ push_time: undefined, pushTime: 5000, id: 42, data: { orderSn: 'SD1', sku: 12 } }));
    expect(onlyJ.ok && onlyJ.message).toMatchObject({ id: '42', pushedMs: 5000, data: { sku: '12' } });
    const none = parsePushedMessage(envelope({ push_time: undefined, pushTime: undefined }));
    expect(none.ok && none.message.pushedMs).toBe(1_790_000_000_000);
  });

  it('checks the data of each known kind and names the field at fault', () => {
    expect(parsePushedMessage(envelope({ data: { orderSn: 'SD1' } }))).toMatchObject({ ok: false, field: 'data.sku' });
    expect(parsePushedMessage(envelope({ type: 'goods.alter', data: { goodsIds: 'x' } }))).toMatchObject({
      ok: false,
      field: 'data.goodsIds',
    });
    expect(parsePushedMessage(envelope({ type: 'afterSale.agree', data: { orderSn: 'A', sku: '1' } }))).toMatchObject({
      ok: false,
      field: 'data.afterSaleId',
    });
    const goods = parsePushedMessage(envelope({ type: 'goods.price.alter', data: { goodsIds: [1, '2'] } }));
    expect(goods.ok && goods.message.data).toEqual({ goodsIds: [1, 2] });
  });

  it('refuses a malformed envelope', () => {
    for (const bad of [
      null,
      [],
      'x',
      envelope({ id: undefined }),
      envelope({ id: 'abc' }),
      envelope({ type: '' }),
      envelope({ data: [] }),
      envelope({ pushTime: -1 }),
    ]) {
      expect(parsePushedMessage(bad).ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it('keeps an unknown kind as it came, in the unknown group', () => {
    const r = parsePushedMessage(envelope({ type: 'shop.renamed', data: { anything: [1, 2] } }));
    expect(r).toMatchObject({ ok: true, message: { type: 'shop.renamed', group: 'unknown', data: { anything: [1, 2] } } });
  });

  it('groups every kind, and the roles see the groups of the issue', () => {
    expect(MESSAGE_TYPES.map(groupOf).filter((g) => g === 'unknown')).toEqual([]);
    expect(messageGroupsOf('merchant')).toEqual(['orders', 'goods']);
    expect(messageGroupsOf('support')).toEqual(['orders', 'afterSale']);
    expect(messageGroupsOf('manager')).toEqual(Object.keys(MESSAGE_GROUP_ROLES));
    expect(messageGroupsOf('admin')).toEqual(Object.keys(MESSAGE_GROUP_ROLES));
  });
});
