import type { Address } from '../../../contract';
import type { ImportRecheckOrder, ImportRefusal, ImportResendAnswer, ImportResendInput } from '../../../contract/schemas/imports';
import type { Kdb } from '../db';
import type { OpCaller } from '../messages/effects';
import { readRefusal } from './refusal';
import type { ImportStore } from './store';

/** Pre-checks at once when refused orders are checked again. */
const RECHECK_CONCURRENCY = 4;

/** What an order of a job sends (`import_orders.input`): `{}` once its rows were removed past the retention. */
interface SentInput {
  orderSn?: string;
  spu?: { sku: number; number: number; price?: number }[];
  address?: Address;
  strictMode?: boolean;
}

async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const isPriceChange = (reason: string) => /价格已变动/.test(reason);

/**
 * The refused orders of a job checked again with the supplier's pre-check, as they were sent: a line
 * whose agreement price moved comes back with the price now, and the order is checked once more at
 * that price (the supplier's freight, anything else it will not sell). Nothing is placed here.
 */
export async function recheckRefused(k: Kdb, call: OpCaller, jobId: number): Promise<ImportRecheckOrder[]> {
  const rows = await k
    .selectFrom('import_orders')
    .select(['order_sn', 'input'])
    .where('job_id', '=', jobId)
    .where('state', '=', 'refused')
    .orderBy('id')
    .execute();
  const out: ImportRecheckOrder[] = [];
  await pool(rows, RECHECK_CONCURRENCY, async (row) => {
    const sent = JSON.parse(row.input) as SentInput;
    if (!sent.spu?.length || !sent.address) return;
    const address = sent.address;
    const check = async (spu: { sku: number; number: number; price?: number }[]) => {
      const answer = await call('order.beforeCheck', { spu, address });
      return {
        freight: answer.reduce((s, b) => s + b.freight, 0),
        unsellable: new Map(answer.flatMap((b) => b.unsellable ?? []).map((u) => [u.sku, u])),
      };
    };
    let result = await check(sent.spu);
    const prices = new Map(sent.spu.map((l) => [l.sku, l.price]));
    let moved = false;
    for (const [sku, u] of result.unsellable)
      if (isPriceChange(u.reason) && u.price !== undefined) {
        prices.set(sku, u.price);
        moved = true;
      }
    // At the prices now: the freight of the whole order, and whatever else stands in the way.
    if (moved) result = await check(sent.spu.map((l) => ({ ...l, price: prices.get(l.sku) })));
    const reasons: ImportRefusal[] = [...result.unsellable.values()].flatMap((u) => readRefusal(`sku ${u.sku} ${u.reason}`));
    const lines = sent.spu.map((l) => ({ sku: l.sku, number: l.number, was: l.price ?? null, price: prices.get(l.sku) ?? l.price ?? 0 }));
    out.push({
      orderSn: row.order_sn,
      ready: reasons.length === 0,
      lines,
      goods: lines.reduce((s, l) => s + l.price * l.number, 0),
      freight: result.freight,
      reasons,
    });
  });
  const order = new Map(rows.map((r, i) => [r.order_sn, i]));
  return out.sort((a, b) => order.get(a.orderSn)! - order.get(b.orderSn)!);
}

/**
 * Refused orders of a job queued again under their own numbers, at the prices the person confirmed.
 * Each one moves from `refused` to `queued` by one conditional update, so two resends (a double
 * click, two tabs) queue it once; a number the order mirror or another job knows as placed is not
 * sent again. Its send count starts over: "number exists" on its first send means someone else placed
 * it since (`already`), on a later one that this send got through (`placed`), as for any order.
 */
export async function resendRefused(k: Kdb, store: ImportStore, jobId: number, input: ImportResendInput): Promise<ImportResendAnswer> {
  const answer: ImportResendAnswer = { queued: [], skipped: [] };
  const wanted = new Map(input.orders.map((o) => [o.orderSn, o.prices]));
  const sns = [...wanted.keys()];
  const rows: { id: number; order_sn: string; input: string }[] = [];
  for (let i = 0; i < sns.length; i += 500)
    rows.push(
      ...(await k
        .selectFrom('import_orders')
        .select(['id', 'order_sn', 'input'])
        .where('job_id', '=', jobId)
        .where('state', '=', 'refused')
        .where('order_sn', 'in', sns.slice(i, i + 500))
        .execute()),
    );
  const found = new Map(rows.map((r) => [r.order_sn, r]));
  const [mirror, jobs] = await Promise.all([store.mirrored(sns), store.placedOf(sns)]);
  for (const [orderSn, prices] of wanted) {
    const row = found.get(orderSn);
    if (!row) {
      answer.skipped.push({ orderSn, why: 'not_refused' });
      continue;
    }
    if (mirror.has(orderSn) || jobs.has(orderSn)) {
      answer.skipped.push({ orderSn, why: 'placed_before' });
      continue;
    }
    const sent = JSON.parse(row.input) as SentInput;
    const byPrice = new Map(prices.map((p) => [p.sku, p.price]));
    if (!sent.spu?.length || sent.spu.length !== byPrice.size || sent.spu.some((l) => !byPrice.has(l.sku))) {
      answer.skipped.push({ orderSn, why: 'lines_differ' });
      continue;
    }
    const spu = sent.spu.map((l) => ({ ...l, price: byPrice.get(l.sku)! }));
    const r = await k
      .updateTable('import_orders')
      .set({
        state: 'queued',
        input: JSON.stringify({ ...sent, spu }),
        goods: spu.reduce((s, l) => s + l.price * l.number, 0),
        msg: '',
        reasons: '[]',
        attempts: 0,
        next_at: 0,
        updated_at: Date.now(),
      })
      .where('id', '=', row.id)
      .where('state', '=', 'refused')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) answer.queued.push(orderSn);
    else answer.skipped.push({ orderSn, why: 'not_refused' });
  }
  return answer;
}
