// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboxMessage } from '../../../../contract/message-kinds';
import { renderIn } from '../../../test/render';
import { MessageEntry } from './message-entry';
import { LowProfitSource } from './message-settings';

afterEach(cleanup);

const repriced: InboxMessage = {
  seq: 7,
  id: '20261123000000000007',
  type: 'goods.price.alter',
  group: 'goods',
  data: { goodsIds: [11] },
  pushedAt: 1_790_000_000_000,
  receivedAt: 1_790_000_000_000,
  read: false,
  refs: { goods: [{ id: 11, title: '茶叶', agreementPrice: 12345, profitRate: 8.25 }] },
};

describe('an inbox entry', () => {
  it("reads as a sentence with its kind, a link to the product, the goods watch's low-profit flag and a read button", () => {
    const onMark = vi.fn();
    renderIn(
      'zh-CN',
      <MemoryRouter>
        <ul>
          <MessageEntry message={repriced} minRateOf={() => 10} onMark={onMark} busy={false} />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('message-text').textContent).toBe('「茶叶」现价 ¥123.45（利润率 8.3%）价格变更。');
    expect(screen.getByText('价格变更')).toBeTruthy();
    expect(screen.getByText('利润率低于 10%')).toBeTruthy();
    expect(screen.getByRole('link', { name: '茶叶' }).getAttribute('href')).toBe('/catalogue/goods/11');
    fireEvent.click(screen.getByRole('button', { name: /^标为已读: / }));
    expect(onMark).toHaveBeenCalledWith(true);
  });

  it('a read entry offers "unread"; above the minimum there is no flag, nor without the watch\'s rules; English too', () => {
    renderIn(
      'en',
      <MemoryRouter>
        <ul>
          <MessageEntry message={{ ...repriced, read: true }} minRateOf={() => 5} onMark={() => {}} busy={false} />
          <MessageEntry message={{ ...repriced, id: 'x', seq: 8 }} onMark={() => {}} busy={false} />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('message-text')[0]!.textContent).toBe('New price for “茶叶” at ¥123.45 (profit 8.3%).');
    expect(screen.getAllByTestId('message-text')).toHaveLength(2);
    expect(screen.queryByText(/Profit below/)).toBeNull();
    expect(screen.getByRole('button', { name: /^Mark as unread: / })).toBeTruthy();
  });
});

describe('where the low-profit flag comes from', () => {
  const rule = { updatedAt: 1_790_000_000_000, updatedBy: 'merchant' };
  it("says the goods watch's minimum and links to the At risk page that sets it", () => {
    renderIn(
      'en',
      <MemoryRouter>
        <LowProfitSource rules={{ library: { minRate: 15, ...rule }, goods: [{ goodsId: 11, title: '茶叶', minRate: 20, ...rule }] }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('low-profit-source').textContent).toBe(
      'Flagged below the minimum profit rate of the goods watch: 15%. 1 product has its own minimum and is flagged below that. Set it on the At risk page',
    );
    expect(screen.getByRole('link', { name: 'Set it on the At risk page' }).getAttribute('href')).toBe('/at-risk');
  });

  it('says when none is set for the library, in Chinese too (sentences joined without a space)', () => {
    renderIn(
      'zh-CN',
      <MemoryRouter>
        <LowProfitSource rules={{ library: null, goods: [{ goodsId: 11, title: '茶叶', minRate: 20, ...rule }] }} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('low-profit-source').textContent).toBe(
      '调价后利润率低于风险商品设置的最低利润率时标出：尚未设置。1 件商品单独设置了最低利润率，低于该值时标出。在风险商品页设置',
    );
    expect(screen.getByRole('link', { name: '在风险商品页设置' }).getAttribute('href')).toBe('/at-risk');
  });
});
