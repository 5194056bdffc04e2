import type { DB } from '../lib/db';
import { createRng, type Rng } from './rng';
import { ATTRIBUTE_NAMES, BRAND_SYLLABLES, GROUP_NAMES, ORIGINS, SHOP_SUFFIXES, TAXONOMY } from './catalogue-words';

/** The channels the sandbox sells, with the share of goods each gets. */
export const SEEDED_SOURCES = [
  { id: 1, name: '云仓', weight: 25 },
  { id: 2, name: '京东', weight: 40 },
  { id: 6, name: '阿里巴巴', weight: 20 },
  { id: 7, name: '天猫', weight: 15 },
] as const;

/** Fixed "now" of the seed, so the same seed gives the same timestamps on every machine. */
export const SEED_EPOCH = 1790812800; // 2026-10-01T00:00:00Z

const PRICE_BANDS = [
  [600, 9_900],
  [990, 12_900],
  [1_290, 29_900],
  [1_990, 39_900],
  [1_590, 19_900],
  [2_990, 49_900],
] as const;

export interface SeedOptions {
  seed: number;
  goods: number;
  /** How many goods start in the selection library. */
  library?: number;
}

const roundPrice = (fen: number) => Math.max(100, Math.round(fen / 10) * 10);
const rate = (price: number, agreement: number) => Math.round(((price - agreement) / agreement) * 1000) / 10;

function pickSource(rng: Rng) {
  let r = rng.next() * 100;
  for (const s of SEEDED_SOURCES) {
    if ((r -= s.weight) < 0) return s.id;
  }
  return SEEDED_SOURCES[0].id;
}

/** Seeds the catalogue once per database file; later starts keep what is there. */
export function seedCatalogue(db: DB, opts: SeedOptions): { seeded: boolean; goods: number } {
  const done = db.prepare(`SELECT value FROM meta WHERE key = 'seed'`).get() as { value: string } | undefined;
  if (done) {
    const n = db.prepare('SELECT count(*) AS n FROM goods').get() as { n: number };
    return { seeded: false, goods: n.n };
  }
  const rng = createRng(opts.seed);
  const insSource = db.prepare('INSERT INTO sources (id, name, sort, seeded) VALUES (?, ?, ?, 1)');
  const insCat = db.prepare(
    'INSERT INTO categories (id, parent_id, source, title, level, sort, state, third_id, create_time) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)',
  );
  const insBrand = db.prepare('INSERT INTO brands (id, name) VALUES (?, ?)');
  const insShop = db.prepare('INSERT INTO shops (id, name, source) VALUES (?, ?, ?)');
  const insGoods = db.prepare(`INSERT INTO goods VALUES (
    @id, @third_id, @shop_id, @source, @cat1, @cat2, @cat3, @brand_id, @title, @unit, @origin,
    @market_price, @guide_price, @agreement_price, @activity_price, @sale_price, @cost_price,
    @activity_rate, @promotion_rate, @profits, @stock, @sale, @real_sale, @real_month_sale,
    @real_return_sale, @real_month_return_sale, @status, @is_free_shipping, @choose_count,
    @created_time, @updated_time, @attributes, @spec_names, @spec_values, @hue)`);
  const insSku = db.prepare(`INSERT INTO sku_options VALUES (
    @id, @goods_id, @third_id, @spec_value_ids, @spec_value_names, @market_price, @guide_price,
    @agreement_price, @activity_price, @sale_price, @cost_price, @stock, @weight, @status)`);
  const insLibrary = db.prepare('INSERT OR IGNORE INTO library (goods_id, added_at) VALUES (?, ?)');
  const insGroup = db.prepare('INSERT INTO goods_groups (id, name) VALUES (?, ?)');
  const insGroupGoods = db.prepare('INSERT OR IGNORE INTO group_goods (group_id, goods_id) VALUES (?, ?)');

  db.transaction(() => {
    // Categories: the same three-level taxonomy under every source, each with its own ids.
    let catId = 1000;
    const leavesBySource = new Map<number, { top: number; sub: number; leaf: number; topIndex: number; nouns: string[] }[]>();
    SEEDED_SOURCES.forEach((s, i) => {
      insSource.run(s.id, s.name, i + 1);
      const leaves: { top: number; sub: number; leaf: number; topIndex: number; nouns: string[] }[] = [];
      TAXONOMY.forEach((top, ti) => {
        const topId = ++catId;
        insCat.run(topId, 0, s.id, top.title, 0, ti + 1, rng.int(10_000, 99_999), SEED_EPOCH - rng.int(400, 900) * 86_400);
        top.subs.forEach((sub, si) => {
          const subId = ++catId;
          insCat.run(subId, topId, s.id, sub.title, 1, si + 1, rng.int(10_000, 99_999), SEED_EPOCH - rng.int(400, 900) * 86_400);
          sub.leaves.forEach((leaf, li) => {
            const leafId = ++catId;
            insCat.run(leafId, subId, s.id, leaf.title, 2, li + 1, rng.int(10_000, 99_999), SEED_EPOCH - rng.int(400, 900) * 86_400);
            leaves.push({ top: topId, sub: subId, leaf: leafId, topIndex: ti, nouns: leaf.nouns });
          });
        });
      });
      leavesBySource.set(s.id, leaves);
    });

    const brands: { id: number; name: string }[] = [];
    for (let i = 1; i <= 120; i++) {
      const name = rng.pick(BRAND_SYLLABLES) + rng.pick(BRAND_SYLLABLES) + (rng.chance(0.3) ? rng.pick(BRAND_SYLLABLES) : '');
      brands.push({ id: 500 + i, name });
      insBrand.run(500 + i, name);
    }
    const shopsBySource = new Map<number, number[]>();
    let shopId = 3000;
    for (const s of SEEDED_SOURCES) {
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) {
        const id = ++shopId;
        insShop.run(id, `${rng.pick(brands).name}${rng.pick(SHOP_SUFFIXES)}`, s.id);
        ids.push(id);
      }
      shopsBySource.set(s.id, ids);
    }

    let skuId = 200_000;
    for (let n = 0; n < opts.goods; n++) {
      const id = 10_001 + n;
      const source = pickSource(rng);
      const leaf = rng.pick(leavesBySource.get(source)!);
      const top = TAXONOMY[leaf.topIndex]!;
      const brand = rng.pick(brands);
      const noun = rng.pick(leaf.nouns);
      const [lo, hi] = PRICE_BANDS[leaf.topIndex]!;
      // Skewed towards cheap goods, as real catalogues are.
      const agreement = roundPrice(lo + (hi - lo) * Math.pow(rng.next(), 2.2));
      const specDims = top.specs.slice(0, rng.chance(0.55) ? 2 : 1).map((spec) => {
        const count = Math.min(spec.values.length, rng.int(2, 3));
        const start = rng.int(0, spec.values.length - count);
        return { name: spec.name, values: spec.values.slice(start, start + count) };
      });
      const specNames = specDims.map((d, i) => ({ id: id * 10 + i, goods_id: id, name: d.name, sort: i + 1 }));
      const specValues = specDims.flatMap((d, i) =>
        d.values.map((v, j) => ({ id: id * 100 + i * 10 + j, goods_id: id, name: v, sort: j + 1, spec_name_id: id * 10 + i })),
      );
      // Cartesian product of the chosen spec values: one SKU option each.
      let combos: { ids: number[]; names: string[] }[] = [{ ids: [], names: [] }];
      specDims.forEach((d, i) => {
        combos = combos.flatMap((c) => d.values.map((v, j) => ({ ids: [...c.ids, id * 100 + i * 10 + j], names: [...c.names, v] })));
      });
      const activityUp = 0.05 + rng.next() * 0.25;
      const guideUp = activityUp + 0.1 + rng.next() * 0.6;
      const options = combos.map((c, k) => {
        const optAgreement = roundPrice(agreement * (1 + k * 0.06));
        const guide = roundPrice(optAgreement * (1 + guideUp));
        return {
          id: ++skuId,
          goods_id: id,
          third_id: rng.int(100_000_000, 999_999_999),
          spec_value_ids: c.ids.join('_'),
          spec_value_names: c.names.join(' '),
          agreement_price: optAgreement,
          activity_price: roundPrice(optAgreement * (1 + activityUp)),
          guide_price: guide,
          sale_price: guide,
          market_price: roundPrice(guide * (1.1 + rng.next() * 0.4)),
          cost_price: roundPrice(optAgreement * (0.82 + rng.next() * 0.12)),
          stock: rng.chance(0.06) ? 0 : rng.int(3, 900),
          weight: Math.round((0.1 + rng.next() * 4) * 100) / 100,
          status: 1,
        };
      });
      const first = options[0]!;
      const monthSale = Math.floor(Math.pow(rng.next(), 3) * 3000);
      const created = SEED_EPOCH - rng.int(0, 365 * 86_400);
      const attributes = [
        { name: '品牌', value: brand.name },
        { name: '产地', value: rng.pick(ORIGINS) },
        ...ATTRIBUTE_NAMES.slice(1, rng.int(3, ATTRIBUTE_NAMES.length)).map((name) => ({
          name,
          value: name === '保质期' ? `${rng.int(6, 36)}个月` : name === '执行标准' ? `GB/T ${rng.int(1000, 39999)}` : '详见包装',
        })),
      ];
      insGoods.run({
        id,
        third_id: rng.int(10_000_000, 99_999_999),
        shop_id: rng.pick(shopsBySource.get(source)!),
        source,
        cat1: leaf.top,
        cat2: leaf.sub,
        cat3: leaf.leaf,
        brand_id: brand.id,
        title: `${brand.name} ${rng.pick(top.adjectives)}${noun} ${first.spec_value_names}`.trim(),
        unit: top.unit,
        origin: attributes[1]!.value,
        market_price: first.market_price,
        guide_price: first.guide_price,
        agreement_price: first.agreement_price,
        activity_price: first.activity_price,
        sale_price: first.sale_price,
        cost_price: first.cost_price,
        activity_rate: rate(first.activity_price, first.agreement_price),
        promotion_rate: rate(first.guide_price, first.agreement_price),
        profits: first.guide_price - first.agreement_price,
        stock: options.reduce((s, o) => s + o.stock, 0),
        sale: monthSale * rng.int(3, 12) + rng.int(0, 50),
        real_sale: monthSale * rng.int(2, 10),
        real_month_sale: monthSale,
        real_return_sale: Math.floor(monthSale * 0.02 * rng.int(1, 5)),
        real_month_return_sale: Math.floor(monthSale * 0.02),
        status: rng.chance(0.03) ? 0 : 1,
        is_free_shipping: rng.chance(source === 2 ? 0.75 : 0.5) ? 1 : 0,
        choose_count: Math.floor(Math.pow(rng.next(), 2) * 800),
        created_time: created,
        updated_time: created + rng.int(0, 30 * 86_400),
        attributes: JSON.stringify(attributes),
        spec_names: JSON.stringify(specNames),
        spec_values: JSON.stringify(specValues),
        hue: rng.int(0, 359),
      });
      for (const o of options) insSku.run(o);
    }

    // Groups: themed picks from the catalogue.
    GROUP_NAMES.forEach((name, i) => insGroup.run(i + 1, name));
    const themes = [
      'ORDER BY real_month_sale DESC',
      'ORDER BY created_time DESC',
      'AND activity_rate >= 20 ORDER BY activity_rate DESC',
      'AND is_free_shipping = 1 ORDER BY id',
      'AND promotion_rate >= 60 ORDER BY promotion_rate DESC',
      'AND source = 2 ORDER BY real_month_sale DESC',
      'AND source = 6 ORDER BY real_month_sale DESC',
      'AND source = 7 ORDER BY real_month_sale DESC',
    ];
    themes.forEach((theme, i) => {
      const rows = db.prepare(`SELECT id FROM goods WHERE status = 1 ${theme} LIMIT 80`).all() as { id: number }[];
      for (const r of rows) insGroupGoods.run(i + 1, r.id);
    });

    const libraryRows = db
      .prepare('SELECT id FROM goods WHERE status = 1 ORDER BY real_month_sale DESC LIMIT ?')
      .all(opts.library ?? 24) as { id: number }[];
    libraryRows.forEach((r, i) => insLibrary.run(r.id, SEED_EPOCH + i));

    db.prepare(`INSERT INTO meta (key, value) VALUES ('seed', ?)`).run(JSON.stringify({ seed: opts.seed, goods: opts.goods }));
  })();
  return { seeded: true, goods: opts.goods };
}
