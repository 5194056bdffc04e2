/** The sandbox's SQLite schema, one migration per entry. Never edit an entry that has shipped: add one. */
export const SANDBOX_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE sources (id INTEGER PRIMARY KEY, name TEXT NOT NULL, sort INTEGER NOT NULL, seeded INTEGER NOT NULL DEFAULT 0);
  CREATE TABLE categories (
    id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL, source INTEGER NOT NULL, title TEXT NOT NULL,
    level INTEGER NOT NULL, sort INTEGER NOT NULL, state INTEGER NOT NULL DEFAULT 1,
    third_id INTEGER NOT NULL, create_time INTEGER NOT NULL
  );
  CREATE INDEX categories_parent ON categories (source, parent_id);
  CREATE TABLE brands (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
  CREATE TABLE shops (id INTEGER PRIMARY KEY, name TEXT NOT NULL, source INTEGER NOT NULL);
  CREATE TABLE goods (
    id INTEGER PRIMARY KEY, third_id INTEGER NOT NULL, shop_id INTEGER NOT NULL, source INTEGER NOT NULL,
    cat1 INTEGER NOT NULL, cat2 INTEGER NOT NULL, cat3 INTEGER NOT NULL, brand_id INTEGER NOT NULL,
    title TEXT NOT NULL, unit TEXT NOT NULL, origin TEXT NOT NULL,
    market_price INTEGER NOT NULL, guide_price INTEGER NOT NULL, agreement_price INTEGER NOT NULL,
    activity_price INTEGER NOT NULL, sale_price INTEGER NOT NULL, cost_price INTEGER NOT NULL,
    activity_rate REAL NOT NULL, promotion_rate REAL NOT NULL, profits INTEGER NOT NULL,
    stock INTEGER NOT NULL, sale INTEGER NOT NULL, real_sale INTEGER NOT NULL, real_month_sale INTEGER NOT NULL,
    real_return_sale INTEGER NOT NULL, real_month_return_sale INTEGER NOT NULL,
    status INTEGER NOT NULL, is_free_shipping INTEGER NOT NULL, choose_count INTEGER NOT NULL,
    created_time INTEGER NOT NULL, updated_time INTEGER NOT NULL,
    attributes TEXT NOT NULL, spec_names TEXT NOT NULL, spec_values TEXT NOT NULL, hue INTEGER NOT NULL
  );
  CREATE INDEX goods_source ON goods (source, status);
  CREATE INDEX goods_cat1 ON goods (cat1);
  CREATE INDEX goods_cat2 ON goods (cat2);
  CREATE INDEX goods_cat3 ON goods (cat3);
  CREATE INDEX goods_brand ON goods (brand_id);
  CREATE INDEX goods_agreement ON goods (agreement_price);
  CREATE INDEX goods_guide ON goods (guide_price);
  CREATE INDEX goods_activity ON goods (activity_price);
  CREATE INDEX goods_prate ON goods (promotion_rate);
  CREATE INDEX goods_arate ON goods (activity_rate);
  CREATE INDEX goods_created ON goods (created_time);
  CREATE INDEX goods_month_sale ON goods (real_month_sale);
  CREATE TABLE sku_options (
    id INTEGER PRIMARY KEY, goods_id INTEGER NOT NULL REFERENCES goods (id), third_id INTEGER NOT NULL,
    spec_value_ids TEXT NOT NULL, spec_value_names TEXT NOT NULL,
    market_price INTEGER NOT NULL, guide_price INTEGER NOT NULL, agreement_price INTEGER NOT NULL,
    activity_price INTEGER NOT NULL, sale_price INTEGER NOT NULL, cost_price INTEGER NOT NULL,
    stock INTEGER NOT NULL, weight REAL NOT NULL, status INTEGER NOT NULL
  );
  CREATE INDEX sku_goods ON sku_options (goods_id);
  CREATE TABLE library (goods_id INTEGER PRIMARY KEY REFERENCES goods (id), added_at INTEGER NOT NULL);
  CREATE TABLE goods_groups (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
  CREATE TABLE group_goods (
    group_id INTEGER NOT NULL REFERENCES goods_groups (id), goods_id INTEGER NOT NULL REFERENCES goods (id),
    PRIMARY KEY (group_id, goods_id)
  );
  CREATE INDEX group_goods_goods ON group_goods (goods_id);
  CREATE TABLE nonces (nonce TEXT PRIMARY KEY, seen_at INTEGER NOT NULL);
  CREATE INDEX nonces_seen ON nonces (seen_at);
  `,
];
