// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Order } from '../../../../contract';
import { renderIn } from '../../../test/render';
import { ORDER_COLUMNS, OrdersTable } from './orders-table';
import { refundState } from './source-orders-table';

afterEach(cleanup);

const line = (sn: string, refundTime = 0) => ({
  sn,
  goodsId: 1,
  sku: 11,
  skuName: '红色',
  image: '/i.svg',
  name: 'Goods',
  number: 2,
  price: 1250,
  refundTime,
  createdTime: 1,
  payStatus: 1,
  deliverName: '',
  deliverNo: '',
});
const order: Order = {
  id: 1,
  sn: '20261122101010123456',
  thirdSn: 'T-1',
  logisticFee: 800,
  goodsFee: 123450,
  address: { consignee: '张三', phone: '13800138000', province: '浙江省', city: '杭州市', area: '西湖区', street: '文三路' },
  createdTime: Date.UTC(2026, 10, 22, 2, 10) / 1000,
  payStatus: 1,
  checkStatus: 1,
  status: 2,
  children: [
    {
      sn: '20261122101010123456_2_1',
      source: 2,
      logisticFee: 800,
      goodsFee: 100000,
      goodsStatus: 3,
      orderStatus: 1,
      deliverTime: 2,
      createdTime: 1,
      shopInfo: { name: 'S' },
      goods: [line('a')],
    },
    {
      sn: '20261122101010123456_6_2',
      source: 6,
      logisticFee: 0,
      goodsFee: 23450,
      goodsStatus: 0,
      orderStatus: 2,
      deliverTime: 0,
      createdTime: 1,
      shopInfo: { name: 'S' },
      goods: [line('b')],
    },
  ],
};

describe('OrdersTable', () => {
  it('money in yuan, statuses in words, one chip per channel child, time in Beijing', () => {
    const onOpen = vi.fn();
    renderIn(
      'en',
      <OrdersTable
        rows={[order]}
        rowCount={1}
        loading={false}
        page={1}
        size={20}
        onPage={() => {}}
        columns={new Set(ORDER_COLUMNS)}
        onOpen={onOpen}
      />,
    );
    const row = screen.getByTestId('order-row');
    expect(within(row).getByText('¥1,234.50')).toBeTruthy();
    expect(within(row).getByTestId('order-total').textContent).toBe('¥1,242.50');
    expect(within(row).getByTestId('order-status').textContent).toBe('Partly shipped');
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(
      within(row)
        .getAllByTestId('child-chip')
        .map((c) => c.textContent),
      // Each side's spaces do not break: a chip that must wrap breaks after its " · " only.
    ).toEqual(['JD · Shipped', 'Alibaba\u00a01688 · Awaiting\u00a0shipment']);
    expect(within(row).getByText('浙江省 杭州市 西湖区')).toBeTruthy();
    expect(row.textContent).toContain('10:10');
    expect(row.textContent).not.toContain('123450');
    fireEvent.click(within(row).getByRole('button', { name: order.sn }));
    expect(onOpen).toHaveBeenCalledWith(order.sn);
  });

  it('hides the columns not chosen, in Chinese too', () => {
    renderIn(
      'zh-CN',
      <OrdersTable
        rows={[order]}
        rowCount={1}
        loading={false}
        page={1}
        size={20}
        onPage={() => {}}
        columns={new Set(['total'])}
        onOpen={() => {}}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['平台订单号', '合计']);
    expect(
      within(screen.getByTestId('order-row'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([order.sn, '¥1,242.50']);
  });

  it('refund state of a child reads its lines and the mirror’s refunds (one of two pieces is part, not all: issue 48)', () => {
    expect(refundState({ goods: [line('a'), line('b')] })).toBe('none');
    expect(refundState({ goods: [line('a', 5), line('b')] })).toBe('some');
    // A refund time alone says a refund was seen, not how much.
    expect(refundState({ goods: [line('a', 5)] })).toBe('some');
    const a = line('a', 5);
    const refund = (pieces: number) => ({
      sn: 'o',
      lineSn: a.sn,
      afterSaleId: 1,
      cashId: 2,
      money: 100,
      pieces,
      time: 5,
      day: '2026-11-28',
    });
    expect(refundState({ goods: [{ ...a, number: 2 }] }, [refund(1)])).toBe('some');
    expect(refundState({ goods: [{ ...a, number: 2 }] }, [refund(1), refund(1)])).toBe('all');
    expect(refundState({ goods: [{ ...a, number: 2 }] }, [refund(0)])).toBe('all');
    expect(refundState({ goods: [{ ...a, number: 2 }, line('b')] }, [refund(2)])).toBe('some');
  });
});
