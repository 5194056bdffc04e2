import { sql } from 'kysely';
import type { Order } from '../contract';
import { createBffApp } from '../server/gateway/app';
import type { GatewayDb } from '../server/gateway/db';
import { onBothDatabases } from './both-databases';
import { benchSignIn } from './sign-in';
import { MirrorStore } from '../server/gateway/mirror';
import { learnCouriers } from '../server/gateway/shipments';

/**
 * Issue 51.4: BENCH_SHIPMENTS packages (default 10,000) in the shipments table, written by the order
 * mirror as it writes their orders (two channels each, a tracking number per channel), then read
 * through `GET /bff/shipments` as the page will: a page of the new ones, and all of them at once for
 * a sheet; all of them written as the shop's sheet by the gateway (`POST /bff/shipments/download`:
 * the generic format as .xlsx and .csv, a format of the merchant's own with a row per shop order and a
 * carrier map, and a download that marks them handed over as a batch, then undone); and all of them
 * marked handed over and undone (`POST /bff/shipments/mark`). Target: the list, the whole read and
 * each sheet ≤ 2 s. SQLite and PostgreSQL (BENCH_SHIPMENTS_DB=sqlite or postgres: one).
 */
const TZ = 'Asia/Shanghai';
const SOURCES = [1, 2, 3, 4, 6];
const COURIERS = ['顺丰速运', '中通快递', '圆通速递', '韵达快递', '京东物流'];
const CODES = ['SF', 'ZTO', 'YTO', 'YUNDA', 'JD'];

/** Orders of two channels each, shipped over the last 30 days, two lines per channel. */
function* shippedOrders(packages: number, end: number): Generator<Order> {
  for (let i = 0; i < packages / 2; i++) {
    const created = end - Math.floor(((i * 7919) % 30) * 86_400) - (i % 86_400);
    const sn = `S${created}${String(i).padStart(7, '0')}`;
    const children = [SOURCES[i % SOURCES.length]!, SOURCES[(i + 1) % SOURCES.length]!].map((source, c) => ({
      sn: `${sn}_${source}`,
      source,
      logisticFee: 600,
      goodsFee: 2 * 1990,
      goodsStatus: 3,
      orderStatus: 1,
      deliverTime: created + 7200 + c * 60,
      createdTime: created,
      shopInfo: { name: 'shop' },
      goods: [1, 2].map((l) => ({
        sn: `${sn}_${source}_${l}_1`,
        goodsId: 1000 + ((i + l) % 5000),
        sku: (1000 + ((i + l) % 5000)) * 10 + 1,
        skuName: `颜色:${l === 1 ? '黑色' : '白色'};尺码:M`,
        image: '',
        name: `商品 ${1000 + ((i + l) % 5000)} 的一个不短的标题`,
        number: l,
        price: 1990,
        refundTime: 0,
        createdTime: created,
        payStatus: 1,
        deliverName: COURIERS[(i + c) % COURIERS.length]!,
        deliverNo: `SF${String(i).padStart(8, '0')}${c}`,
      })),
    }));
    yield {
      id: i + 1,
      sn,
      thirdSn: `TB${String(i).padStart(9, '0')}`,
      goodsFee: 4 * 1990,
      logisticFee: 1200,
      address: { consignee: '张三', phone: '13800138000', province: '浙江省', city: '杭州市', area: '西湖区', street: '', description: '' },
      createdTime: created,
      payStatus: 1,
      checkStatus: 1,
      status: 3,
      children,
    } as Order;
  }
}

export interface ShipmentsBench {
  dialect: string;
  packages: number;
  /** Orders written by the mirror per second (their packages with them). */
  ingestPerSecond: number;
  calls: { name: string; p50: number; max: number; rounds: number }[];
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function benchOne(dialect: string, db: GatewayDb, packages: number): Promise<ShipmentsBench> {
  const mirror = new MirrorStore(db, TZ);
  const end = Math.floor(Date.now() / 1000);
  const t0 = performance.now();
  let batch: Order[] = [];
  let orders = 0;
  for (const o of shippedOrders(packages, end)) {
    batch.push(o);
    if (batch.length === 500) {
      orders += await mirror.upsert(batch);
      batch = [];
    }
  }
  if (batch.length) orders += await mirror.upsert(batch);
  const ingestPerSecond = orders / ((performance.now() - t0) / 1000);
  if (dialect === 'PostgreSQL') await sql`analyze`.execute(db.kysely);
  const held = Number((await sql<{ n: number }>`select count(*) as n from shipments`.execute(db.kysely)).rows[0]!.n);
  if (held !== packages) throw new Error(`expected ${packages} packages, the table holds ${held}`);

  const bff = createBffApp({
    db,
    upstream: { baseUrl: 'http://127.0.0.1:9', appKey: 'k', appSecret: 's', timeoutMs: 1000 },
    mode: 'upstream',
  });
  const cookie = await benchSignIn(bff);
  const call = async (path: string, init?: RequestInit) => {
    const t = performance.now();
    const res = await bff.app.request(path, { ...init, headers: { 'content-type': 'application/json', cookie } });
    const body = (await res.json()) as { list?: { id: number }[]; count?: number; changed?: number };
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t, body };
  };
  const calls: ShipmentsBench['calls'] = [];
  const measure = async (name: string, rounds: number, run: () => Promise<{ ms: number }>) => {
    await run();
    const ms: number[] = [];
    for (let i = 0; i < rounds; i++) ms.push((await run()).ms);
    calls.push({ name, p50: pct(ms, 50), max: Math.max(...ms), rounds });
  };
  await measure('a page of the new ones (50)', 20, () => call('/shipments?state=new&size=50'));
  await measure('a page of a channel, 30 days (50)', 20, () => {
    const to = new Date(end * 1000).toISOString().slice(0, 10);
    const from = new Date((end - 29 * 86_400) * 1000).toISOString().slice(0, 10);
    return call(`/shipments?state=all&channel=2&from=${from}&to=${to}&size=50`);
  });
  await measure(`all ${packages.toLocaleString('en')} for a sheet (one read)`, 5, async () => {
    const r = await call(`/shipments?state=new&size=${packages}`);
    if (r.body.list?.length !== packages) throw new Error(`read ${r.body.list?.length} of ${packages}`);
    return r;
  });
  // The sheets, written by the gateway: the courier codes known (as after a forwarded logistic.firms).
  await learnCouriers(
    db.kysely,
    COURIERS.map((name, i) => ({ name, sn: CODES[i] })),
  );
  const own = (
    await call('/shipments/formats', {
      method: 'POST',
      body: JSON.stringify({
        name: '店铺模板',
        columns: [
          { field: 'shopOrderSn', header: '订单编号' },
          { field: 'courierName', header: '快递公司' },
          { field: 'trackingNo', header: '快递单号' },
          { field: 'shippedAt', header: '发货时间' },
          { field: 'lines', header: '商品' },
        ],
        perOrder: true,
        joiner: ',',
        carrierMap: Object.fromEntries(CODES.map((code, i) => [code, `店铺${COURIERS[i]}`])),
      }),
    })
  ).body as unknown as { id: number };
  const download = async (body: Record<string, unknown>, expected: number) => {
    const t = performance.now();
    const res = await bff.app.request('/shipments/download', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', cookie },
    });
    const file = new Uint8Array(await res.arrayBuffer());
    const count = Number(res.headers.get('x-shipments-count'));
    if (res.status !== 200 || count !== expected)
      throw new Error(`download: ${res.status}, ${count} of ${expected}: ${new TextDecoder().decode(file.slice(0, 300))}`);
    return { ms: performance.now() - t, bytes: file.length, batch: Number(res.headers.get('x-shipments-batch') ?? 0) };
  };
  const sizes: Record<string, number> = {};
  const sheet = (name: string, body: Record<string, unknown>, expected: number) =>
    measure(name, 5, async () => {
      const r = await download(body, expected);
      sizes[name] = r.bytes;
      return r;
    });
  const n = packages.toLocaleString('en');
  await sheet(`all ${n} as a sheet, generic .xlsx`, { format: 'generic', type: 'xlsx', state: 'all', mark: false }, packages);
  await sheet(`all ${n} as a sheet, generic .csv`, { format: 'generic', type: 'csv', state: 'all', mark: false }, packages);
  await sheet(`all ${n} as a sheet, own per order .xlsx`, { format: own.id, type: 'xlsx', state: 'all', mark: false }, packages);
  const downloads: number[] = [];
  const undone: number[] = [];
  for (let i = 0; i < 3; i++) {
    const d = await download({ format: 'generic', type: 'xlsx', state: 'new', mark: true }, packages);
    downloads.push(d.ms);
    const u = await call('/shipments/undo', { method: 'POST', body: JSON.stringify({ batch: d.batch }) });
    if (u.body.changed !== packages) throw new Error(`undone ${u.body.changed}`);
    undone.push(u.ms);
  }
  calls.push({ name: `all ${n} downloaded (.xlsx) and marked`, p50: pct(downloads, 50), max: Math.max(...downloads), rounds: 3 });
  calls.push({ name: `that download undone`, p50: pct(undone, 50), max: Math.max(...undone), rounds: 3 });
  for (const c of calls) if (sizes[c.name]) c.name = `${c.name} (${Math.round(sizes[c.name]! / 1024)} kB)`;

  const all = (await call(`/shipments?state=all&size=${packages}`)).body.list!.map((s) => s.id);
  const mark = (exported: boolean) => call('/shipments/mark', { method: 'POST', body: JSON.stringify({ ids: all, exported }) });
  const marks: number[] = [];
  const undos: number[] = [];
  for (let i = 0; i < 3; i++) {
    const m = await mark(true);
    if (m.body.changed !== packages) throw new Error(`marked ${m.body.changed}`);
    marks.push(m.ms);
    undos.push((await mark(false)).ms);
  }
  calls.push({ name: `all ${packages.toLocaleString('en')} marked handed over`, p50: pct(marks, 50), max: Math.max(...marks), rounds: 3 });
  calls.push({ name: `all ${packages.toLocaleString('en')} marked back (undo)`, p50: pct(undos, 50), max: Math.max(...undos), rounds: 3 });
  return { dialect, packages, ingestPerSecond, calls };
}

export async function benchShipments(packages = Number(process.env.BENCH_SHIPMENTS ?? 10_000), only = process.env.BENCH_SHIPMENTS_DB) {
  return onBothDatabases('shipments', only, (dialect, db) => benchOne(dialect, db, packages));
}

export function printShipments(results: ShipmentsBench[]) {
  console.log(`\nShipments (issue 51): packages listed, read and written as the shop's sheet through /bff/shipments (target <= 2 s)`);
  for (const r of results) {
    console.log(
      `  ${r.dialect.padEnd(10)} ${r.packages.toLocaleString('en')} packages, written with their orders by the mirror at ${Math.round(r.ingestPerSecond).toLocaleString('en')} orders/s`,
    );
    for (const c of r.calls)
      console.log(
        `    ${c.name.padEnd(58)} p50 ${c.p50.toFixed(1).padStart(7)} ms   max ${c.max.toFixed(1).padStart(7)} ms   (${c.rounds} rounds)`,
      );
  }
}
