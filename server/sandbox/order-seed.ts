import type { DB } from '../lib/db';
import { FIRMS } from './business-seed';
import { FREIGHT } from './orders';
import { createRng } from './rng';

const FAMILY = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '欧阳', '司马'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀英', '霞', '平'];
const PLACES = [
  ['浙江省', '杭州市', '西湖区'],
  ['江苏省', '南京市', '玄武区'],
  ['广东省', '深圳市', '南山区'],
  ['上海市', '上海市', '浦东新区'],
  ['北京市', '北京市', '朝阳区'],
  ['四川省', '成都市', '武侯区'],
  ['湖北省', '武汉市', '洪山区'],
  ['山东省', '青岛市', '市南区'],
] as const;

export interface OrderSeedOptions {
  count: number;
  seed?: number;
  /** Orders are spread evenly over the days before `nowSec` (business time). */
  nowSec: number;
  days?: number;
}

/**
 * Writes `count` orders straight into the sandbox's tables (for benchmarks and demos): one to three
 * channel children each with one or two goods lines from the seeded catalogue, paid, and shipped or
 * delivered when old enough. No money moves and no messages are sent: this is history, not business.
 * Deterministic for a seed; merchant numbers are `SEED<seed>-<n>`, so seeding twice is refused by the
 * unique index instead of doubling the orders.
 */
export function seedOrders(db: DB, opts: OrderSeedOptions): { orders: number; ms: number } {
  const started = performance.now();
  const rng = createRng(opts.seed ?? 1);
  const days = opts.days ?? 90;
  const skus = db
    .prepare(
      `SELECT s.id AS sku, s.spec_value_names AS spec, s.agreement_price AS price, g.id AS goods, g.title, g.source, g.shop_id AS shop, g.is_free_shipping AS free
         FROM sku_options s JOIN goods g ON g.id = s.goods_id WHERE g.status = 1 ORDER BY s.id LIMIT 2000`,
    )
    .all() as { sku: number; spec: string; price: number; goods: number; title: string; source: number; shop: number; free: number }[];
  if (skus.length === 0) throw new Error('seedOrders: the catalogue is empty; seed goods first');
  const bySource = new Map<number, typeof skus>();
  for (const s of skus) bySource.set(s.source, [...(bySource.get(s.source) ?? []), s]);
  const sources = [...bySource.keys()];

  const insOrder = db.prepare(
    `INSERT INTO orders (sn, third_sn, address, consignee, phone, logistic_fee, goods_fee, created_time, pay_status, check_status, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 1, ?)`,
  );
  const insChild = db.prepare(
    `INSERT INTO order_children (sn, order_id, source, shop_id, logistic_fee, goods_fee, goods_status, order_status, deliver_time, created_time,
       courier_sn, courier_name, tracking_no, upstream_sn) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insLine = db.prepare(
    `INSERT INTO order_lines (sn, child_sn, order_id, goods_id, sku, sku_name, image, name, number, price, created_time, pay_status, received_time)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const span = days * 86_400;
  db.transaction(() => {
    for (let n = 0; n < opts.count; n++) {
      const created = opts.nowSec - span + Math.floor(((n + rng.next()) * span) / opts.count);
      const age = opts.nowSec - created;
      // Two hours to ship, a day to arrive, a week to complete (the sandbox's own delays, roughly).
      const goodsStatus = age < 2 * 3600 ? 0 : age < 26 * 3600 ? 3 : age < 8 * 86_400 ? 4 : 5;
      const d = new Date((created + 8 * 3600) * 1000);
      const stamp = d.toISOString().replace(/\D/g, '').slice(0, 14);
      const sn = `${stamp}${String(n % 1_000_000).padStart(6, '0')}`;
      const place = rng.pick(PLACES);
      const address = {
        consignee: rng.pick(FAMILY) + rng.pick(GIVEN),
        phone: `1${rng.int(30, 99)}${String(rng.int(0, 99_999_999)).padStart(8, '0')}`,
        province: place[0],
        city: place[1],
        area: place[2],
        street: `${rng.pick(['中山路', '人民路', '解放路', '建设路', '和平路'])}${rng.int(1, 999)}号`,
        description: `${rng.int(1, 30)}栋${rng.int(101, 2999)}室`,
      };
      const picked = [...sources].sort(() => rng.next() - 0.5).slice(0, rng.int(1, Math.min(3, sources.length)));
      const children = picked.map((source, ci) => {
        const pool = bySource.get(source)!;
        const lines = Array.from({ length: rng.int(1, 2) }, () => ({ ...rng.pick(pool), number: rng.int(1, 3) }));
        const goodsFee = lines.reduce((s, l) => s + l.price * l.number, 0);
        const freight = lines.every((l) => l.free === 1) ? 0 : (FREIGHT[source] ?? 800);
        return { sn: `${sn}_${source}_${ci + 1}`, source, lines, goodsFee, freight };
      });
      const goodsFee = children.reduce((s, c) => s + c.goodsFee, 0);
      const freight = children.reduce((s, c) => s + c.freight, 0);
      const status = goodsStatus === 0 ? 1 : goodsStatus === 5 ? 4 : 3;
      const orderId = Number(
        insOrder.run(
          sn,
          `SEED${opts.seed ?? 1}-${n}`,
          JSON.stringify(address),
          address.consignee,
          address.phone,
          freight,
          goodsFee,
          created,
          status,
        ).lastInsertRowid,
      );
      for (const c of children) {
        const shipped = goodsStatus >= 3;
        const firm = FIRMS[(c.source + orderId) % FIRMS.length]!;
        insChild.run(
          c.sn,
          orderId,
          c.source,
          c.lines[0]!.shop,
          c.freight,
          c.goodsFee,
          goodsStatus,
          shipped ? 1 : 2,
          shipped ? created + 2 * 3600 : 0,
          created,
          shipped ? firm.sn : '',
          shipped ? firm.name : '',
          shipped ? `${firm.sn}${String(orderId).padStart(8, '0')}` : '',
          String(1e11 + orderId),
        );
        c.lines.forEach((l, li) =>
          insLine.run(
            `${c.sn}_${li + 1}`,
            c.sn,
            orderId,
            l.goods,
            l.sku,
            l.spec,
            `/images/goods/${l.goods}.svg`,
            l.title,
            l.number,
            l.price,
            created,
            shipped ? 1 : 0,
            goodsStatus >= 4 ? created + 26 * 3600 : 0,
          ),
        );
      }
    }
  })();
  return { orders: opts.count, ms: performance.now() - started };
}
