import { describe, expect, it } from 'vitest';
import { WATCH_MESSAGE_TYPE } from '../../../contract/message-kinds';
import { messageGroupsOf } from '../../../contract/permissions';
import { typeLabel } from './sentence';
import { messagesTexts } from './test-texts';
import { inboxKinds, inboxViewToParams, parseInboxView } from './url-state';

const parse = (qs: string) => parseInboxView(new URLSearchParams(qs));

describe('inbox URL state', () => {
  it('reads what it wrote', () => {
    const v = parse('tab=unread&group=orders&type=order.delivery&from=2026-11-01&to=2026-11-23&page=3&size=20');
    expect(v).toEqual({ tab: 'unread', group: 'orders', type: 'order.delivery', from: '2026-11-01', to: '2026-11-23', page: 3, size: 20 });
    expect(parseInboxView(inboxViewToParams(v))).toEqual(v);
    expect(inboxViewToParams(parse('')).toString()).toBe('');
  });

  it('falls back on nonsense: unknown group or kind, a kind of another group, impossible days', () => {
    expect(parse('group=x&type=y&from=2026-02-30&to=tomorrow&page=-1&size=7&tab=z')).toEqual({
      tab: 'all',
      group: '',
      type: '',
      from: '',
      to: '',
      page: 1,
      size: 50,
    });
    expect(parse('group=goods&type=order.delivery').type).toBe('');
    expect(parse('group=afterSale&type=afterSale.agree').type).toBe('afterSale.agree');
    expect(parse('type=goods.price.alter').type).toBe('goods.price.alter');
  });

  it("offers the gateway's own kind watch.risk in the goods group, to those who see goods messages only, named in both languages", () => {
    expect(WATCH_MESSAGE_TYPE).toBe('watch.risk');
    for (const role of ['merchant', 'manager', 'admin'] as const) {
      const groups = messageGroupsOf(role);
      expect(inboxKinds(groups, ''), role).toContain('watch.risk');
      expect(inboxKinds(groups, 'goods'), role).toContain('watch.risk');
      expect(inboxKinds(groups, 'orders'), role).not.toContain('watch.risk');
    }
    // Support sees no goods messages: neither the supplier's goods kinds nor the watch's.
    const support = inboxKinds(messageGroupsOf('support'), '');
    expect(support).not.toContain('watch.risk');
    expect(support).not.toContain('goods.price.alter');
    expect(support.length).toBeGreaterThan(0);
    expect(inboxKinds(messageGroupsOf('support'), 'goods')).toEqual([]);
    // The URL keeps it, alone or with its group, and drops it with another group.
    expect(parse('type=watch.risk').type).toBe('watch.risk');
    expect(parse('group=goods&type=watch.risk').type).toBe('watch.risk');
    expect(parse('group=orders&type=watch.risk').type).toBe('');
    expect(inboxViewToParams(parse('group=goods&type=watch.risk')).toString()).toBe('group=goods&type=watch.risk');
    // Its label in the filter, in both languages (not the key, not "unknown message").
    const t = messagesTexts();
    expect(typeLabel('watch.risk', t.en)).toBe('At risk');
    expect(typeLabel('watch.risk', t.zh)).toBe('风险商品');
  });
});
