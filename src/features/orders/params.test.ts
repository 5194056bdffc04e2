import { describe, expect, it } from 'vitest';
import { readFailedParams } from './params';

describe('readFailedParams', () => {
  it('reads the lines and the address of a submit request', () => {
    const p = readFailedParams(
      JSON.stringify({
        orderSn: 'T1',
        spu: [
          { sku: 12, number: 2, price: 1999 },
          { sku: '13', number: '1' },
        ],
        address: { consignee: '张三', phone: '13800138000', province: '浙江省', city: '杭州市', area: '西湖区', street: '文三路' },
        strictMode: true,
      }),
    );
    expect(p?.lines).toEqual([
      { sku: 12, number: 2, price: 1999 },
      { sku: 13, number: 1 },
    ]);
    expect(p?.address?.consignee).toBe('张三');
    expect(p?.strictMode).toBe(true);
  });

  it('never throws on what it cannot read', () => {
    expect(readFailedParams('not json')).toBeNull();
    expect(readFailedParams('[1,2]')).toBeNull();
    expect(readFailedParams('{"spu":[{"sku":"x"},null,{"sku":1,"number":1}]}')?.lines).toEqual([{ sku: 1, number: 1 }]);
    expect(readFailedParams('{}')?.lines).toEqual([]);
  });
});
