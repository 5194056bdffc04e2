// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderIn } from '../../../test/render';
import type { CheckedOrder } from '../check';
import { COLUMNS, type Column } from '../sheet/columns';
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
});
