import type { DB } from '../../lib/db';
import { splitIds, type GoodsDetail, type GoodsListItem, type SelectionProduct } from '../../../contract';
import { fail } from '../errors';
import { enqueueGoodsMessage, enqueueMessage } from '../messages';
import { queryGoodsPage, type GoodsFilter, type GoodsRow, type PriceColumns, type SectionKey } from './goods-query';
import type { HandlerContext, Handlers } from './types';

interface Names {
  category: Map<number, string>;
  brand: Map<number, string>;
  shop: Map<number, string>;
}
const namesCache = new WeakMap<DB, Names>();
/** Categories, brands and shops never change after seeding, so their names are read once. */
function names(db: DB): Names {
  let n = namesCache.get(db);
  if (!n) {
    const map = (sql: string) => new Map((db.prepare(sql).all() as { id: number; name: string }[]).map((r) => [r.id, r.name]));
    n = {
      category: map('SELECT id, title AS name FROM categories'),
      brand: map('SELECT id, name FROM brands'),
      shop: map('SELECT id, name FROM shops'),
    };
    namesCache.set(db, n);
  }
  return n;
}

export const coverUrl = (ctx: HandlerContext, goodsId: number, n = 1) => `${ctx.imageBase}/goods/${goodsId}${n > 1 ? `-${n}` : ''}.svg`;

function listItem(row: GoodsRow, ctx: HandlerContext): GoodsListItem {
  const n = names(ctx.db);
  return {
    id: row.id,
    third_id: row.third_id,
    shop_id: row.shop_id,
    source: row.source,
    title: row.title,
    cover: coverUrl(ctx, row.id),
    unit: row.unit,
    origin: row.origin,
    third_brand_name: n.brand.get(row.brand_id) ?? '',
    third_category_name: [row.cat1, row.cat2, row.cat3].map((c) => n.category.get(c) ?? '').join(','),
    brand_id: row.brand_id,
    category_id: `${row.cat1}-${row.cat2}-${row.cat3}`,
    category_ids: [String(row.cat1), String(row.cat2), String(row.cat3)],
    market_price: row.market_price,
    guide_price: row.guide_price,
    agreement_price: row.agreement_price,
    activity_price: row.activity_price,
    sale_price: row.sale_price,
    cost_price: row.cost_price,
    activity_rate: row.activity_rate,
    promotion_rate: row.promotion_rate,
    rate: row.promotion_rate,
    stock: row.stock,
    total_stock: row.stock,
    sale: row.sale,
    real_sale: row.real_sale,
    real_month_sale: row.real_month_sale,
    real_return_sale: row.real_return_sale,
    real_month_return_sale: row.real_month_return_sale,
    status: row.status,
    is_free_shipping: row.is_free_shipping,
    choose_count: row.choose_count,
    created_time: row.created_time,
    updated_time: row.updated_time,
    is_selected: row.is_selected ? 1 : 0,
    is_black: 0,
    is_risk: 0,
    shop_name: n.shop.get(row.shop_id) ?? '',
    // §7.2: the distribution category path (the sandbox has one taxonomy), the seller (its shop),
    // the channel (its source) and the activities it takes part in ("0": none).
    dis_category_id: `${row.cat1}-${row.cat2}-${row.cat3}`,
    seller_id: row.shop_id,
    channel_id: row.source,
    activity_ids: '0',
  };
}

/**
 * NewList and ApiGoodsList items as the Java client types them: `promotion_rate` a whole number,
 * the exact profit rate in `rate` (its samples show both).
 */
function integerRateItem(row: GoodsRow, ctx: HandlerContext) {
  return { ...listItem(row, ctx), promotion_rate: Math.round(row.promotion_rate), rate: row.promotion_rate };
}

/** Lowest and highest profit (guide − agreement, fen) over each goods' SKUs. */
function profitsBySku(db: DB, ids: number[]): Map<number, { min: number; max: number }> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare(
      `SELECT goods_id, min(guide_price - agreement_price) AS min, max(guide_price - agreement_price) AS max
         FROM sku_options WHERE goods_id IN (${ids.map(() => '?').join(',')}) GROUP BY goods_id`,
    )
    .all(...ids) as { goods_id: number; min: number; max: number }[];
  return new Map(rows.map((r) => [r.goods_id, { min: r.min, max: r.max }]));
}

function selectionItem(row: GoodsRow, ctx: HandlerContext): SelectionProduct {
  return { ...listItem(row, ctx), real_sale: String(row.real_sale), cloud_shop_id: row.source === 1 ? row.shop_id : 0 };
}

interface SkuRow extends PriceColumns {
  id: number;
  goods_id: number;
  third_id: number;
  spec_value_ids: string;
  spec_value_names: string;
  stock: number;
  weight: number;
  status: number;
}

function detail(db: DB, id: number, ctx: HandlerContext): GoodsDetail | null {
  const row = db
    .prepare('SELECT g.*, (l.goods_id IS NOT NULL) AS is_selected FROM goods g LEFT JOIN library l ON l.goods_id = g.id WHERE g.id = ?')
    .get(id) as GoodsRow | undefined;
  if (!row) return null;
  const skus = db.prepare('SELECT * FROM sku_options WHERE goods_id = ? ORDER BY id').all(id) as SkuRow[];
  const item = listItem(row, ctx);
  const covers = [1, 2, 3].map((n) => coverUrl(ctx, id, n));
  const attributes = JSON.parse(row.attributes) as { name: string; value: string }[];
  const description = [
    `<h3>${escapeHtml(row.title)}</h3>`,
    `<p>${attributes.map((a) => `${escapeHtml(a.name)}：${escapeHtml(a.value)}`).join('；')}</p>`,
    `<p><img src="${coverUrl(ctx, id, 4)}" alt="" /></p>`,
    `<p><img src="${coverUrl(ctx, id, 5)}" alt="" /></p>`,
  ].join('');
  return {
    ...item,
    category_id: `;${row.cat1};${row.cat2};${row.cat3};`,
    covers,
    description,
    attributes,
    specs: {
      names: JSON.parse(row.spec_names),
      values: JSON.parse(row.spec_values),
      // Weight in whole grams: the Java client types it as an integer.
      options: skus.map((s) => ({
        ...s,
        weight: Math.round(s.weight * 1000),
        image: `${ctx.imageBase}/goods/${id}.svg`,
        old_goods_id: row.third_id,
      })),
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function sectionsOf(input: Record<string, unknown>, keys: Partial<Record<string, SectionKey>>): GoodsFilter['sections'] {
  const out: GoodsFilter['sections'] = {};
  for (const [inKey, key] of Object.entries(keys)) {
    const v = input[inKey] as { from?: number; to?: number } | undefined;
    if (v && key) out[key] = v;
  }
  return out;
}

function assertGoodsExist(db: DB, ids: number[]): void {
  const found = new Set(
    (db.prepare(`SELECT id FROM goods WHERE id IN (${ids.map(() => '?').join(',')})`).all(...ids) as { id: number }[]).map((r) => r.id),
  );
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) fail(`商品不存在：${missing.join(',')}`);
}

const libraryTotal = (db: DB) => (db.prepare('SELECT count(*) AS n FROM library').get() as { n: number }).n;

export const catalogueHandlers: Handlers = {
  'source.list': (_input, { db }) =>
    db.prepare('SELECT id, name FROM sources WHERE seeded = 1 ORDER BY sort').all() as { id: number; name: string }[],

  'category.list': (input, { db }) => {
    const where = 'WHERE source = ?';
    const count = (db.prepare(`SELECT count(*) AS n FROM categories ${where}`).get(input.source) as { n: number }).n;
    const data = db
      .prepare(
        `SELECT id, third_id, parent_id, title, level, state, create_time, sort, source FROM categories ${where} ORDER BY level, parent_id, sort LIMIT ? OFFSET ?`,
      )
      .all(input.source, input.limit, (input.page - 1) * input.limit) as never[];
    return { count, data };
  },

  'category.children': (input, { db }) => {
    if (input.parent_id !== 0) {
      const parent = db.prepare('SELECT source FROM categories WHERE id = ?').get(input.parent_id) as { source: number } | undefined;
      if (!parent) fail(`上级分类不存在：parent_id ${input.parent_id}`);
    }
    const rows = db
      .prepare(
        'SELECT id, third_id, parent_id, title, level, state, sort, source FROM categories WHERE source = ? AND parent_id = ? ORDER BY sort',
      )
      .all(input.source, input.parent_id) as {
      id: number;
      third_id: number;
      parent_id: number;
      title: string;
      level: number;
      state: number;
      sort: number;
      source: number;
    }[];
    return rows.map((r) => ({
      real_id: r.third_id,
      id: r.id,
      parent_id: r.parent_id,
      title: r.title,
      level: r.level,
      state: r.state,
      status: r.state,
      sort: r.sort,
      source: r.source,
    }));
  },

  'goods.detail': (input, ctx) => detail(ctx.db, input.id, ctx) ?? fail(`商品不存在：id ${input.id}`),

  'goods.bulkDetail': (input, ctx) => {
    const ids = [...new Set(splitIds(input.ids))];
    return ids.map((id) => detail(ctx.db, id, ctx)).filter((d): d is GoodsDetail => d !== null);
  },

  'goods.refresh': (input, { db, world }) => {
    const ids = [...new Set(splitIds(input.goodsIds))];
    assertGoodsExist(db, ids);
    // Re-emits a change message for each library good, so a receiver can re-sync (§8.1).
    enqueueGoodsMessage(world, 'goods.alter', ids);
    return ids.map(String);
  },

  'goods.list': (input, ctx) => {
    const r = queryGoodsPage(ctx.db, ctx.world.goods, { ...input, onSaleOnly: true }, input);
    return { list: r.rows.map((row) => listItem(row, ctx)), count: r.count };
  },

  'selection.online': (input, ctx) => {
    const r = queryGoodsPage(
      ctx.db,
      ctx.world.goods,
      {
        ...input,
        onSaleOnly: true,
        sections: sectionsOf(input, {
          agreement_price: 'agreement_price',
          guide_price: 'guide_price',
          activity_price: 'activity_price',
          promotion_rate: 'promotion_rate',
          activity_rate: 'activity_rate',
          profits: 'profits',
          created_time: 'created_time',
        }),
      },
      input,
    );
    const profits = profitsBySku(
      ctx.db,
      r.rows.map((row) => row.id),
    );
    return {
      list: r.rows.map((row) => {
        const p = profits.get(row.id) ?? { min: row.profits, max: row.profits };
        return { ...integerRateItem(row, ctx), min_profits: p.min, max_profits: p.max };
      }),
      count: r.count,
      min_profits: r.minProfits,
      max_profits: r.maxProfits,
    };
  },

  'group.list': (input, { db }) => {
    const count = (db.prepare('SELECT count(*) AS n FROM goods_groups').get() as { n: number }).n;
    const list = db
      .prepare('SELECT id, name FROM goods_groups ORDER BY id LIMIT ? OFFSET ?')
      .all(input.limit, (Math.min(input.page, 50) - 1) * input.limit) as { id: number; name: string }[];
    return { list, count };
  },

  'group.goods': (input, ctx) => {
    if (input.group_id && !ctx.db.prepare('SELECT 1 FROM goods_groups WHERE id = ?').get(input.group_id)) {
      fail(`分组不存在：group_id ${input.group_id}`);
    }
    const r = queryGoodsPage(
      ctx.db,
      ctx.world.goods,
      {
        ...input,
        group_id: input.group_id,
        onSaleOnly: true,
        sections: sectionsOf(input, {
          agreement_price: 'agreement_price',
          guide_price: 'guide_price',
          activity_price: 'activity_price',
          promote_rate: 'promotion_rate',
          activity_rate: 'activity_rate',
        }),
      },
      input,
    );
    const groupsOf = ctx.db.prepare('SELECT group_id FROM group_goods WHERE goods_id = ? ORDER BY group_id');
    return {
      list: r.rows.map((row) => {
        const ids = (groupsOf.all(row.id) as { group_id: number }[]).map((g) => String(g.group_id));
        return { ...integerRateItem(row, ctx), groups_ids: ids.join(','), group_ids: ids };
      }),
      count: r.count,
    };
  },

  'selection.add': (input, { db, nowSec, world }) => {
    const ids = [...new Set(splitIds(input.goods_ids))];
    assertGoodsExist(db, ids);
    const off = (
      db.prepare(`SELECT id FROM goods WHERE status = 0 AND id IN (${ids.map(() => '?').join(',')})`).all(...ids) as { id: number }[]
    ).map((r) => r.id);
    if (off.length) fail(`商品已下架，不能加入选品库：${off.join(',')}`);
    const ins = db.prepare('INSERT OR IGNORE INTO library (goods_id, added_at) VALUES (?, ?)');
    db.transaction(() => {
      const added = ids.filter((id) => ins.run(id, nowSec()).changes > 0);
      added.forEach((id) => world.goods.setLibrary(id, true));
      enqueueGoodsMessage(world, 'goods.storage.add', added);
    })();
    return { total: libraryTotal(db) };
  },

  'selection.remove': (input, { db, world }) => {
    const ids = [...new Set(splitIds(input.goods_ids))];
    assertGoodsExist(db, ids);
    const del = db.prepare('DELETE FROM library WHERE goods_id = ?');
    db.transaction(() => {
      const removed = ids.filter((id) => del.run(id).changes > 0);
      removed.forEach((id) => world.goods.setLibrary(id, false));
      if (removed.length) enqueueMessage(world, 'goods.storage.remove', { goodsIds: removed });
    })();
    return { total: libraryTotal(db) };
  },

  'selection.clear': (_input, { db, world }) => {
    db.transaction(() => {
      const ids = (db.prepare('SELECT goods_id FROM library ORDER BY goods_id').all() as { goods_id: number }[]).map((r) => r.goods_id);
      db.prepare('DELETE FROM library').run();
      world.goods.clearLibrary();
      // The last message these goods produce: after clearing, none arrive for them (§6.2 x5).
      if (ids.length) enqueueMessage(world, 'goods.storage.delete', { goodsIds: ids });
    })();
    return {};
  },

  'selection.list': (input, ctx) => {
    // commission_agent 1 lets premium merchants see every good; the sandbox account is not premium,
    // so both values list the library (upstream-api.md §5).
    const r = queryGoodsPage(ctx.db, ctx.world.goods, { ...input, libraryOnly: true }, input);
    return { list: r.rows.map((row) => selectionItem(row, ctx)), count: r.count };
  },

  'selection.onlineOld': (input, ctx) => {
    const r = queryGoodsPage(ctx.db, ctx.world.goods, { ...input, onSaleOnly: true }, input);
    return { list: r.rows.map((row) => selectionItem(row, ctx)), count: r.count };
  },
};
