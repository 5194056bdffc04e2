import { areaList } from '@vant/area-data';
import { describe, expect, it } from 'vitest';
import { checkOrders, type CheckDeps } from './check';
import { mapHeaders } from './sheet/columns';
import { readPastedText } from './sheet/read';
import { groupOrders, toRows } from './sheet/rows';

describe('the check asks which numbers were placed before', () => {
  it('only for numbers the supplier takes: a cell of Chinese or a 70-character number was never placed (and 5,000 of them would not fit the gateway’s cap)', async () => {
    const asked: string[][] = [];
    const deps: CheckDeps = {
      op: (async () => []) as unknown as CheckDeps['op'],
      known: async (sns) => (asked.push(sns), []),
      skus: async (ids) => ({ list: [], unknown: ids }),
      regions: areaList,
    };
    const rows = [
      ['订单号', '收货人', '手机号', '省份', '城市', '区县', '详细地址', '商品ID', '数量'],
      ['SHOP000001', '张三', '13800138000', '北京', '北京', '朝阳区', '1 号', '101', '1'],
      ['二〇二六年十一月订单', '李四', '13800138000', '北京', '北京', '朝阳区', '2 号', '101', '1'],
      ['A'.repeat(70), '王五', '13800138000', '北京', '北京', '朝阳区', '3 号', '101', '1'],
    ];
    const read = await readPastedText(rows.map((r) => r.join('\t')).join('\n'));
    if (!read.ok) throw new Error(read.problem.kind);
    const orders = groupOrders(toRows(read.sheet, mapHeaders(read.sheet.header).index));
    const checked = await checkOrders(orders, deps);
    expect(asked).toEqual([['SHOP000001']]);
    expect(checked.map((o) => o.problems.some((p) => p.code === 'orderSn'))).toEqual([false, true, true]);
  });
});
