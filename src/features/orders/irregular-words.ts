import type { TFunction } from 'i18next';
import type { ChildOrder, Order, OrderRefund } from '../../../contract';
import type { Lang } from '../../../contract/enums';
import { lateHours as gatewayLateHours } from '../../lib/late-hours';
import { formatFen } from '../../lib/money';

/** Child goods status (contract/enums/child-goods-status): 0 awaiting shipment, 1 cancelled. */
const AWAITING = 0;
const CANCELLED = 1;
/** Order payStatus 1: paid (contract/enums/order-pay-status). */
const PAID = 1;

export interface IrregularWords {
  kind: 'cancelled' | 'returned' | 'late';
  text: string;
}

/** A child whose parcel left (a tracking number or a shipping time): cancelled after that, it came back. */
const shipped = (c: ChildOrder) => c.deliverTime > 0 || c.goods.some((l) => l.deliverNo !== '');

/**
 * The money the supplier paid back for each cancelled child, from the order's refunds as the mirror
 * counts them. A supplier's cancellation is a refund of its own (no after-sale; its cash line names the
 * child, not a line): paired with the child whose goods and freight (or goods alone, for a parcel that
 * came back) it equals; a single cancelled child takes all such refunds left (an after-sale may have
 * refunded part of it before). A child without a refund seen yet is not in the map.
 */
export function cancelledRefunds(order: Pick<Order, 'children'>, refunds: readonly OrderRefund[] | null | undefined): Map<string, number> {
  const out = new Map<string, number>();
  const cancelled = order.children.filter((c) => c.goodsStatus === CANCELLED);
  const lineSns = new Set(order.children.flatMap((c) => c.goods.map((l) => l.sn)));
  const own = (refunds ?? []).filter((r) => r.afterSaleId === null && r.money > 0 && !lineSns.has(r.lineSn));
  const left = new Set(own.map((_, i) => i));
  for (const c of cancelled) {
    const expected = shipped(c) ? [c.goodsFee] : [c.goodsFee + c.logisticFee, c.goodsFee];
    const i = [...left].find((k) => expected.includes(own[k]!.money));
    if (i !== undefined) {
      out.set(c.sn, own[i]!.money);
      left.delete(i);
    }
  }
  const unpaired = cancelled.filter((c) => !out.has(c.sn));
  if (unpaired.length === 1 && cancelled.length === 1 && left.size > 0) {
    out.set(
      unpaired[0]!.sn,
      [...left].reduce((s, k) => s + own[k]!.money, 0),
    );
  }
  return out;
}

/**
 * What a child order that is not going as it should says, in the person's language: cancelled by the
 * supplier (and the money back, once seen), refused at the door and back with the supplier, or not
 * shipped `lateHours` after payment (`nowSec`: business time; `lateHours`: the gateway's
 * EXCEPTION_LATE_HOURS, what support's exceptions call late). Null: nothing irregular.
 */
export function childIrregularWords(
  child: ChildOrder,
  order: Pick<Order, 'children' | 'payStatus' | 'createdTime'>,
  refunds: readonly OrderRefund[] | null | undefined,
  nowSec: number,
  t: TFunction<'orders'>,
  lang: Lang,
  lateHours: number = gatewayLateHours(),
): IrregularWords | null {
  if (child.goodsStatus === CANCELLED) {
    const kind = shipped(child) ? 'returned' : 'cancelled';
    const money = cancelledRefunds(order, refunds).get(child.sn);
    // The lines may say refunded before the mirror has read the cash line with the money: no "no refund" then.
    const linesRefunded = child.goods.length > 0 && child.goods.every((g) => g.refundTime > 0 || g.isRefund === true);
    const text =
      money !== undefined
        ? t(`irregular.${kind}Refunded`, { money: formatFen(money, lang) })
        : t(`irregular.${kind}${linesRefunded ? 'RefundedNoAmount' : 'NotRefunded'}`);
    return { kind, text };
  }
  if (child.goodsStatus === AWAITING && order.payStatus === PAID && !shipped(child)) {
    const hours = Math.floor((nowSec - order.createdTime) / 3600);
    if (hours >= lateHours) return { kind: 'late', text: t('irregular.late', { count: hours }) };
  }
  return null;
}
