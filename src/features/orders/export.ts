import type { TFunction } from 'i18next';
import type { Order, OrderRefund, OrderRefunds } from '../../../contract';
import type { Lang } from '../../../contract/enums';
import { childGoodsStatus } from '../../../contract/enums/child-goods-status';
import { childOrderStatus } from '../../../contract/enums/child-order-status';
import { orderPayStatus } from '../../../contract/enums/order-pay-status';
import { orderStatus } from '../../../contract/enums/order-status';
import { source as sourceEnum } from '../../../contract/enums/source';
import { MAX_PAGE } from '../../../contract/constants';
import { bffFetch, callOp } from '../../lib/bff';
import { csvFileName, csvYuan, download, toCsv } from '../../lib/csv';
import { formatSeconds } from '../../lib/time';
import { fetchAllOrders, type OrderSearch, type SourceOrderFilters } from './api/queries';
import { refundState } from './components/source-orders-table';

const region = (a: { province: string; city: string; area: string }) => [a.province, a.city, a.area].filter(Boolean).join(' ');

/** The whole current search as a CSV file, statuses in words and money in yuan. Resolves to the rows written. */
export async function exportOrders(f: OrderSearch, t: TFunction, lang: Lang, onProgress: (done: number, total: number) => void) {
  return saveOrdersCsv(await fetchAllOrders(f, onProgress), t, lang);
}

/** Orders as the order list's CSV file (the same columns whatever list they came from). Resolves to the rows written. */
export function saveOrdersCsv(rows: readonly Order[], t: TFunction, lang: Lang, name = 'orders') {
  const h = (k: string) => t(`orders:csv.${k}`);
  const csv = toCsv(
    [
      'sn',
      'thirdSn',
      'created',
      'consignee',
      'phone',
      'region',
      'street',
      'goodsFee',
      'freight',
      'total',
      'status',
      'payStatus',
      'children',
    ].map(h),
    rows.map((o) => [
      o.sn,
      o.thirdSn,
      formatSeconds(o.createdTime, lang),
      o.address.consignee,
      o.address.phone,
      region(o.address),
      [o.address.street, o.address.description].filter(Boolean).join(' '),
      csvYuan(o.goodsFee),
      csvYuan(o.logisticFee),
      csvYuan(o.goodsFee + o.logisticFee),
      orderStatus.label(o.status, lang),
      orderPayStatus.label(o.payStatus, lang),
      o.children.map((c) => `${sourceEnum.label(c.source, lang)}: ${childGoodsStatus.label(c.goodsStatus, lang)}`).join('; '),
    ]),
  );
  download(csvFileName(name), csv);
  return rows.length;
}

/** One channel's child orders as a CSV file. */
export async function exportSourceOrders(
  f: SourceOrderFilters,
  t: TFunction,
  lang: Lang,
  onProgress: (done: number, total: number) => void,
) {
  const limit = 100;
  const first = await callOp('order.sourceList', { ...f, page: 1, limit });
  const pages = Math.min(MAX_PAGE, Math.max(1, Math.ceil(first.total / limit)));
  const rows = [...first.list];
  onProgress(1, pages);
  for (let page = 2; page <= pages; page++) {
    rows.push(...(await callOp('order.sourceList', { ...f, page, limit })).list);
    onProgress(page, pages);
  }
  // What was refunded of them, each refund once (the order mirror), a hundred orders a call; none where there is no mirror.
  const sns = [...new Set(rows.map((c) => c.sn.split('_')[0]!))];
  const refunds: OrderRefund[] = [];
  for (let i = 0; i < sns.length; i += 100) {
    const got = await bffFetch<OrderRefunds>(`/order-refunds?${new URLSearchParams({ sn: sns.slice(i, i + 100).join(',') })}`).catch(
      () => null,
    );
    if (!got) break;
    refunds.push(...got.refunds);
  }
  const h = (k: string) => t(`orders:csv.${k}`);
  const csv = toCsv(
    ['childSn', 'thirdSn', 'created', 'consignee', 'phone', 'region', 'street', 'goodsStatus', 'orderStatus', 'refunded', 'total'].map(h),
    rows.map((c) => [
      c.sn,
      c.thirdSn,
      formatSeconds(c.createdTime, lang),
      c.address.consignee,
      c.address.phone,
      region(c.address),
      [c.address.street, c.address.description].filter(Boolean).join(' '),
      childGoodsStatus.label(c.goodsStatus, lang),
      childOrderStatus.label(c.orderStatus, lang),
      t(`orders:refund.${refundState(c, refunds)}`),
      csvYuan(c.goodsFee + c.logisticFee),
    ]),
  );
  download(csvFileName(`orders-${sourceEnum.label(Number(f.source), 'en').replace(/\W+/g, '-').toLowerCase()}`), csv);
  return rows.length;
}
