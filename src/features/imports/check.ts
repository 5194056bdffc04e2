import type { Address, BeforeCheckItem, GoodsDetail, ImportPrecheckAnswer, OpData, OpId, OpInput, SkuOption } from '../../../contract';
import { PRECHECK_MAX_BYTES, PRECHECK_MAX_ORDERS } from '../../../contract/schemas/imports';
import { SKU_LOOKUP_MAX } from '../../../contract/schemas/sku-index';
import { addressFormSchema } from '../../lib/address-form';
import { whyNotSold } from '../cart';
import type { Column } from './sheet/columns';
import { matchRegion, type AreaList } from './sheet/regions';
import { addressGroups, parseQuantity, type RowProblem, type SheetOrder, type SheetRow } from './sheet/rows';

/**
 * The check of a sheet before anything is sent: every order's address with the checkout's rules and
 * its region matched to the division list, every product (or SKU) read from the supplier in batches,
 * the numbers placed before, then availability and the pre-check of each order, a few at once. What
 * comes out is one line per order with its status and, for each thing wrong, a problem the page says
 * in the person's language.
 */

export type OrderStatus = 'ready' | 'fix' | 'unsellable' | 'already';

export type Problem =
  | (RowProblem & { row: number })
  /** The address rules of checkout (`cart:form.<key>`). */
  | { row: number; column: Column; code: 'form'; key: string }
  /** A province, city or district the division list does not have (or has twice). */
  | { row: number; column: 'province' | 'city' | 'area'; code: 'region' }
  | { row: number; column: 'product'; code: 'unknownProduct' }
  /** The product has several SKUs and the spec names none of them: pick one. */
  | { row: number; column: 'spec'; code: 'pickSku'; count: number }
  /** The supplier will not sell the line: `reason` is its sentence, or a key of `cart:reason`. */
  | { row: number; column: null; code: 'notSold'; reason: string; key?: 'offSale' | 'noStock' | 'stockShort' | 'region'; left?: number }
  /** Could not be checked (the supplier or the gateway away): check again. */
  | { row: null; column: null; code: 'unchecked' };

export interface CheckedLine {
  row: number;
  goodsId?: number;
  title?: string;
  sku?: number;
  specName?: string;
  /** The agreement price the supplier gave (fen). */
  price?: number;
  /** The price before, when the pre-check said it changed (fen). */
  was?: number;
  number: number;
  /** The product's SKUs, to pick one from. */
  options?: { id: number; name: string; price: number; stock: number }[];
}

/** The region of an order as matched to the division list (shown even when another cell of the address is wrong). */
export interface RegionMatch {
  province: string;
  city: string;
  area: string;
  /** Written as in the division list. */
  exact: boolean;
}

export interface CheckedOrder {
  /** The sheet's order number, or `#<row>`. */
  key: string;
  orderSn: string;
  rows: SheetRow[];
  status: OrderStatus;
  problems: Problem[];
  /** The address as it will be sent (full region names), when it is good. */
  address?: Address;
  /** The region as matched, when it was found (also when the phone or another cell is wrong). */
  region?: RegionMatch;
  /** Whether the region was written as in the division list (else it shows what it was matched to). */
  regionExact?: boolean;
  /** The street was empty: the district's name is sent in its place. */
  streetFilled?: boolean;
  lines: CheckedLine[];
  goods: number;
  freight: number;
  /** The platform's number of an order placed before. */
  platformSn?: string | null;
}

/** How the check reaches the supplier and the gateway (the page: callOp and bffFetch; tests: a gateway). */
export interface CheckDeps {
  op: <K extends OpId>(id: K, input: OpInput<K>) => Promise<OpData<K>>;
  /** The order numbers placed before, with their platform numbers. */
  known: (orderSns: string[]) => Promise<{ orderSn: string; platformSn: string | null }[]>;
  regions: AreaList;
  /**
   * The gateway's SKU index (`/bff/skus`): which goods each SKU id belongs to. Asked once a check
   * for the ids that are neither a product the sheet names nor a SKU of one.
   */
  skus: (ids: number[]) => Promise<{ list: { sku: number; goodsId: number }[]; unknown: number[] }>;
  /** Calls at once (bulk details, pre-checks); 8 unless said. */
  concurrency?: number;
  /**
   * The pre-check of many orders in one request (`/bff/precheck-orders`): one answer per order, in
   * order. Without it, order.beforeCheck is asked once per order through `op`.
   */
  precheck?: (orders: OpInput<'order.beforeCheck'>[]) => Promise<ImportPrecheckAnswer['results']>;
  /** Told as orders are pre-checked: how many of how many. */
  onProgress?: (done: number, total: number) => void;
}

/** Pre-check requests at once (each asks the supplier a few orders at a time itself). */
const PRECHECK_REQUESTS_AT_ONCE = 2;
/** The bytes of a pre-check request around its orders (`{"orders":[…]}`). */
const PRECHECK_ENVELOPE_BYTES = 16;

/** Products per bulk-detail call (the supplier takes at most 50 ids). */
const DETAIL_BATCH = 50;
/** SKU ids per look-up in the gateway's index: every SKU of a sheet in one call (it takes a sheet's worth). */
const SKU_BATCH = SKU_LOOKUP_MAX;

/** Runs `fn` over `items`, `limit` at a time. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const norm = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/[\s/,;:，；：、|]+/g, '')
    .toLowerCase();

/** The SKU a spec text names: the one whose spec values it holds all of (or is held by), if just one. */
function optionBySpec(options: SkuOption[], spec: string): SkuOption | undefined {
  const want = norm(spec);
  if (!want) return undefined;
  const exact = options.filter((o) => norm(o.spec_value_names) === want);
  if (exact.length === 1) return exact[0];
  const near = options.filter((o) => {
    const have = norm(o.spec_value_names);
    return have.includes(want) || want.includes(have);
  });
  return near.length === 1 ? near[0] : undefined;
}

const optionView = (o: SkuOption) => ({ id: o.id, name: o.spec_value_names, price: o.agreement_price, stock: o.stock });

/** The address of an order from its first row, by the checkout's rules, with the region matched. */
function addressOf(order: SheetOrder, regions: AreaList, out: CheckedOrder) {
  const first = order.rows[0]!;
  const v = first.values;
  const match = matchRegion(regions, { province: v.province, city: v.city, area: v.area });
  if (!match.ok) {
    if (v.province && v.city && v.area) out.problems.push({ row: first.row, column: match.column, code: 'region' });
    return;
  }
  out.region = { province: match.province, city: match.city, area: match.area, exact: match.exact };
  out.regionExact = match.exact;
  out.streetFilled = !v.street.trim();
  const street = v.street.trim() || match.area;
  const parsed = addressFormSchema.safeParse({
    consignee: v.consignee,
    phone: v.phone,
    province: match.province,
    city: match.city,
    area: match.area,
    street,
    description: v.description,
  });
  if (!parsed.success) {
    // The sheet's own problems (required, phone…) are there already: only what they do not say.
    const known = new Set(first.problems.map((p) => p.column));
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0]) as Column;
      if (!known.has(column)) out.problems.push({ row: first.row, column, code: 'form', key: issue.message });
    }
    return;
  }
  out.address = parsed.data;
}

/** Checks every order of a sheet; the orders come back in sheet order. */
export async function checkOrders(orders: SheetOrder[], deps: CheckDeps): Promise<CheckedOrder[]> {
  const limit = deps.concurrency ?? 8;
  const out: CheckedOrder[] = orders.map((o) => ({
    key: o.orderSn,
    orderSn: o.orderSn.startsWith('#') ? '' : o.orderSn,
    rows: o.rows,
    status: 'ready',
    problems: [
      ...o.problems.map((p) => ({ ...p, row: o.rows[0]!.row })),
      ...o.rows.flatMap((r) => r.problems.map((p) => ({ ...p, row: r.row }))),
    ],
    lines: [],
    goods: 0,
    freight: 0,
  }));

  // Numbers placed before (the mirror, earlier jobs): nothing else is asked about those.
  // Only numbers the supplier takes (6–64 letters, digits, _ or -): another was never placed, and
  // the gateway's body cap fits 5,000 of the longest.
  const sns = out.map((o) => o.orderSn).filter((sn) => /^[A-Za-z0-9_-]{6,64}$/.test(sn));
  const known = new Map<string, string | null>();
  for (let i = 0; i < sns.length; i += 5000) for (const k of await deps.known(sns.slice(i, i + 5000))) known.set(k.orderSn, k.platformSn);

  // Every id of the product column read as a product first, in batches.
  const isId = (v: string) => /^\d{1,12}$/.test(v) && Number(v) <= 2 ** 31;
  const ids = new Set<number>();
  for (const o of out) if (!known.has(o.orderSn)) for (const r of o.rows) if (isId(r.values.product)) ids.add(Number(r.values.product));
  const details = new Map<number, GoodsDetail>();
  let detailsFailed = false;
  const readDetails = async (wanted: number[]) => {
    const batches: number[][] = [];
    for (let i = 0; i < wanted.length; i += DETAIL_BATCH) batches.push(wanted.slice(i, i + DETAIL_BATCH));
    await pool(batches, limit, async (batch) => {
      try {
        for (const d of await deps.op('goods.bulkDetail', { ids: batch.join(',') })) details.set(d.id, d);
      } catch {
        detailsFailed = true;
      }
    });
  };
  await readDetails([...ids]);
  // A SKU id in the product column: a SKU of a product read. The rest are asked of the gateway's SKU
  // index in one call (it knows the goods of every detail it forwarded and of the selection library),
  // then their goods are read like the others: stock, sale state and price are the supplier's now.
  const bySku = new Map<number, { goods: GoodsDetail; option: SkuOption }>();
  const indexSkus = () => {
    for (const goods of details.values()) for (const option of goods.specs.options) bySku.set(option.id, { goods, option });
  };
  indexSkus();
  const unresolved = [...ids].filter((id) => !details.has(id) && !bySku.has(id));
  let skusFailed = false;
  if (unresolved.length && !detailsFailed) {
    try {
      const goodsIds = new Set<number>();
      for (let i = 0; i < unresolved.length; i += SKU_BATCH)
        for (const f of (await deps.skus(unresolved.slice(i, i + SKU_BATCH))).list) if (!details.has(f.goodsId)) goodsIds.add(f.goodsId);
      await readDetails([...goodsIds]);
      indexSkus();
    } catch {
      skusFailed = true;
    }
  }

  for (const o of out) {
    if (known.has(o.orderSn)) {
      // Placed before: what the sheet's cells say now is no longer a problem of this order.
      o.status = 'already';
      o.platformSn = known.get(o.orderSn) ?? null;
      o.problems = [];
      continue;
    }
    addressOf({ orderSn: o.key, rows: o.rows, problems: [] }, deps.regions, o);
    const group = new Map(addressGroups(o.rows).flatMap((g, i) => g.map((row) => [row, i])));
    const sameAddress = (a: number, b: number) => group.get(a) === group.get(b);
    for (const r of o.rows) {
      const number = parseQuantity(r.values.quantity) ?? 0;
      const id = Number(r.values.product);
      const line: CheckedLine = { row: r.row, number };
      o.lines.push(line);
      if (!isId(r.values.product)) continue;
      const goods = details.get(id);
      const viaSku = goods ? undefined : bySku.get(id);
      if (!goods && !viaSku) {
        if (detailsFailed || skusFailed) o.problems.push({ row: null, column: null, code: 'unchecked' });
        else o.problems.push({ row: r.row, column: 'product', code: 'unknownProduct' });
        continue;
      }
      const g = goods ?? viaSku!.goods;
      line.goodsId = g.id;
      line.title = g.title;
      const options = g.specs.options;
      const option = viaSku?.option ?? (options.length === 1 ? options[0] : optionBySpec(options, r.values.spec));
      if (!option) {
        line.options = options.map(optionView);
        o.problems.push({ row: r.row, column: 'spec', code: 'pickSku', count: options.length });
        continue;
      }
      // The same SKU twice in one order (its product id and spec on one row, its SKU id on another), for one address.
      if (o.lines.some((l) => l !== line && l.sku === option.id && sameAddress(l.row, r.row))) {
        if (!o.problems.some((p) => p.row === r.row && p.code === 'duplicateLine'))
          o.problems.push({ row: r.row, column: 'product', code: 'duplicateLine' });
        continue;
      }
      line.sku = option.id;
      line.specName = option.spec_value_names;
      line.price = option.agreement_price;
      if (options.length > 1) line.options = options.map(optionView);
      const local = whyNotSold(g, option, number || 1);
      if (local.key !== 'region')
        o.problems.push({ row: r.row, column: null, code: 'notSold', reason: '', key: local.key, left: local.left });
    }
    o.goods = o.lines.reduce((s, l) => s + (l.price ?? 0) * l.number, 0);
  }

  // Availability and the pre-check of the orders that are complete.
  const complete = out.filter((o) => o.status !== 'already' && o.address && o.problems.length === 0 && o.lines.every((l) => l.sku));
  deps.onProgress?.(0, complete.length);
  const [availability, prechecked] = await Promise.all([availableByRegion(complete, deps.op, limit), precheckAll(complete, deps, limit)]);
  for (const o of complete) {
    const banned = availability.get(o);
    const before = prechecked.get(o);
    if (!banned || !before) {
      o.problems.push({ row: null, column: null, code: 'unchecked' });
      continue;
    }
    o.freight = before.reduce((s, b) => s + b.freight, 0);
    const unsellable = new Map(before.flatMap((b) => b.unsellable ?? []).map((u) => [u.sku, u]));
    for (const l of o.lines) {
      const u = unsellable.get(l.sku!);
      if (u && /价格已变动/.test(u.reason) && u.price !== undefined) {
        // A changed price is not a refusal: the new one is what the order will cost, and it shows.
        l.was = l.price;
        l.price = u.price;
      } else if (u) o.problems.push({ row: l.row, column: null, code: 'notSold', reason: u.reason });
      else if (banned.has(l.sku!)) o.problems.push({ row: l.row, column: null, code: 'notSold', reason: '', key: 'region' });
    }
    o.goods = o.lines.reduce((s, l) => s + (l.price ?? 0) * l.number, 0);
  }

  for (const o of out) {
    if (o.status === 'already') continue;
    const sold = o.problems.filter((p) => p.code === 'notSold');
    o.status = o.problems.length === 0 ? 'ready' : sold.length === o.problems.length ? 'unsellable' : 'fix';
  }
  return out;
}

/** Lines an availability call takes at most (the operation's own limit). */
const AVAILABLE_MAX_LINES = 100;

/**
 * Availability (order.availableCheck) of every complete order, asked once per region rather than
 * once per order: the supplier answers it line by line, for a SKU and a number delivered to a
 * province, city and district (its region bans, its stock), so each (SKU, number) a region's orders
 * hold is asked once, each SKU at most once a call (its answer names SKUs), 100 lines a call, with
 * the address of one of the region's orders. An order's banned SKUs are those banned in any of its
 * lines, as when it was asked alone. An order some of whose lines were in a call that failed is asked
 * alone; if that fails too, it is missing from the answer (unchecked); the others are not touched.
 */
export async function availableByRegion(
  orders: CheckedOrder[],
  op: CheckDeps['op'],
  limit: number,
): Promise<Map<CheckedOrder, Set<number>>> {
  interface Call {
    address: Address;
    lines: Map<number, number>;
  }
  const calls: Call[] = [];
  /** Per order, the calls and SKUs its lines went into. */
  const asked = new Map<CheckedOrder, { call: Call; sku: number }[]>();
  const regions = new Map<string, { address: Address; calls: Call[]; placed: Map<string, Call> }>();
  for (const o of orders) {
    const a = o.address!;
    const key = JSON.stringify([a.province, a.city, a.area]);
    let region = regions.get(key);
    if (!region) regions.set(key, (region = { address: a, calls: [], placed: new Map() }));
    const mine: { call: Call; sku: number }[] = [];
    for (const l of o.lines) {
      const pair = `${l.sku!}:${l.number}`;
      let call = region.placed.get(pair);
      if (!call) {
        call = region.calls.find((c) => c.lines.size < AVAILABLE_MAX_LINES && !c.lines.has(l.sku!));
        if (!call) {
          call = { address: region.address, lines: new Map() };
          region.calls.push(call);
          calls.push(call);
        }
        call.lines.set(l.sku!, l.number);
        region.placed.set(pair, call);
      }
      mine.push({ call, sku: l.sku! });
    }
    asked.set(o, mine);
  }
  const banned = new Map<Call, Set<number> | null>();
  await pool(calls, limit, async (call) => {
    try {
      const answer = await op('order.availableCheck', {
        spu: [...call.lines].map(([sku, number]) => ({ sku, number })),
        address: call.address,
      });
      banned.set(call, new Set(answer.flatMap((a) => a.ban)));
    } catch {
      banned.set(call, null);
    }
  });
  const out = new Map<CheckedOrder, Set<number>>();
  const again: CheckedOrder[] = [];
  for (const [o, mine] of asked) {
    const bans = new Set<number>();
    let failed = false;
    for (const { call, sku } of mine) {
      const b = banned.get(call);
      if (!b) failed = true;
      else if (b.has(sku)) bans.add(sku);
    }
    if (failed) again.push(o);
    else out.set(o, bans);
  }
  // A region's call refused (one SKU the supplier will not take in a list may refuse it all): its
  // orders are asked one by one, as before, so one order's line never leaves the others unchecked.
  await pool(again, limit, async (o) => {
    try {
      const answer = await op('order.availableCheck', {
        spu: o.lines.map((l) => ({ sku: l.sku!, number: l.number })),
        address: o.address!,
      });
      out.set(o, new Set(answer.flatMap((a) => a.ban)));
    } catch {
      // Unchecked.
    }
  });
  return out;
}

/**
 * The pre-check (order.beforeCheck) of every complete order, each with its own lines and address (its
 * freight and refusals are its own). Through `deps.precheck` many orders a request (up to
 * PRECHECK_MAX_ORDERS and PRECHECK_MAX_BYTES, two requests at a time), else one call per order,
 * `limit` at once. Progress is told as answers come. An order whose answer did not come (its call, or
 * its request, failed) is missing from the result.
 */
async function precheckAll(orders: CheckedOrder[], deps: CheckDeps, limit: number): Promise<Map<CheckedOrder, BeforeCheckItem[]>> {
  const out = new Map<CheckedOrder, BeforeCheckItem[]>();
  const inputOf = (o: CheckedOrder): OpInput<'order.beforeCheck'> => ({
    spu: o.lines.map((l) => ({ sku: l.sku!, number: l.number, price: l.price })),
    address: o.address!,
  });
  let done = 0;
  const precheck = deps.precheck;
  if (!precheck) {
    await pool(orders, limit, async (o) => {
      try {
        out.set(o, await deps.op('order.beforeCheck', inputOf(o)));
      } catch {
        // Unchecked.
      }
      deps.onProgress?.(++done, orders.length);
    });
    return out;
  }
  const batches: { orders: CheckedOrder[]; inputs: OpInput<'order.beforeCheck'>[] }[] = [];
  const encoder = new TextEncoder();
  let bytes = 0;
  for (const o of orders) {
    const input = inputOf(o);
    const size = encoder.encode(JSON.stringify(input)).length + 1;
    let last = batches.at(-1);
    if (!last || last.orders.length >= PRECHECK_MAX_ORDERS || bytes + size > PRECHECK_MAX_BYTES) {
      batches.push((last = { orders: [], inputs: [] }));
      bytes = PRECHECK_ENVELOPE_BYTES;
    }
    last.orders.push(o);
    last.inputs.push(input);
    bytes += size;
  }
  await pool(batches, PRECHECK_REQUESTS_AT_ONCE, async (batch) => {
    try {
      const results = await precheck(batch.inputs);
      batch.orders.forEach((o, i) => {
        const r = results[i];
        if (r && 'data' in r) out.set(o, r.data);
      });
    } catch {
      // The batch's orders unchecked; the others keep their answers.
    }
    done += batch.orders.length;
    deps.onProgress?.(done, orders.length);
  });
  return out;
}
