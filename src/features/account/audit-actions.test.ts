import { describe, expect, it } from 'vitest';
import { OP_IDS } from '../../../contract';
import { ACTION_LABELS, actionLabel, actionsMatching, inputSummary, resultText } from './audit-actions';

describe('audit log in words (issue 14.6)', () => {
  it('names every operation of the contract in both languages, never as its id', () => {
    for (const id of OP_IDS) {
      expect(actionLabel(id, 'zh-CN'), id).toMatch(/[\u4e00-\u9fff]/);
      expect(actionLabel(id, 'en'), id).not.toBe(id);
    }
    expect(actionLabel('selection.add', 'zh-CN')).toBe('加入选品库');
    expect(actionLabel('auth.login', 'en')).toBe('Sign in');
    expect(actionLabel('some.future', 'en')).toBe('some.future');
  });

  it('the action filter matches names in both languages and ids', () => {
    expect(actionsMatching('登录')).toEqual(expect.arrayContaining(['auth.login', 'auth.logout']));
    expect(actionsMatching('sign in')).toEqual(['auth.login']);
    expect(actionsMatching('选品库')).toEqual(expect.arrayContaining(['selection.add', 'selection.remove', 'selection.clear']));
    expect(actionsMatching('order.ref')).toEqual(['order.refund']);
    expect(actionsMatching('  ')).toBeUndefined();
    expect(actionsMatching('nothing like this')).toEqual([]);
    expect(Object.keys(ACTION_LABELS).length).toBeGreaterThan(OP_IDS.length);
  });

  it('summarises the input in words, secrets hidden, long lists counted', () => {
    const ids = JSON.stringify({ goods_ids: [11, 12, 13, 14, 15, 16, 17] });
    expect(inputSummary(ids, 'zh-CN', () => undefined)).toBe('商品：11、12、13、14、15 等 2 项');
    expect(inputSummary(ids, 'en', () => undefined)).toBe('Products: 11, 12, 13, 14, 15 and 2 more');
    const user = JSON.stringify({ username: 'kim', password: '[hidden]', role: 'support' });
    expect(inputSummary(user, 'zh-CN', () => undefined)).toBe('用户名：kim · 密码：（已隐藏） · 角色：support');
    const refused = JSON.stringify({ refusedField: 'search_words' });
    expect(inputSummary(refused, 'zh-CN', (k) => (k === 'search_words' ? '搜索词' : undefined))).toBe('被拒字段：“搜索词”');
    expect(inputSummary('{}', 'en', () => undefined)).toBe('—');
  });

  it('an after-sale asked for reads in words: money in yuan, options by name, pictures counted, a tracking number as such (issue 49)', () => {
    const none = () => undefined;
    const apply = JSON.stringify({
      orderSn: 'SD1',
      num: 1,
      goodsFee: 1030,
      logisticFee: 0,
      serviceTypeCode: '10',
      reasonsTypeCode: '10001',
      pickTypeCode: '99',
    });
    expect(inputSummary(apply, 'en', none, 'afterSale.apply')).toBe(
      'Order number: SD1 · Quantity: 1 · Goods amount: ¥10.30 · Shipping amount: ¥0.00 · Service: Return · Reason: Quality problem · Pick-up: 99',
    );
    expect(inputSummary(apply, 'zh-CN', none, 'afterSale.apply')).toBe(
      '订单号：SD1 · 数量：1 · 商品金额：¥10.30 · 运费：¥0.00 · 服务类型：退货 · 原因：质量问题 · 取件方式：99',
    );
    const one = JSON.stringify({ orderSn: 'SD1', sku: 7, pictures: '[1 picture(s), 180 kB]' });
    expect(inputSummary(one, 'en', none, 'afterSale.picture')).toBe('Order number: SD1 · SKU: 7 · Pictures: 1 picture, 180 kB');
    expect(inputSummary(JSON.stringify({ pictures: '[3 picture(s), 500 kB]' }), 'en', none)).toBe('Pictures: 3 pictures, 500 kB');
    expect(inputSummary(JSON.stringify({ pictures: '[3 picture(s), 500 kB]' }), 'zh-CN', none)).toBe('图片：3 张图片，500 kB');
    const mail = JSON.stringify({ id: 5, sn: 'YD1234', company: 'yunda' });
    expect(inputSummary(mail, 'zh-CN', none, 'afterSale.mail')).toBe('编号：5 · 运单号：YD1234 · 快递公司：yunda');
    expect(inputSummary(mail, 'en', none, 'afterSale.mail')).toBe('ID: 5 · Tracking number: YD1234 · Courier: yunda');
    // Elsewhere `sn` is still an order number.
    expect(inputSummary(JSON.stringify({ sn: '2026' }), 'en', none, 'logistic.confirm')).toBe('Order number: 2026');
  });

  it('shipments handed to the shop read in words: a download, its undo and a sheet format written (issue 51)', () => {
    for (const action of [
      'shipments.download',
      'shipments.undo',
      'shipments.format.create',
      'shipments.format.update',
      'shipments.format.delete',
    ])
      expect(actionLabel(action, 'zh-CN'), action).toMatch(/[\u4e00-\u9fff]/);
    expect(actionLabel('shipments.undo', 'en')).toBe('Undo a download’s marks');
    const download = JSON.stringify({ batch: 12, format: 'generic', type: 'xlsx', ids: [3, 4] });
    expect(inputSummary(download, 'zh-CN', () => undefined, 'shipments.download')).toBe(
      '下载批次：12 · 格式：generic · 文件类型：xlsx · 包裹：3、4',
    );
    expect(resultText('2 package(s) downloaded as “通用（每个包裹一行）” (.xlsx) and marked handed to the shop, batch 12', 'zh-CN')).toBe(
      '已下载并标记为已回传',
    );
    expect(resultText('download 12 undone: 2 package(s) no longer handed to the shop', 'en')).toBe(
      'Marks undone: the packages are new again',
    );
    expect(
      resultText(
        'sheet format “我们的淘宝店” created: 3 column(s) (订单号, 物流公司, 运单号), a row per package, 0 courier name(s) mapped',
        'zh-CN',
      ),
    ).toBe('格式已创建');
    expect(resultText('sheet format “我们的淘宝店” deleted', 'zh-CN')).toBe('格式已删除');
  });

  it('results in the page language: gateway words translated, the supplier msg kept, no English on a Chinese page', () => {
    expect(resultText('wrong username or password', 'zh-CN')).toBe('用户名或密码错误');
    expect(resultText('refused: Invalid input: search_words: Too big', 'zh-CN')).toBe('输入被网关拒绝');
    expect(resultText('signed in', 'zh-CN')).toBe('');
    expect(resultText('库存不足', 'zh-CN')).toBe('库存不足');
    expect(resultText('操作成功', 'en')).toBe('');
    expect(resultText('操作成功', 'zh-CN')).toBe('');
    expect(resultText('Some new English text', 'zh-CN')).toBe('');
    expect(resultText('Some new English text', 'en')).toBe('Some new English text');
  });

  it('the sandbox supplier’s bad days read in words: shares as percentages, the outage as yes or no, an irregular order by its kind (issue 50)', () => {
    const none = () => undefined;
    const faults = JSON.stringify({ error: 0.15, lost: 0.05, latencyMs: 200, outage: true });
    expect(inputSummary(faults, 'en', none, 'sandbox.faults')).toBe(
      'Share of calls failing: 15 % · Share of answers lost: 5 % · Latency (ms): 200 · Outage: yes',
    );
    expect(inputSummary(faults, 'zh-CN', none, 'sandbox.faults')).toBe(
      '失败调用比例：15 % · 丢失应答比例：5 % · 延迟（毫秒）：200 · 停止服务：是',
    );
    const made = JSON.stringify({ orderSn: 'SD7', kind: 'cancelled' });
    expect(inputSummary(made, 'en', none, 'sandbox.irregular')).toBe('Order number: SD7 · Made: cancelled by the supplier');
    expect(inputSummary(made, 'zh-CN', none, 'sandbox.irregular')).toBe('订单号：SD7 · 异常类型：供应商取消');
    expect(actionLabel('sandbox.irregular', 'zh-CN')).toBe('让沙箱订单出现异常');
  });

  it('a step on an order exception names the order and the kind in words; someone else having it reads as a conflict (review of issue 52)', () => {
    const none = () => undefined;
    const took = 'took the late case of order PDD1 (shop order SD1), child PDD1_1';
    expect(resultText(took, 'en')).toBe('Took the “Not shipped in time” case of order PDD1 (shop order SD1), package PDD1_1');
    expect(resultText(took, 'zh-CN')).toBe('认领了订单 PDD1（店铺订单 SD1）的“超时未发货”异常，子订单 PDD1_1');
    expect(resultText('noted the stalled case of order PDD2', 'zh-CN')).toBe('备注了订单 PDD2 的“物流停滞”异常');
    expect(resultText('resolved the failed case of order SD3', 'en')).toBe('Resolved the “Order failed to place” case of order SD3');
    const taken = 'refused: ann has taken this exception; only they can work it now.';
    expect(resultText(taken, 'en')).toBe('Someone else has it: ann took the case, only they can work it now');
    expect(resultText(taken, 'zh-CN')).toBe('已有他人认领：ann 已认领此异常，只有其本人可以处理');
    expect(resultText(taken, 'zh-CN')).not.toBe('输入被网关拒绝');
    expect(resultText('refused: This exception is resolved already.', 'zh-CN')).toBe('该异常已处理完成');
    expect(resultText('refused: There is no such exception.', 'en')).toBe('There is no such case');
    expect(resultText('refused: Invalid input: note: a note is needed', 'zh-CN')).toBe('输入被网关拒绝');
    // The input: kind by the queue's words, the order numbers named, the case's number last as such (not "编号").
    const input = JSON.stringify({ kind: 'returned', orderSn: 'PDD1', shopOrderSn: 'SD1', childSn: 'PDD1_1', note: '已退款', id: 1 });
    expect(inputSummary(input, 'zh-CN', none, 'exceptions.resolve')).toBe(
      '异常类型：拒收退回 · 订单号：PDD1 · 店铺订单号：SD1 · 子订单号：PDD1_1 · 备注：已退款 · 异常编号：1',
    );
    expect(inputSummary(input, 'en', none, 'exceptions.resolve')).toBe(
      'Kind: Refused and returned · Order number: PDD1 · Shop order number: SD1 · Package (child order): PDD1_1 · Note: 已退款 · Case number: 1',
    );
    // Elsewhere `kind` keeps its own words (an order made irregular in the sandbox).
    expect(inputSummary(JSON.stringify({ kind: 'late' }), 'zh-CN', none, 'sandbox.irregular')).toBe('异常类型：延迟发货');
  });
});
