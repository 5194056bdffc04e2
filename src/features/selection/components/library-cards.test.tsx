// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { OpData } from '../../../../contract';
import { renderIn } from '../../../test/render';
import { LibraryCards } from './library-cards';

afterEach(cleanup);

type LibraryRow = OpData<'selection.list'>['list'][number];

const row = (id: number, agreement: number, status: number): LibraryRow =>
  ({
    id,
    title: `Goods ${id}`,
    cover: `/images/${id}.svg`,
    source: 2,
    market_price: agreement * 3,
    guide_price: agreement * 2,
    agreement_price: agreement,
    activity_price: agreement + 50,
    sale_price: agreement * 2,
    activity_rate: 10,
    promotion_rate: 43.33,
    stock: 10,
    real_month_sale: 5,
    status,
    is_free_shipping: 1,
    created_time: 1,
  }) as LibraryRow;

// What the library's table row ends with: the product's on-sale mark.
const footer = (r: LibraryRow) => <span data-testid="row-end">{r.status === 1 ? 'On sale' : 'Off sale'}</span>;

describe('LibraryCards', () => {
  it("draws each product as a card with its picture, yuan prices, rate and the table row's last cell; ticks feed the selection", async () => {
    const onSelect = vi.fn();
    const onOpen = vi.fn();
    const onPage = vi.fn();
    const rows = [row(1, 123450, 1), row(2, 990, 0)];
    renderIn(
      'en',
      <LibraryCards
        rows={rows}
        count={45}
        page={1}
        size={20}
        onPage={onPage}
        selected={new Set([2])}
        onSelect={onSelect}
        onOpen={onOpen}
        footer={footer}
      />,
    );
    const cards = await screen.findAllByTestId('goods-card');
    expect(cards.map((c) => c.getAttribute('data-goods-id'))).toEqual(['1', '2']);
    const first = within(cards[0]!);
    expect(first.getByRole('img').getAttribute('alt')).toBe('Picture of Goods 1');
    expect(first.getByText('Goods 1')).toBeTruthy();
    expect(first.getByText('¥1,234.50')).toBeTruthy();
    expect(cards[0]!.textContent).toContain('¥2,469.00');
    expect(cards[0]!.textContent).toContain('43.3%');
    expect(cards[0]!.textContent).not.toContain('123450');
    expect(first.getByTestId('row-end').textContent).toBe('On sale');
    expect(within(cards[1]!).getByTestId('row-end').textContent).toBe('Off sale');

    // Ticking adds to what is already selected (the selection bar's set); unticking takes away.
    const tick1 = first.getByRole('checkbox', { name: 'Select Goods 1' }) as HTMLInputElement;
    const tick2 = within(cards[1]!).getByRole('checkbox', { name: 'Select Goods 2' }) as HTMLInputElement;
    expect(tick1.checked).toBe(false);
    expect(tick2.checked).toBe(true);
    fireEvent.click(tick1);
    expect([...(onSelect.mock.calls[0]![0] as Set<number>)].sort()).toEqual([1, 2]);
    fireEvent.click(tick2);
    expect([...(onSelect.mock.calls[1]![0] as Set<number>)]).toEqual([]);

    fireEvent.click(first.getByTestId('goods-open'));
    expect(onOpen).toHaveBeenCalledWith(rows[0]);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2, 20);
  });

  it('speaks Chinese on a Chinese page', async () => {
    renderIn(
      'zh-CN',
      <LibraryCards
        rows={[row(7, 100, 1)]}
        count={1}
        page={1}
        size={20}
        onPage={() => {}}
        selected={new Set()}
        onSelect={() => {}}
        onOpen={() => {}}
        footer={footer}
      />,
    );
    const card = await screen.findByTestId('goods-card');
    expect(within(card).getByRole('checkbox', { name: '选择 Goods 7' })).toBeTruthy();
    expect(card.textContent).toContain('指导价 ¥2.00');
  });
});
