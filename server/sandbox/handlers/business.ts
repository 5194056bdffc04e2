import * as afterSale from '../after-sale';
import { balanceOf } from '../account';
import {
  availableCheck,
  beforeCheck,
  confirmReceipt,
  errorList,
  firms,
  orderDetail,
  orderList,
  refundOrder,
  retryOrder,
  sourceOrderList,
  submitOrder,
  trace,
} from '../orders';
import { uploadPictures } from '../vouchers';
import type { Handlers } from './types';
import { Where } from '../../lib/sql-where';

export const businessHandlers: Handlers = {
  'order.availableCheck': (i, c) => availableCheck(c.world, i),
  'order.beforeCheck': (i, c) => beforeCheck(c.world, i),
  'order.submit': (i, c) => submitOrder(c.world, i),
  'order.list': (i, c) => orderList(c.world, i, c.imageBase),
  'order.sourceList': (i, c) => sourceOrderList(c.world, i, c.imageBase),
  'order.detail': (i, c) => orderDetail(c.world, i, c.imageBase),
  'order.retry': (i, c) => retryOrder(c.world, i),
  'order.refund': (i, c) => refundOrder(c.world, i),
  'order.errors': (i, c) => errorList(c.world, i),
  'logistic.confirm': (i, c) => confirmReceipt(c.world, i),
  'logistic.trace': (i, c) => trace(c.world, i),
  'logistic.firms': (_i, c) => firms(c.world),
  'afterSale.beforeCheck': (i, c) => afterSale.beforeCheck(c.world, i),
  'afterSale.picture': (i, c) => uploadPictures(c.world, i, c.imageBase),
  'afterSale.apply': (i, c) => afterSale.apply(c.world, i),
  'afterSale.list': (i, c) => afterSale.list(c.world, i),
  'afterSale.detail': (i, c) => afterSale.detail(c.world, i),
  'afterSale.mail': (i, c) => afterSale.mail(c.world, i),
  'account.balance': (_i, c) => ({ balance: balanceOf(c.db) }),
  'account.cashFlow': (i, { db }) => {
    const { sql, params } = new Where()
      .add('type = ?', i.type)
      .add('direction = ?', i.direction)
      .add('update_time >= ?', i.startTime)
      .add('update_time <= ?', i.endTime);
    const total = (db.prepare(`SELECT count(*) AS n FROM cash_flow ${sql}`).get(...params) as { n: number }).n;
    const list = db
      .prepare(
        `SELECT id, sn, order_sn, direction, money, type, balance_before, balance_after, update_time, pay_type FROM cash_flow ${sql} ORDER BY id DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, i.limit, (i.page - 1) * i.limit) as Record<string, unknown>[];
    return { list: list.map((r) => ({ ...r, direction: String(r.direction), appid: '10001' })) as never, total, count: total };
  },
  'goods.comments': (i, { db }) => {
    const count = (db.prepare('SELECT count(*) AS n FROM comments WHERE sku = ?').get(i.sku) as { n: number }).n;
    const rows = db
      .prepare(
        'SELECT id, goods_id AS goodsID, sku, content, created_time AS createdTime FROM comments WHERE sku = ? ORDER BY created_time DESC LIMIT ? OFFSET ?',
      )
      .all(i.sku, i.limit, (i.page - 1) * i.limit) as never[];
    return { list: rows, count };
  },
};
