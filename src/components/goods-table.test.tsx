// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { GoodsListItem } from '../../contract';
import { GoodsTable } from './goods-table';
import { renderIn } from '../test/render';

afterEach(cleanup);

const row = (id: number, agreement: number): GoodsListItem =>
  ({
    id,
    title: `Goods ${id}`,
    cover: `/images/${id}.svg`,
    source: 2,
    third_brand_name: 'Brand',
    third_category_name: 'A,B,C',
    market_price: agreement * 3,
    guide_price: agreement * 2,
    agreement_price: agreement,
    activity_price: agreement + 50,
    sale_price: agreement * 2,
    activity_rate: 10,
    promotion_rate: 43.33,
    stock: 1234,
    real_month_sale: 5,
    status: 1,
    is_free_shipping: 1,
    created_time: 1,
  }) as GoodsListItem;

describe('GoodsTable', () => {
  it('shows money in yuan, rates in %, the channel as a word, never fen', () => {
    renderIn('en', <GoodsTable label="List" rows={[row(1, 123450)]} rowCount={1} loading={false} page={1} size={20} onPage={() => {}} />);
    const r = screen.getByTestId('goods-row');
    expect(within(r).getByTestId('agreement-price').textContent).toBe('¥1,234.50');
    expect(within(r).getByText('¥2,469.00')).toBeTruthy();
    expect(within(r).getByTestId('promotion-rate').textContent).toBe('43.3%');
    expect(within(r).getByText('JD')).toBeTruthy();
    expect(r.textContent).not.toContain('123450');
  });

  it('selects rows one by one and a whole page, and hides columns not chosen', () => {
    const onChange = vi.fn();
    renderIn(
      'zh-CN',
      <GoodsTable
        label="List"
        rows={[row(1, 100), row(2, 200)]}
        rowCount={2}
        loading={false}
        page={1}
        size={20}
        onPage={() => {}}
        selection={{ selected: new Set([1]), onChange }}
        columns={new Set(['agreementPrice'])}
      />,
    );
    fireEvent.click(screen.getByLabelText('选择本页全部商品'));
    expect([...(onChange.mock.calls[0]![0] as Set<number>)].sort()).toEqual([1, 2]);
    fireEvent.click(screen.getByLabelText('选择 Goods 1'));
    expect([...(onChange.mock.calls[1]![0] as Set<number>)]).toEqual([]);
    expect(screen.queryByRole('columnheader', { name: '指导价' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: '协议价（成本）' })).toBeTruthy();
  });

  it("fills the rows already drawn with a new page: every text, label and picture is the new product's", () => {
    const onChange = vi.fn();
    const table = (rows: GoodsListItem[], selected: number[]) => (
      <GoodsTable
        label="List"
        rows={rows}
        rowCount={4}
        loading={false}
        page={1}
        size={20}
        onPage={() => {}}
        selection={{ selected: new Set(selected), onChange }}
      />
    );
    const view = renderIn('en', table([row(1, 100), row(2, 200)], [1]));
    const firstImage = screen.getAllByRole('img')[0];
    view.rerender(table([{ ...row(3, 300), is_free_shipping: 0 }, row(4, 400)], [4]));
    const rows = screen.getAllByTestId('goods-row');
    expect(rows.map((r) => r.getAttribute('data-goods-id'))).toEqual(['3', '4']);
    expect(within(rows[0]!).getByTestId('goods-title').textContent).toBe('Goods 3');
    expect(within(rows[0]!).getByTestId('agreement-price').textContent).toBe('¥3.00');
    expect(within(rows[0]!).getByText('Charged')).toBeTruthy();
    // The tick follows the product, not the place on the page.
    expect((within(rows[0]!).getByLabelText('Select Goods 3') as HTMLInputElement).checked).toBe(false);
    expect((within(rows[1]!).getByLabelText('Select Goods 4') as HTMLInputElement).checked).toBe(true);
    // A picture is never reused for another product (the old one would show until the new one loads).
    const image = within(rows[0]!).getByRole('img');
    expect(image.getAttribute('alt')).toBe('Picture of Goods 3');
    expect(image.getAttribute('src')).toBe('/images/3.svg');
    expect(image).not.toBe(firstImage);
  });
});
