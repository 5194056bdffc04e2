import { describe, expect, it } from 'vitest';
import { COLUMNS, HEADERS, REQUIRED_COLUMNS, mapHeaders } from './columns';

describe('mapHeaders', () => {
  it("reads a Taobao order export's own headers: 联系手机 is the phone, 买家实际支付金额 what the buyer paid", () => {
    const m = mapHeaders([
      '订单编号',
      '收货人姓名',
      '联系手机',
      '所在省',
      '所在市',
      '所在区',
      '详细收货地址',
      '商品ID',
      '购买数量',
      '买家实际支付金额',
    ]);
    expect(m).toMatchObject({ missing: [], unknown: [], duplicate: [] });
    expect(m.index.phone).toBe(2);
    expect(m.index.sale).toBe(9);
  });

  it('finds every column of the Chinese template', () => {
    const m = mapHeaders(COLUMNS.map((c) => HEADERS[c]['zh-CN']));
    expect(m.index).toEqual(Object.fromEntries(COLUMNS.map((c, i) => [c, i])));
    expect(m).toMatchObject({ missing: [], unknown: [], duplicate: [] });
  });

  it('finds every column of the English template', () => {
    const m = mapHeaders(COLUMNS.map((c) => HEADERS[c].en));
    expect(m.index).toEqual(Object.fromEntries(COLUMNS.map((c, i) => [c, i])));
    expect(m).toMatchObject({ missing: [], unknown: [], duplicate: [] });
  });

  it('reads synonyms of both languages in any order, and names what it does not know', () => {
    const m = mapHeaders([
      '数量',
      'Recipient',
      '商品编号',
      '备注',
      'Mobile',
      '订单编号',
      '省',
      '市',
      '区',
      '收货地址',
      '商品名称',
      'SKU ID',
    ]);
    expect(m.index).toEqual({
      quantity: 0,
      consignee: 1,
      product: 2,
      note: 3,
      phone: 4,
      orderSn: 5,
      province: 6,
      city: 7,
      area: 8,
      description: 9,
    });
    expect(m.unknown).toEqual(['商品名称']);
    expect(m.duplicate).toEqual(['product']);
    expect(m.missing).toEqual([]);
  });

  it('ignores width, case, spaces, separators and bracketed notes', () => {
    const m = mapHeaders([
      '  店铺订单号(必填) ',
      '*收货人（必填）',
      'ＰＨＯＮＥ',
      '省份：',
      'city (required)',
      '区县【必填】',
      'street_(optional)',
      'Address-Detail',
      '商品ID或SKU ID（必填）',
      'SPEC',
      'Ｑｔｙ',
      'Buyer-Paid (optional)',
      '备注（选填）',
    ]);
    expect(m.index).toEqual(Object.fromEntries(COLUMNS.map((c, i) => [c, i])));
    expect(m.unknown).toEqual([]);
  });

  it('names the missing required columns in column order, not the optional ones', () => {
    const m = mapHeaders(['收货人', '备注', '', '数量', '商品ID']);
    expect(m.missing).toEqual(['orderSn', 'phone', 'province', 'city', 'area', 'description']);
    expect(m.unknown).toEqual([]);
    expect(REQUIRED_COLUMNS).not.toContain('street');
  });

  it('keeps the first header of a column and reports the later ones once', () => {
    const m = mapHeaders(['手机号', '订单号', '电话', 'Order ID', '联系电话']);
    expect(m.index.phone).toBe(0);
    expect(m.index.orderSn).toBe(1);
    expect(m.duplicate).toEqual(['phone', 'orderSn']);
  });
});
