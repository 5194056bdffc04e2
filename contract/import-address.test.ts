import { describe, expect, it } from 'vitest';
import { importAddressGroups, importAddressKey, suggestOrderSn } from './import-address';
import { createImportInput } from './schemas/imports';

const SUN = {
  consignee: '孙丽',
  phone: '13912345678',
  province: '江苏省',
  city: '南京市',
  area: '鼓楼区',
  street: '',
  description: '中山路 1 号',
};
const ZHANG = {
  consignee: '张伟',
  phone: '13698765432',
  province: '北京市',
  city: '北京市',
  area: '朝阳区',
  street: '',
  description: '建国路 88 号',
};

describe('importAddressKey', () => {
  it('is one person at one place however written: spaces, full-width digits, a level word, a phone with its country code', () => {
    expect(
      importAddressKey({ ...SUN, province: '江苏', city: '南京', area: '鼓楼', phone: '+86 139-1234-5678', description: '中山路１号' }),
    ).toBe(importAddressKey(SUN));
  });

  it('tells apart another consignee, phone, region, street or detail', () => {
    for (const change of [
      { consignee: '孙莉' },
      { phone: '13912345679' },
      { province: '浙江省' },
      { city: '苏州市' },
      { area: '玄武区' },
      { street: '湖南路街道' },
      { description: '中山路 2 号' },
    ])
      expect(importAddressKey({ ...SUN, ...change })).not.toBe(importAddressKey(SUN));
  });

  it('groups rows by address in the order first seen', () => {
    const rows = [
      { row: 7, cells: SUN },
      { row: 8, cells: { ...SUN, city: '南京' } },
      { row: 24, cells: ZHANG },
    ];
    expect(importAddressGroups(rows, (r) => r.cells)).toEqual([[7, 8], [24]]);
  });
});

describe('suggestOrderSn', () => {
  it('adds -2, -3… past every number taken, within 64 characters', () => {
    expect(suggestOrderSn('SD1128-005', new Set(['SD1128-005']))).toBe('SD1128-005-2');
    expect(suggestOrderSn('SD1128-005', new Set(['SD1128-005-2', 'SD1128-005-3']))).toBe('SD1128-005-4');
    const long = 'A'.repeat(64);
    expect(suggestOrderSn(long, new Set())).toBe(`${'A'.repeat(62)}-2`);
    expect(suggestOrderSn(long, new Set()).length).toBe(64);
  });
});

describe('a job whose order holds two people', () => {
  const order = (rows: { row: number; cells: Record<string, string> }[]) => ({
    orderSn: 'SD1128-005',
    spu: [{ sku: 200001, number: 1 }],
    address: { ...SUN, street: '鼓楼区' },
    rows,
    goods: 100,
    freight: 0,
  });
  it('is refused with a sentence naming the rows; one person written two ways is taken', () => {
    const refused = createImportInput.safeParse({
      key: 'k12345678',
      fileName: 'a.xlsx',
      orders: [
        order([
          { row: 7, cells: { orderSn: 'SD1128-005', ...SUN } },
          { row: 24, cells: { orderSn: 'SD1128-005', ...ZHANG } },
        ]),
      ],
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['orders', 0, 'rows'],
      message: expect.stringMatching(/^order SD1128-005 holds rows with different consignees or addresses \(rows 7 and 24\)/),
    });
    const taken = createImportInput.safeParse({
      key: 'k12345678',
      fileName: 'a.xlsx',
      orders: [
        order([
          { row: 7, cells: SUN },
          { row: 8, cells: { ...SUN, province: '江苏', phone: '139 1234 5678' } },
        ]),
      ],
    });
    expect(taken.success).toBe(true);
  });
});
