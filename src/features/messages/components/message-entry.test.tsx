// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboxMessage } from '../../../../contract/message-kinds';
import { renderIn } from '../../../test/render';
import { MessageEntry } from './message-entry';

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
  it('reads as a sentence with its kind, a link to the product, the low-profit flag and a read button', () => {
    const onMark = vi.fn();
    renderIn(
      'zh-CN',
      <MemoryRouter>
        <ul>
          <MessageEntry message={repriced} lowProfitPercent={10} onMark={onMark} busy={false} />
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

  it('a read entry offers "unread"; above the threshold there is no flag; English too', () => {
    renderIn(
      'en',
      <MemoryRouter>
        <ul>
          <MessageEntry message={{ ...repriced, read: true }} lowProfitPercent={5} onMark={() => {}} busy={false} />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('message-text').textContent).toBe('New price for “茶叶” at ¥123.45 (profit 8.3%).');
    expect(screen.queryByText(/Profit below/)).toBeNull();
    expect(screen.getByRole('button', { name: /^Mark as unread: / })).toBeTruthy();
  });
});
