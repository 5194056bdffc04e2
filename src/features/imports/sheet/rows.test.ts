import { describe, expect, it } from 'vitest';
import { COLUMNS, type Column } from './columns';
import type { CellFlag, RawSheet } from './read';
import { addressGroups, groupOrders, parseQuantity, toRows } from './rows';

/** The template's column order, so that `index` is simply each column's position. */
const index = Object.fromEntries(COLUMNS.map((c, i) => [c, i])) as Record<Column, number>;

const GOOD: Record<Column, string> = {
  orderSn: 'SHOP20261126001',
  consignee: '张三',
  phone: '13800138000',
  province: '北京市',
  city: '北京市',
  area: '朝阳区',
  street: '建外街道',
  description: '建国门外大街1号',
  product: '1001',
  spec: '',
  quantity: '1',
  sale: '',
  note: '',
};

/** A sheet row from changes to the good row, with flags by column. */
function line(row: number, change: Partial<Record<Column, string>> = {}, flags: Partial<Record<Column, CellFlag>> = {}) {
  const v = { ...GOOD, ...change };
  return { row, cells: COLUMNS.map((c) => v[c]), flags: COLUMNS.map((c) => flags[c]) };
}

describe('toRows', () => {
  it('finds a formula in any cell by its text, whatever the reader said (a sheet rebuilt from cells edited in the page)', () => {
    const rows = toRows(
      { header: COLUMNS.map((c) => c), rows: [line(2, { note: '=1+1', street: '@SUM(A1)' }), line(3, { note: '-' })] },
      index,
    );
    expect(rows[0]!.problems).toEqual([
      { column: 'street', code: 'formula' },
      { column: 'note', code: 'formula' },
    ]);
    expect(rows[1]!.problems).toEqual([]);
  });

  it('gives each bad row its problems and good rows none', () => {
    const sheet: RawSheet = {
      header: COLUMNS.map((c) => c),
      rows: [
        line(2),
        line(3, { orderSn: 'A2', consignee: '', quantity: '0' }),
        line(4, { orderSn: 'A3', quantity: '2.5' }),
        line(5, { orderSn: 'bad sn!', product: 'SKU-1' }),
        line(6, { orderSn: 'A5xxxx', note: '=HYPERLINK("x")', phone: '1.38E+10' }, { note: 'formula', phone: 'scientific' }),
        line(7, { orderSn: 'A6xxxx', quantity: '2.0', phone: '010-12345678', description: 'x'.repeat(201) }),
        line(8, { orderSn: 'A7xxxx', quantity: '二', phone: '12345' }),
      ],
    };
    const rows = toRows(sheet, index);
    expect(rows.map((r) => [r.row, r.problems])).toEqual([
      [2, []],
      [
        3,
        [
          { column: 'orderSn', code: 'orderSn' },
          { column: 'consignee', code: 'required' },
          { column: 'quantity', code: 'quantity' },
        ],
      ],
      [
        4,
        [
          { column: 'orderSn', code: 'orderSn' },
          { column: 'quantity', code: 'quantity' },
        ],
      ],
      [
        5,
        [
          { column: 'orderSn', code: 'orderSn' },
          { column: 'product', code: 'product' },
        ],
      ],
      [
        6,
        [
          { column: 'phone', code: 'scientific' },
          { column: 'note', code: 'formula' },
        ],
      ],
      [7, [{ column: 'description', code: 'tooLong' }]],
      [
        8,
        [
          { column: 'phone', code: 'phone' },
          { column: 'quantity', code: 'quantity' },
        ],
      ],
    ]);
    expect(rows[0]?.values).toEqual(GOOD);
  });

  it('reads columns where the header put them and leaves absent ones empty', () => {
    const sheet: RawSheet = { header: ['数量', '订单号'], rows: [{ row: 4, cells: ['3', 'SHOP000009'], flags: [undefined, 'date'] }] };
    const [r] = toRows(sheet, { quantity: 0, orderSn: 1 });
    expect(r?.values).toEqual({ ...Object.fromEntries(COLUMNS.map((c) => [c, ''])), quantity: '3', orderSn: 'SHOP000009' });
    expect(r?.problems).toEqual([
      { column: 'orderSn', code: 'date' },
      ...['consignee', 'phone', 'province', 'city', 'area', 'description', 'product'].map((column) => ({ column, code: 'required' })),
    ]);
  });
});

describe('parseQuantity', () => {
  it('takes whole numbers from 1 to 9999', () => {
    expect(['1', '2.0', '２', '9999', ' 12 '].map(parseQuantity)).toEqual([1, 2, 2, 9999, 12]);
    expect(['0', '2.5', '二', '10000', '-1', '', '1e2'].map(parseQuantity)).toEqual([null, null, null, null, null, null, null]);
  });
});

describe('groupOrders', () => {
  const sheet = (rows: ReturnType<typeof line>[]): RawSheet => ({ header: [...COLUMNS], rows });

  it('makes one order of the rows of one order number, in first-seen order', () => {
    const rows = toRows(
      sheet([
        line(2, { product: '1001' }),
        line(3, { orderSn: 'SHOP000002', consignee: '李四' }),
        line(4, { product: '1002' }),
        line(5, { product: '1001', spec: '红色 XL' }),
      ]),
      index,
    );
    const orders = groupOrders(rows);
    expect(orders.map((o) => [o.orderSn, o.rows.map((r) => r.row), o.problems])).toEqual([
      ['SHOP20261126001', [2, 4, 5], []],
      ['SHOP000002', [3], []],
    ]);
    expect(orders.flatMap((o) => o.rows.flatMap((r) => r.problems))).toEqual([]);
  });

  it('marks a repeated line on the later row only; rows of one number for another person are one conflict of the order, said once', () => {
    const rows = toRows(
      sheet([
        line(2),
        line(3, { product: '1002' }),
        line(4, { product: '1001' }),
        line(5, { product: '1003', phone: '13900000000', area: '东城区' }),
        line(6, { orderSn: '' }),
        line(7, { orderSn: '' }),
      ]),
      index,
    );
    const orders = groupOrders(rows);
    expect(orders.map((o) => o.orderSn)).toEqual(['SHOP20261126001', '#6', '#7']);
    expect(orders[0]?.rows.map((r) => [r.row, r.problems])).toEqual([
      [2, []],
      [3, []],
      [4, [{ column: 'product', code: 'duplicateLine' }]],
      // Another phone and district: not six sentences about its cells, one about the order.
      [5, []],
    ]);
    expect(orders[0]?.problems).toEqual([{ column: 'orderSn', code: 'sharedNumber' }]);
    expect(addressGroups(orders[0]!.rows)).toEqual([[2, 3, 4], [5]]);
    expect(orders[1]?.rows[0]?.problems).toEqual([{ column: 'orderSn', code: 'required' }]);
    // The rows given are left as they were.
    expect(rows[2]?.problems).toEqual([]);
  });

  it('keeps two customers under one number apart, row by row (rows 7 and 24 of a shop export), and one customer written two ways one order', () => {
    const sunli = {
      orderSn: 'SD1128-005',
      consignee: '孙丽',
      phone: '13912345678',
      province: '江苏省',
      city: '南京市',
      area: '鼓楼区',
      street: '',
      description: '中山路 1 号',
    };
    const zhangwei = {
      orderSn: 'SD1128-005',
      consignee: '张伟',
      phone: '13698765432',
      province: '北京市',
      city: '北京市',
      area: '朝阳区',
      street: '',
      description: '建国路 88 号',
    };
    const rows = toRows(
      sheet([
        line(7, { ...sunli, product: '1001' }),
        line(8, { ...sunli, product: '1002', province: '江苏', city: '南京', area: '鼓楼', description: '中山路1号' }),
        line(24, { ...zhangwei, product: '1001' }),
      ]),
      index,
    );
    const [order, ...more] = groupOrders(rows);
    expect(more).toEqual([]);
    expect(order!.rows.map((r) => r.values.consignee)).toEqual(['孙丽', '孙丽', '张伟']);
    // Row 24 keeps its own consignee and address; the same product for another person is no repeated line.
    expect(order!.rows[2]!.values).toMatchObject({ consignee: '张伟', city: '北京市', description: '建国路 88 号' });
    expect(order!.rows.flatMap((r) => r.problems)).toEqual([]);
    expect(order!.problems).toEqual([{ column: 'orderSn', code: 'sharedNumber' }]);
    expect(addressGroups(order!.rows)).toEqual([[7, 8], [24]]);
    // Given its own number, row 24 is an order of its own; rows 7 and 8 stay one order of two lines.
    const moved = groupOrders(rows.map((r) => (r.row === 24 ? { ...r, values: { ...r.values, orderSn: 'SD1128-005-2' } } : r)));
    expect(moved.map((o) => [o.orderSn, o.rows.map((r) => r.row), o.problems])).toEqual([
      ['SD1128-005', [7, 8], []],
      ['SD1128-005-2', [24], []],
    ]);
  });

  it('says an order of more than 100 rows is too long', () => {
    const rows = toRows(sheet(Array.from({ length: 101 }, (_, i) => line(i + 2, { product: String(1000 + i) }))), index);
    expect(groupOrders(rows)[0]?.problems).toEqual([{ column: null, code: 'lines' }]);
    expect(groupOrders(rows.slice(0, 100))[0]?.problems).toEqual([]);
  });
});
