import { describe, expect, it } from 'vitest';
import type { ChildOrder, OrderRefund } from '../../../contract';
import { testI18n } from '../../test/render';
import { DEFAULT_LATE_HOURS, lateHours, setLateHours } from '../../lib/late-hours';
import { cancelledRefunds, childIrregularWords } from './irregular-words';

/** Issue 50: orders irregular as real suppliers have them say so in words, in both languages. */
const PAID_AT = 1_764_300_000;
const child = (sn: string, goodsStatus: number, o: { shipped?: boolean; goodsFee?: number; logisticFee?: number } = {}): ChildOrder => ({
  sn,
  source: 2,
  logisticFee: o.logisticFee ?? 800,
  goodsFee: o.goodsFee ?? 10_300,
  goodsStatus,
  orderStatus: goodsStatus === 1 ? 4 : 2,
  deliverTime: o.shipped ? PAID_AT + 7200 : 0,
  createdTime: PAID_AT,
  shopInfo: { name: 'Shop' },
  goods: [
    {
      sn: `${sn}_1`,
      goodsId: 1,
      sku: 11,
      skuName: '',
      image: '',
      name: 'Tea',
      number: 1,
      price: o.goodsFee ?? 10_300,
      refundTime: 0,
      createdTime: PAID_AT,
      payStatus: 1,
      deliverName: o.shipped ? '顺丰速运' : '',
      deliverNo: o.shipped ? 'SF1' : '',
    },
  ],
});
const own = (money: number, id = money): OrderRefund => ({
  sn: '2026',
  lineSn: '',
  afterSaleId: null,
  cashId: id,
  money,
  pieces: 0,
  time: PAID_AT + 3600,
  day: '2025-11-28',
});
const order = (children: ChildOrder[], payStatus = 1) => ({ children, payStatus, createdTime: PAID_AT });
const words = (lang: 'zh-CN' | 'en', c: ChildOrder, o: ReturnType<typeof order>, refunds: OrderRefund[] | null, hoursLater = 1) =>
  childIrregularWords(c, o, refunds, PAID_AT + hoursLater * 3600, testI18n(lang).getFixedT(lang, 'orders'), lang);

describe('irregular orders in words', () => {
  it('a child cancelled by the supplier says so with the money back (goods and freight), once the refund is seen', () => {
    const c = child('2026_2_1', 1);
    const o = order([c, child('2026_6_2', 3, { shipped: true })]);
    expect(words('zh-CN', c, o, [own(11_100)])).toEqual({ kind: 'cancelled', text: '供应商已取消，已退款 ¥111.00' });
    expect(words('en', c, o, [own(11_100)])?.text).toBe('Cancelled by the supplier, ¥111.00 refunded');
    expect(words('zh-CN', c, o, [])?.text).toBe('供应商已取消，尚未看到退款');
    expect(words('en', c, o, null)?.text).toBe('Cancelled by the supplier; no refund seen yet');
  });

  it('a cancelled child whose lines say refunded before the cash line is read does not say "no refund"', () => {
    const c = child('2026_2_1', 1);
    const refunded = { ...c, goods: c.goods.map((g) => ({ ...g, refundTime: PAID_AT + 7200 })) };
    const o = order([refunded]);
    expect(words('en', refunded, o, [])?.text).toBe('Cancelled by the supplier and refunded (the amount shows once the cash flow is read)');
    expect(words('zh-CN', refunded, o, null)?.text).toBe('供应商已取消，已退款（读取资金流水后显示金额）');
    const back = { ...refunded, deliverTime: PAID_AT + 3600, goods: refunded.goods.map((g) => ({ ...g, deliverNo: 'SF1' })) };
    expect(words('en', back, order([back]), [])?.text).not.toMatch(/no refund/);
  });

  it('a parcel refused and back is said as returned, refunded the goods without the freight', () => {
    const c = child('2026_2_1', 1, { shipped: true });
    const o = order([c]);
    expect(words('zh-CN', c, o, [own(10_300)])).toEqual({ kind: 'returned', text: '收件人拒收，已退回供应商，已退款 ¥103.00' });
    expect(words('en', c, o, [own(10_300)])?.text).toBe('Refused at delivery and returned to the supplier, ¥103.00 refunded');
  });

  it('two cancelled children each take the refund of their own amount; an after-sale refund is not theirs', () => {
    const a = child('2026_2_1', 1, { goodsFee: 1000, logisticFee: 800 });
    const b = child('2026_6_2', 1, { goodsFee: 5000, logisticFee: 1000 });
    const afterSale: OrderRefund = { ...own(5000), afterSaleId: 7, lineSn: '2026_6_2_1', pieces: 1 };
    const m = cancelledRefunds(order([a, b]), [afterSale, own(6000, 1), own(1800, 2)]);
    expect(m).toEqual(
      new Map([
        ['2026_2_1', 1800],
        ['2026_6_2', 6000],
      ]),
    );
    // A single cancelled child takes what its supplier refunds add up to (an after-sale refunded part before).
    expect(cancelledRefunds(order([a]), [own(300, 1), own(1200, 2)]).get('2026_2_1')).toBe(1500);
    expect(cancelledRefunds(order([a, b]), [own(300, 1)]).size).toBe(0);
  });

  it('a paid child not shipped EXCEPTION_LATE_HOURS (the gateway’s, 48 by default) after payment is late, with its hours; before that, or unpaid, nothing', () => {
    const c = child('2026_2_1', 0);
    expect(words('zh-CN', c, order([c]), null, 50.5)).toEqual({ kind: 'late', text: '未发货，已付款 50 小时' });
    expect(words('en', c, order([c]), null, 72)?.text).toBe('Not shipped 72 hours after payment');
    // 30 h: not late for support's exceptions (48 h), so not for the order page either.
    expect(words('en', c, order([c]), null, 30)).toBeNull();
    expect(words('en', c, order([c]), null, 47.9)).toBeNull();
    expect(words('en', c, order([c]), null, 48)?.kind).toBe('late');
    expect(words('en', c, order([c], 0), null, 72)).toBeNull();
    const shipped = child('2026_2_1', 3, { shipped: true });
    expect(words('en', shipped, order([shipped]), null, 72)).toBeNull();
  });

  it('the late hours are what the gateway says in /bff/meta (EXCEPTION_LATE_HOURS), not a number of the page’s own', () => {
    const c = child('2026_2_1', 0);
    try {
      setLateHours(24);
      expect(words('en', c, order([c]), null, 30)?.text).toBe('Not shipped 30 hours after payment');
      setLateHours(72);
      expect(words('en', c, order([c]), null, 50)).toBeNull();
      // Nothing usable said: the last value stands.
      setLateHours(undefined);
      expect(lateHours()).toBe(72);
    } finally {
      setLateHours(DEFAULT_LATE_HOURS);
    }
  });
});
