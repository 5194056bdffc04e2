import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/universal';
import { importOrder } from '../../../../contract/schemas/imports';
import { parseSaleCell } from '../../../../contract/schemas/sale';
import { csvText } from '../../../../test/sheet-files';
import { testI18n } from '../../../test/render';
import type { CheckedOrder } from '../check';
import { problemText } from '../components/problem-text';
import { mapHeaders } from './columns';
import { readSheetFile } from './read';
import { groupOrders, saleOf, toRows } from './rows';

/** What the buyer paid (实付金额, issue 53): read from sheets other programs wrote, refused in words when it is no amount. */

const HEADER = ['店铺订单号', '收货人', '手机号', '省份', '城市', '区县', '详细地址', '商品ID', '数量', '买家实付金额'];
const row = (sn: string, sale: string | number | null) => [
  sn,
  '张三',
  '13800138000',
  '北京',
  '北京',
  '朝阳区',
  '建国路1号',
  '200697',
  '1',
  sale,
];

async function read(file: File) {
  const r = await readSheetFile(file);
  if (!r.ok) throw new Error(`not read: ${JSON.stringify(r.problem)}`);
  const { index, missing } = mapHeaders(r.sheet.header);
  expect(missing).toEqual([]);
  return groupOrders(toRows(r.sheet, index));
}

describe('the sheet’s 实付金额 column', () => {
  it('reads amounts as a shop’s CSV writes them (saved with a BOM): ¥, ￥, thousands separators, 元', async () => {
    const text = csvText([
      HEADER,
      row('SHOP000001', '¥1,280.50'),
      row('SHOP000002', '￥99'),
      row('SHOP000003', '128元'),
      row('SHOP000004', ' 12,345,678.9 '),
      row('SHOP000005', ''),
    ]);
    const orders = await read(new File(['\uFEFF', text], 'export.csv', { type: 'text/csv' }));
    // The BOM does not hide the first header (the order number was found, so the rows are orders).
    expect(orders.map((o) => o.orderSn)).toEqual(['SHOP000001', 'SHOP000002', 'SHOP000003', 'SHOP000004', 'SHOP000005']);
    expect(orders.map((o) => saleOf(o))).toEqual([128050, 9900, 12800, undefined, undefined]);
    // Over ¥10,000,000 is no sale amount: refused on its row.
    expect(orders[3]!.rows[0]!.problems).toEqual([{ column: 'sale', code: 'sale' }]);
    expect(orders.flatMap((o) => (o.orderSn === 'SHOP000004' ? [] : o.rows.flatMap((r) => r.problems)))).toEqual([]);
  });

  it('reads an .xlsx number cell as the amount it shows', async () => {
    const cells = [HEADER.map((value) => ({ value })), row('SHOP000011', 1280.5).map((v) => (v === null ? null : { value: v }))];
    cells[1]![9] = { value: 1280.5 as never };
    const blob = await writeXlsxFile(cells as never).toBlob();
    const orders = await read(new File([blob], 'export.xlsx'));
    expect(orders[0]!.rows[0]!.values.sale).toBe('1280.5');
    expect(saleOf(orders[0]!)).toBe(128050);
  });

  it('refuses what is no amount with a sentence naming the row, in both languages', async () => {
    const bad = ['12.345', '-5', '1,28', 'abc', '=1+1'];
    const text = csvText([HEADER, ...bad.map((v, i) => row(`SHOP00010${i}`, v))]);
    const orders = await read(new File([text], 'export.csv'));
    expect(orders.map((o) => o.rows[0]!.problems.map((p) => p.code))).toEqual([['sale'], ['sale'], ['sale'], ['sale'], ['formula']]);
    expect(orders.map((o) => saleOf(o))).toEqual([undefined, undefined, undefined, undefined, undefined]);
    const checked = (o: (typeof orders)[number]) =>
      ({ key: o.orderSn, orderSn: o.orderSn, rows: o.rows, status: 'fix', problems: [], lines: [], goods: 0, freight: 0 }) as CheckedOrder;
    const o = orders[0]!;
    const p = { ...o.rows[0]!.problems[0]!, row: o.rows[0]!.row };
    expect(problemText(testI18n('en').t, p, checked(o), 'en')).toBe(
      'Row 2: Buyer paid “12.345” is not an amount in yuan: write it like 128.50 (at most two decimals, not negative, at most 10,000,000).',
    );
    expect(problemText(testI18n('zh-CN').t, p, checked(o), 'zh-CN')).toBe(
      '第 2 行：实付金额“12.345”不是以元为单位的金额：请写成 128.50 这样（最多两位小数，不能为负，最多 10,000,000）。',
    );
  });

  it('takes an order’s amount once: on one row, or the same on several; rows that disagree are a conflict to fix', async () => {
    const text = csvText([
      HEADER,
      row('SHOP000201', '59.90'),
      row('SHOP000201', ''),
      row('SHOP000202', '30'),
      row('SHOP000202', '30.00'),
      row('SHOP000203', '30'),
      row('SHOP000203', '40'),
    ]);
    const orders = await read(new File([text], 'export.csv'));
    expect(orders.map((o) => saleOf(o))).toEqual([5990, 3000, 'conflict']);
    expect(orders.map((o) => o.problems)).toEqual([[], [], [{ column: 'sale', code: 'saleConflict' }]]);
    const conflict = orders[2]!;
    const said = problemText(
      testI18n('en').t,
      { column: 'sale', code: 'saleConflict', row: conflict.rows[0]!.row },
      {
        key: conflict.orderSn,
        orderSn: conflict.orderSn,
        rows: conflict.rows,
        status: 'fix',
        problems: [],
        lines: [],
        goods: 0,
        freight: 0,
      },
      'en',
    );
    expect(said).toBe(
      'The rows of order SHOP000203 say different amounts the buyer paid (Row 6 30; Row 7 40): an order is paid once. Write its amount on one row, or the same on each.',
    );
  });

  it('the contract: the job’s order carries the amount its rows say, once; another amount is refused', () => {
    expect(parseSaleCell('')).toBeUndefined();
    expect(parseSaleCell('0')).toBe(0);
    expect(parseSaleCell('RMB 1,000.5')).toBe(100050);
    expect(parseSaleCell('10,000,000.00')).toBe(1_000_000_000);
    expect(parseSaleCell('10,000,000.01')).toBeNull();
    const order = {
      orderSn: 'SHOP000301',
      spu: [{ sku: 200697, number: 1 }],
      address: {
        consignee: '张三',
        phone: '13800138000',
        province: '北京市',
        city: '北京市',
        area: '朝阳区',
        street: '建外街道',
        description: '建国路1号',
      },
      rows: [
        { row: 2, cells: { orderSn: 'SHOP000301', sale: '¥59.90' } },
        { row: 3, cells: { orderSn: 'SHOP000301' } },
      ],
      goods: 1000,
      freight: 500,
    };
    expect(importOrder.safeParse({ ...order, sale: 5990 }).success).toBe(true);
    const wrong = importOrder.safeParse({ ...order, sale: 5000 });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe("order SHOP000301: sale must be the amount its rows' buyer-paid cells say (¥59.90), once");
    expect(importOrder.safeParse({ ...order, sale: undefined }).success).toBe(false);
    expect(importOrder.safeParse({ ...order, sale: -1, rows: [order.rows[1]] }).success).toBe(false);
    expect(importOrder.safeParse({ ...order, sale: 1.5, rows: [order.rows[1]] }).success).toBe(false);
  });
});
