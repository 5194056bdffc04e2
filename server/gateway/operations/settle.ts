import { FAILURE_CODE, SUCCESS_CODE, getOperation, type OpId } from '../../../contract';
import type { UpstreamTarget } from '../config';
import { buildUpstreamRequest, callUpstream, gatewayFailure, type UpstreamAnswer } from './upstream';

/**
 * A write whose answer was lost is settled by reading (issue 50.3), never by a second write: the
 * supplier may have acted before the answer was lost (the sandbox's `lost` fault), so the gateway
 * reads what it did and answers as if the answer had come, saying how it knows; or says it was not
 * done, so the person may try again. One table, an operation → how to tell by reading; the bulk
 * orders' sender settles the same way by sending the same merchant number again (imports/runner.ts).
 */

/** What reading found: done (and the data the answer would have carried), refused as the supplier would have, or not done. */
export type Settled = { outcome: 'done'; data: unknown } | { outcome: 'refused'; msg: string } | { outcome: 'not_done' };

/** A read through the gateway's client (tried again as reads are): its data, or null when it too went unanswered. */
export type Read = (id: OpId, input: Record<string, unknown>) => Promise<Data | null>;
/** An answer's data as read (the upstream's, unchecked): only the fields a settler looks at. */
type Data = { list?: Record<string, unknown>[]; [field: string]: unknown };

/** A write's input as the gateway checked it (each settler names the fields it reads). */
type Input = Record<string, unknown>;

interface Settler {
  /** Read before the write, when telling needs what was there before (the after-sales of a line). */
  before?(input: Input, read: Read): Promise<unknown>;
  /** null: reading could not tell either (the reads failed too). */
  find(input: Input, read: Read, before: unknown): Promise<Settled | null>;
}

const ORDER_PAID = 1;
const ORDER_CLOSED = 5;
const RECEIVED = 4;

/** An order by the number a write names: the merchant number, else the platform number before its `_`. */
async function orderByAnySn(read: Read, orderSn: string) {
  const byThird = await read('order.list', { search: { page: 1, limit: 5, thirdSn: orderSn } });
  if (!byThird) return undefined;
  const found = ((byThird.list ?? []) as { thirdSn: string }[]).find((o) => o.thirdSn === orderSn);
  if (found) return found as { sn: string; thirdSn: string; status: number; payStatus: number };
  const main = orderSn.split('_')[0]!;
  const bySn = await read('order.list', { search: { page: 1, limit: 5, sn: main } });
  if (!bySn) return undefined;
  return (((bySn.list ?? []) as { sn: string }[]).find((o) => o.sn === main) ?? null) as { status: number; payStatus: number } | null;
}

export const SETTLE: Partial<Record<OpId, Settler>> = {
  // Checkout: the merchant number is accepted once; an order under it is this write's. Kept unpaid, the
  // supplier had answered 余额不足 (the order waits among the failed ones), as checkout expects.
  'order.submit': {
    async find(input: { orderSn: string }, read) {
      const o = await orderByAnySn(read, input.orderSn);
      if (o === undefined) return null;
      if (!o) return { outcome: 'not_done' };
      return o.payStatus === ORDER_PAID
        ? { outcome: 'done', data: null }
        : { outcome: 'refused', msg: '余额不足（订单已保留为待支付，可在失败订单中补单）' };
    },
  },
  // Failed-order retry pays the order; refund closes it.
  'order.retry': {
    async find(input: { orderSn: string }, read) {
      const o = await orderByAnySn(read, input.orderSn);
      if (o === undefined) return null;
      return o && o.payStatus === ORDER_PAID && o.status !== ORDER_CLOSED ? { outcome: 'done', data: null } : { outcome: 'not_done' };
    },
  },
  'order.refund': {
    async find(input: { orderSn: string }, read) {
      const o = await orderByAnySn(read, input.orderSn);
      if (o === undefined) return null;
      return o && o.status === ORDER_CLOSED ? { outcome: 'done', data: null } : { outcome: 'not_done' };
    },
  },
  // Confirm receipt: the line's goods received (or completed since).
  'logistic.confirm': {
    async find(input: { goods_sn: string }, read) {
      const d = await read('order.detail', { sn: input.goods_sn });
      if (!d) return null;
      return (d.goodsStatus as number) >= RECEIVED ? { outcome: 'done', data: {} } : { outcome: 'not_done' };
    },
  },
  // After-sale apply: a request of the line that was not there before the write.
  'afterSale.apply': {
    async before(input: { orderSn: string; sku: number }, read) {
      const page = await read('afterSale.list', { page: 1, limit: 100, orderSn: input.orderSn, sku: input.sku });
      return page ? new Set(((page.list ?? []) as { id: number }[]).map((r) => r.id)) : null;
    },
    async find(input: { orderSn: string; sku: number }, read, before) {
      if (!(before instanceof Set)) return null;
      const page = await read('afterSale.list', { page: 1, limit: 100, orderSn: input.orderSn, sku: input.sku });
      if (!page) return null;
      const made = ((page.list ?? []) as { id: number }[]).filter((r) => !before.has(r.id));
      if (made.length === 0) return { outcome: 'not_done' };
      return { outcome: 'done', data: { id: Math.max(...made.map((r) => r.id)) } };
    },
  },
  // Mailing info: the request carries the tracking number sent.
  'afterSale.mail': {
    async find(input: { id: number; sn: string }, read) {
      const r = await read('afterSale.detail', { id: input.id });
      if (!r) return null;
      const sent = (r as { sendData?: { sn?: string } | null }).sendData?.sn;
      return sent === input.sn ? { outcome: 'done', data: null } : { outcome: 'not_done' };
    },
  },
};

/** No answer came, or an answer that says nothing of the outcome (5xx): the supplier may have acted. */
export function outcomeUnknown(answer: UpstreamAnswer): boolean {
  if (answer.status === 200) return false;
  const g = (answer.envelope as { gateway?: { reason?: string } }).gateway;
  return g?.reason === 'timeout' || g?.reason === 'unreachable' || g?.reason === 'bad_status';
}

/** Reads through the gateway's client: data of a code-1 answer, else null. */
export const readerFor =
  (target: UpstreamTarget): Read =>
  async (id, input) => {
    const answer = await callUpstream(target, buildUpstreamRequest(getOperation(id)!, input));
    return answer.code === SUCCESS_CODE ? (((answer.envelope as { data?: unknown }).data ?? null) as Data | null) : null;
  };

/**
 * Settles a write: `prepare` before sending (what it needs of before), `settle` with the answer. An
 * answer that came goes on as it is; a lost one is replaced by what reading found: the answer it would
 * have been, with `settled` saying so (`found: true`), or the gateway's `not_done`; when reading could
 * not tell either, the lost answer goes on.
 */
export async function prepareSettle(target: UpstreamTarget, id: OpId, input: Record<string, unknown>) {
  const s = SETTLE[id];
  return s?.before ? await s.before(input, readerFor(target)).catch(() => null) : undefined;
}

export async function settle(
  target: UpstreamTarget,
  id: OpId,
  input: Record<string, unknown>,
  answer: UpstreamAnswer,
  before: unknown,
): Promise<UpstreamAnswer> {
  const s = SETTLE[id];
  if (!s || !outcomeUnknown(answer)) return answer;
  const found = await s.find(input, readerFor(target), before).catch(() => null);
  if (!found) return answer;
  const ms = answer.ms;
  const title = getOperation(id)!.title;
  if (found.outcome === 'done') {
    const envelope = {
      code: SUCCESS_CODE,
      msg: `The supplier did it (${title}); its answer was lost, and it was found by reading.`,
      data: found.data,
      settled: { found: true },
    };
    return { status: 200, envelope, code: SUCCESS_CODE, text: JSON.stringify(envelope), ms };
  }
  if (found.outcome === 'refused') {
    const envelope = { code: FAILURE_CODE, msg: found.msg, data: null, settled: { found: true } };
    return { status: 200, envelope, code: FAILURE_CODE, text: JSON.stringify(envelope), ms };
  }
  const envelope = gatewayFailure(
    'not_done',
    `The supplier's answer was lost; reading shows it was not done (${title}). Nothing changed: it may be tried again.`,
  );
  return { status: 502, envelope, code: FAILURE_CODE, ms };
}
