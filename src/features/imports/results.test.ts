import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ImportJob } from '../../../contract';
import { testI18n } from '../../test/render';
import type { CheckedOrder } from './check';
import { problemText, rowsText } from './components/problem-text';
import { resultRows } from './results';
import { COLUMNS, type Column } from './sheet/columns';
import { groupOrders } from './sheet/rows';

const translator = async (lng: 'zh-CN' | 'en'): Promise<TFunction> => {
  const i18n = testI18n(lng);
  await i18n.loadNamespaces(['imports', 'cart']);
  return i18n.getFixedT(lng);
};

const values = (over: Partial<Record<Column, string>>) =>
  Object.fromEntries(COLUMNS.map((c) => [c, over[c] ?? ''])) as Record<Column, string>;
const SUN = {
  orderSn: 'SD1128-005',
  consignee: '孙丽',
  phone: '13912345678',
  province: '江苏省',
  city: '南京市',
  area: '鼓楼区',
  description: '中山路 1 号',
};
const ZHANG = {
  orderSn: 'SD1128-005',
  consignee: '张伟',
  phone: '13698765432',
  province: '北京市',
  city: '北京市',
  area: '朝阳区',
  description: '建国路 88 号',
};

/** Rows 7 (孙丽) and 24 (张伟) shared SD1128-005; row 24 went under its own number; row 30 was dropped on the page. */
const job = {
  orders: [
    {
      orderSn: 'SD1128-005',
      state: 'placed',
      msg: '',
      platformSn: '9001',
      goods: 1690,
      freight: 0,
      amount: 1690,
      rows: [{ row: 7, cells: { ...SUN, product: '200001', quantity: '1' } }],
      reasons: [],
    },
    {
      orderSn: 'SD1128-005-2',
      state: 'placed',
      msg: '',
      platformSn: '9002',
      goods: 2990,
      freight: 500,
      amount: 3490,
      rows: [{ row: 24, cells: { ...ZHANG, product: '200002', quantity: '1' } }],
      reasons: [],
    },
  ],
  skipped: [{ row: { row: 30, cells: { ...ZHANG, orderSn: 'SD1128-009', product: '200003', quantity: '1' } }, reason: '' }],
} as unknown as ImportJob;

describe('the results sheet of rows that shared a number', () => {
  it.each([
    ['zh-CN', '已下单', '已下单（另起订单号 SD1128-005-2）', '未发送：已在检查页删除此行'],
    ['en', 'Placed', 'Placed (under its own order number SD1128-005-2)', 'Not sent: dropped on the check page'],
  ] as const)('keeps each row its own values and says what became of it (%s)', async (lng, placed, moved, dropped) => {
    const t = await translator(lng);
    job.skipped[0]!.reason = t('imports:result.dropped');
    const { header, rows } = resultRows(job, t);
    const col = (name: Column) => header.indexOf(t([`imports:columns.${name}`, `app:fields.${name}`]));
    const outcome = header.indexOf(t('imports:result.outcome'));
    expect(rows.map((r) => r[0])).toEqual(['7', '24', '30']);
    // Row 24: its own consignee and city, the number its sheet gave it, and the one it was placed under.
    expect(rows.map((r) => [r[col('orderSn')], r[col('consignee')], r[col('city')], r[outcome]])).toEqual([
      ['SD1128-005', '孙丽', '南京市', placed],
      ['SD1128-005', '张伟', '北京市', moved],
      ['SD1128-009', '张伟', '北京市', dropped],
    ]);
  });
});

describe('the words of a shared number', () => {
  const order = (): CheckedOrder => {
    const [o] = groupOrders([
      { row: 7, values: values({ ...SUN, product: '200001', quantity: '1' }), problems: [] },
      { row: 8, values: values({ ...SUN, product: '200002', quantity: '1' }), problems: [] },
      { row: 24, values: values({ ...ZHANG, product: '200001', quantity: '1' }), problems: [] },
    ]);
    return {
      key: o!.orderSn,
      orderSn: o!.orderSn,
      rows: o!.rows,
      status: 'fix',
      problems: [
        { ...o!.problems[0]!, row: 7 },
        { row: 24, column: 'area', code: 'region' },
      ],
      lines: [],
      goods: 0,
      freight: 0,
    };
  };
  it.each([
    [
      'zh-CN',
      '订单号 SD1128-005 用于不同收货人或地址的行：第 7、8 行（孙丽）；第 24 行（张伟）。一个订单只能发往一个地址：请点“修改”为其中的行另起订单号、删除，或有意改用同一地址。',
      '在地区列表中找不到区县“朝阳区”。',
      ['第 2 行', '第 2、3 行'],
    ],
    [
      'en',
      'Order number SD1128-005 is on rows for different people or addresses: Rows 7, 8 (孙丽); Row 24 (张伟). One order goes to one address: give rows their own number, drop them, or use one address on purpose (Fix).',
      'No District “朝阳区” was found in the region list.',
      ['Row 2', 'Rows 2, 3'],
    ],
  ] as const)(
    'one sentence for the order, the typed name in a field’s own words, a row or rows (%s)',
    async (lng, shared, region, rows) => {
      const t = await translator(lng);
      const o = order();
      const texts = o.problems.map((p) => problemText(t, p, o, lng));
      expect(texts[0]).toBe(shared);
      // In the fix dialog, without its row, the district still names what was typed.
      expect(problemText(t, o.problems[1]!, o, lng, true)).toBe(region);
      expect(texts[1]).toMatch(lng === 'en' ? /^Row 24: No District “朝阳区”/ : /^第 24 行：在地区列表中找不到区县“朝阳区”/);
      expect([rowsText(t, [2], lng), rowsText(t, [2, 3], lng)]).toEqual(rows);
    },
  );
});
