// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderIn } from '../../../test/render';
import type { CheckedOrder } from '../check';
import { COLUMNS, type Column } from '../sheet/columns';
import { groupOrders } from '../sheet/rows';
import { OrdersTable } from './orders-table';

afterEach(cleanup);

const values = (over: Partial<Record<Column, string>>) =>
  Object.fromEntries(COLUMNS.map((c) => [c, over[c] ?? ''])) as Record<Column, string>;

/** An order read from a sheet whose note is a formula, and whose phone is wrong: its region still matched. */
const order: CheckedOrder = {
  key: 'SHOP000001',
  orderSn: 'SHOP000001',
  rows: [
    {
      row: 2,
      values: values({
        orderSn: 'SHOP000001',
        consignee: '王五',
        phone: '12345',
        province: '北京',
        city: '北京',
        area: '朝阳',
        description: '1 号楼',
        product: '200001',
        quantity: '1',
        note: '=HYPERLINK("http://x","点我")',
      }),
      problems: [],
    },
  ],
  status: 'fix',
  problems: [
    { row: 2, column: 'phone', code: 'phone' },
    { row: 2, column: 'note', code: 'formula' },
  ],
  region: { province: '北京市', city: '北京市', area: '朝阳区', exact: false },
  regionExact: false,
  streetFilled: true,
  lines: [{ row: 2, number: 1, goodsId: 10001, sku: 200001, title: '保温杯', specName: '白色', price: 1990 }],
  goods: 1990,
  freight: 0,
};

describe('OrdersTable', () => {
  it('fixes the note in the dialog: every column offered, the formula said on its cell, the edited rows handed back', async () => {
    const onFixed = vi.fn().mockResolvedValue(undefined);
    renderIn('en', <OrdersTable orders={[order]} onFixed={onFixed} />);
    // The region as matched shows even with a bad phone; "no street" is said once, above the orders.
    expect(screen.getByText('Read as 北京市 北京市 朝阳区')).toBeTruthy();
    expect(screen.getByTestId('import-street-filled').textContent).toBe('One order has no street: its district is sent as the street.');
    expect(screen.getByText('北京市 北京市 朝阳区 1 号楼')).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-fix'));
    const dialog = screen.getByRole('dialog');
    for (const label of [
      'Shop order number',
      'Consignee',
      'Phone',
      'Province',
      'City',
      'District',
      'Street',
      'Address detail',
      'Product or SKU id',
      'Spec',
      'Quantity',
      'Buyer paid',
      'Note',
    ])
      expect(within(dialog).getByLabelText(label)).toBeTruthy();
    const note = within(dialog).getByLabelText('Note') as HTMLTextAreaElement;
    expect(note.value).toBe('=HYPERLINK("http://x","点我")');
    expect(within(dialog).getByText('Note holds a formula, not a value: it is not run here; type the value.')).toBeTruthy();
    fireEvent.change(note, { target: { value: '请在工作日送达' } });
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '13800138000' } });
    fireEvent.click(within(dialog).getByTestId('import-fix-save'));
    await waitFor(() => expect(onFixed).toHaveBeenCalledTimes(1));
    const [key, rows] = onFixed.mock.calls[0] as [string, { row: number; values: Record<Column, string> }[]];
    expect(key).toBe('SHOP000001');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.values).toMatchObject({ note: '请在工作日送达', phone: '13800138000', area: '朝阳', product: '200001' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says on the first row’s buyer-paid field that the rows disagree, and hands back the amount typed there', async () => {
    const onFixed = vi.fn().mockResolvedValue(undefined);
    const row = (n: number, sale: string) => ({
      ...order.rows[0]!,
      row: n,
      values: { ...order.rows[0]!.values, note: '', phone: '13800138000', sale },
    });
    const two: CheckedOrder = {
      ...order,
      rows: [row(2, '30'), { ...row(3, '40'), values: { ...row(3, '40').values, product: '200002' } }],
      problems: [{ row: 2, column: 'sale', code: 'saleConflict' }],
    };
    renderIn('en', <OrdersTable orders={[two]} onFixed={onFixed} />);
    fireEvent.click(screen.getByTestId('import-fix'));
    const dialog = screen.getByRole('dialog');
    const fields = within(dialog).getAllByLabelText('Buyer paid') as HTMLInputElement[];
    expect(fields.map((f) => f.value)).toEqual(['30', '40']);
    expect(
      within(dialog).getByText(
        'The rows of order SHOP000001 say different amounts the buyer paid (Row 2 30; Row 3 40): an order is paid once. Write its amount on one row, or the same on each.',
      ),
    ).toBeTruthy();
    fireEvent.change(fields[1]!, { target: { value: '' } });
    fireEvent.click(within(dialog).getByTestId('import-fix-save'));
    await waitFor(() => expect(onFixed).toHaveBeenCalledTimes(1));
    const [, rows] = onFixed.mock.calls[0] as [string, { row: number; values: Record<Column, string> }[]];
    expect(rows.map((r) => r.values.sale)).toEqual(['30', '']);
  });
});

/** Rows 7 (孙丽, 南京) and 24 (张伟, 北京) of a shop's export share SD1128-005; row 24's district was not found. */
function shared(): CheckedOrder {
  const sun = {
    orderSn: 'SD1128-005',
    consignee: '孙丽',
    phone: '13912345678',
    province: '江苏',
    city: '南京',
    area: '鼓楼',
    description: '中山路 1 号',
  };
  const zhang = {
    orderSn: 'SD1128-005',
    consignee: '张伟',
    phone: '13698765432',
    province: '北京',
    city: '北京',
    area: '东湖',
    description: '建国路 88 号',
  };
  const [o] = groupOrders([
    { row: 7, values: values({ ...sun, product: '200001', quantity: '1' }), problems: [] },
    { row: 24, values: values({ ...zhang, product: '200002', quantity: '2' }), problems: [] },
  ]);
  return {
    key: 'SD1128-005',
    orderSn: 'SD1128-005',
    rows: o!.rows,
    status: 'fix',
    problems: [
      { ...o!.problems[0]!, row: 7 },
      { row: 24, column: 'area', code: 'region' },
    ],
    lines: [
      { row: 7, number: 1, title: '保温杯' },
      { row: 24, number: 2, title: '茶叶' },
    ],
    goods: 0,
    freight: 0,
  };
}

describe('OrdersTable with two customers under one number', () => {
  it('shows each row with its own address, and one sentence for the number (zh-CN)', () => {
    renderIn('zh-CN', <OrdersTable orders={[shared()]} onFixed={vi.fn()} />);
    const groups = screen.getAllByTestId('import-address-group');
    expect(groups.map((g) => g.textContent)).toEqual([
      '第 7 行 · 孙丽 13912345678江苏 南京 鼓楼 中山路 1 号',
      '第 24 行 · 张伟 13698765432北京 北京 东湖 建国路 88 号',
    ]);
    expect(screen.getAllByTestId('import-problem-line').map((l) => l.textContent)).toEqual([
      '订单号 SD1128-005 用于不同收货人或地址的行：第 7 行（孙丽）；第 24 行（张伟）。一个订单只能发往一个地址：请点“修改”为其中的行另起订单号、删除，或有意改用同一地址。',
      '第 24 行：在地区列表中找不到区县“东湖”。',
    ]);
    expect(screen.getByText('第 7、24 行')).toBeTruthy();
  });

  it('gives row 24 its own number (one not in the sheet nor placed before), each group editing only its own address', async () => {
    const onFixed = vi.fn().mockResolvedValue(undefined);
    // SD1128-005-2 is another order of the sheet; SD1128-005-3 was placed before.
    const other = {
      ...order,
      key: 'SD1128-005-2',
      orderSn: 'SD1128-005-2',
      rows: [{ ...order.rows[0]!, values: { ...order.rows[0]!.values, orderSn: 'SD1128-005-2' } }],
    };
    const known = vi.fn(async (sns: string[]) => sns.filter((s) => s === 'SD1128-005-3').map((orderSn) => ({ orderSn })));
    const o = shared();
    renderIn('en', <OrdersTable orders={[o]} all={[o, other]} onFixed={onFixed} known={known} />);
    fireEvent.click(screen.getByTestId('import-fix'));
    const dialog = screen.getByRole('dialog');
    const groups = within(dialog).getAllByTestId('import-fix-group');
    expect(groups).toHaveLength(2);
    expect((within(groups[0]!).getByLabelText('Consignee') as HTMLInputElement).value).toBe('孙丽');
    expect((within(groups[1]!).getByLabelText('Consignee') as HTMLInputElement).value).toBe('张伟');
    // The district's problem names what was typed, on row 24's field only.
    expect(within(groups[1]!).getByText('No District “东湖” was found in the region list.')).toBeTruthy();
    expect(within(groups[0]!).queryByText(/No District/)).toBeNull();
    // Editing row 24's district leaves row 7's alone.
    fireEvent.change(within(groups[1]!).getByLabelText('District'), { target: { value: '东城区' } });
    fireEvent.click(within(groups[1]!).getByLabelText('Give it its own order number'));
    await waitFor(() => expect(known).toHaveBeenCalled());
    await waitFor(() => expect((within(dialog).getByTestId('import-fix-own-number') as HTMLInputElement).value).toBe('SD1128-005-4'));
    fireEvent.click(within(dialog).getByTestId('import-fix-save'));
    await waitFor(() => expect(onFixed).toHaveBeenCalledTimes(1));
    const [key, rows, dropped] = onFixed.mock.calls[0] as [string, { row: number; values: Record<Column, string> }[], number[]];
    expect(key).toBe('SD1128-005');
    expect(dropped).toEqual([]);
    expect(rows.map((r) => [r.row, r.values.orderSn, r.values.consignee, r.values.area])).toEqual([
      [7, 'SD1128-005', '孙丽', '鼓楼'],
      [24, 'SD1128-005-4', '张伟', '东城区'],
    ]);
  });

  it('drops a row, or sends it to the other row’s address on purpose; a number of the sheet is refused', async () => {
    const onFixed = vi.fn().mockResolvedValue(undefined);
    const o = shared();
    const other = { ...order, key: 'SHOP000009', orderSn: 'SHOP000009' };
    renderIn('en', <OrdersTable orders={[o]} all={[o, other]} onFixed={onFixed} />);
    fireEvent.click(screen.getByTestId('import-fix'));
    let groups = within(screen.getByRole('dialog')).getAllByTestId('import-fix-group');
    fireEvent.click(within(groups[1]!).getByLabelText('Give it its own order number'));
    fireEvent.change(within(groups[1]!).getByTestId('import-fix-own-number'), { target: { value: 'SHOP000009' } });
    fireEvent.click(screen.getByTestId('import-fix-save'));
    expect(await within(groups[1]!).findByText('Another order of the sheet has this number.')).toBeTruthy();
    expect(onFixed).not.toHaveBeenCalled();
    fireEvent.click(within(groups[1]!).getByLabelText('Drop: do not place Row 24'));
    fireEvent.click(screen.getByTestId('import-fix-save'));
    await waitFor(() => expect(onFixed).toHaveBeenCalledTimes(1));
    expect(onFixed.mock.calls[0]!.slice(1)).toEqual([[expect.objectContaining({ row: 7 })], [24]]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('import-fix'));
    groups = within(screen.getByRole('dialog')).getAllByTestId('import-fix-group');
    fireEvent.click(within(groups[1]!).getByLabelText('Use the address of Row 7 (孙丽)'));
    fireEvent.click(screen.getByTestId('import-fix-save'));
    await waitFor(() => expect(onFixed).toHaveBeenCalledTimes(2));
    const rows = onFixed.mock.calls[1]![1] as { row: number; values: Record<Column, string> }[];
    expect(rows.map((r) => [r.row, r.values.consignee, r.values.city, r.values.product])).toEqual([
      [7, '孙丽', '南京', '200001'],
      [24, '孙丽', '南京', '200002'],
    ]);
  });

  it('counts the orders without a street over the whole sheet, whatever is shown', () => {
    const ready = { ...order, key: 'A00001', orderSn: 'A00001', status: 'ready' as const };
    renderIn('en', <OrdersTable orders={[order]} all={[order, ready, { ...ready, key: 'A00002', orderSn: 'A00002' }]} onFixed={vi.fn()} />);
    expect(screen.getByTestId('import-street-filled').textContent).toBe('3 orders have no street: the district is sent as the street.');
    expect(screen.getByText('Row 2')).toBeTruthy();
  });
});
