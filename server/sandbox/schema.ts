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
  `
  CREATE TABLE goods_bans (goods_id INTEGER NOT NULL REFERENCES goods (id), province TEXT NOT NULL, PRIMARY KEY (goods_id, province));
  CREATE TABLE comments (id INTEGER PRIMARY KEY, goods_id INTEGER NOT NULL, sku INTEGER NOT NULL, content TEXT NOT NULL, created_time INTEGER NOT NULL);
  CREATE INDEX comments_sku ON comments (sku);
  CREATE TABLE firms (sn TEXT PRIMARY KEY, name TEXT NOT NULL, sort INTEGER NOT NULL);
  CREATE TABLE orders (
    id INTEGER PRIMARY KEY, sn TEXT NOT NULL UNIQUE, third_sn TEXT NOT NULL UNIQUE, address TEXT NOT NULL,
    logistic_fee INTEGER NOT NULL, goods_fee INTEGER NOT NULL, created_time INTEGER NOT NULL,
    pay_status INTEGER NOT NULL, check_status INTEGER NOT NULL, status INTEGER NOT NULL
  );
  CREATE INDEX orders_created ON orders (created_time);
  CREATE TABLE order_children (
    sn TEXT PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders (id), source INTEGER NOT NULL, shop_id INTEGER NOT NULL,
    logistic_fee INTEGER NOT NULL, goods_fee INTEGER NOT NULL, goods_status INTEGER NOT NULL, order_status INTEGER NOT NULL,
    deliver_time INTEGER NOT NULL DEFAULT 0, created_time INTEGER NOT NULL, courier_sn TEXT NOT NULL DEFAULT '',
    courier_name TEXT NOT NULL DEFAULT '', tracking_no TEXT NOT NULL DEFAULT '', upstream_sn TEXT NOT NULL
  );
  CREATE INDEX children_order ON order_children (order_id);
  CREATE INDEX children_source ON order_children (source, created_time);
  CREATE TABLE order_lines (
    sn TEXT PRIMARY KEY, child_sn TEXT NOT NULL REFERENCES order_children (sn), order_id INTEGER NOT NULL,
    goods_id INTEGER NOT NULL, sku INTEGER NOT NULL, sku_name TEXT NOT NULL, image TEXT NOT NULL, name TEXT NOT NULL,
    number INTEGER NOT NULL, price INTEGER NOT NULL, refund_time INTEGER NOT NULL DEFAULT 0, created_time INTEGER NOT NULL,
    pay_status INTEGER NOT NULL DEFAULT 0, after_sale_status INTEGER NOT NULL DEFAULT 0, cancelled INTEGER NOT NULL DEFAULT 0,
    received_time INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX lines_child ON order_lines (child_sn);
  CREATE INDEX lines_order_sku ON order_lines (order_id, sku);
  CREATE TABLE traces (id INTEGER PRIMARY KEY, child_sn TEXT NOT NULL, time INTEGER NOT NULL, message TEXT NOT NULL);
  CREATE INDEX traces_child ON traces (child_sn, time);
  CREATE TABLE error_orders (
    id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders (id), sn TEXT NOT NULL, third_sn TEXT NOT NULL,
    params TEXT NOT NULL, created_time INTEGER NOT NULL, message TEXT NOT NULL, resolved INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE after_sales (
    id INTEGER PRIMARY KEY, line_sn TEXT NOT NULL REFERENCES order_lines (sn), order_sn TEXT NOT NULL, source INTEGER NOT NULL,
    sku INTEGER NOT NULL, num INTEGER NOT NULL, goods_fee INTEGER NOT NULL, logistic_fee INTEGER NOT NULL,
    service_type TEXT NOT NULL, pick_type TEXT NOT NULL DEFAULT '', package_type TEXT NOT NULL DEFAULT '',
    return_type TEXT NOT NULL DEFAULT '', reason TEXT NOT NULL, description TEXT NOT NULL, vouchers TEXT NOT NULL,
    user_info TEXT NOT NULL, send_data TEXT NOT NULL DEFAULT '{}', status INTEGER NOT NULL, approved_result INTEGER NOT NULL DEFAULT 0,
    refund_fee INTEGER NOT NULL DEFAULT 0, created_time INTEGER NOT NULL, updated_time INTEGER NOT NULL
  );
  CREATE INDEX after_sales_line ON after_sales (order_sn, sku);
  CREATE TABLE vouchers (id INTEGER PRIMARY KEY, order_sn TEXT NOT NULL, sku INTEGER NOT NULL, mime TEXT NOT NULL, data BLOB NOT NULL, created_time INTEGER NOT NULL);
  CREATE TABLE cash_flow (
    id INTEGER PRIMARY KEY, sn TEXT NOT NULL, order_sn TEXT NOT NULL, direction INTEGER NOT NULL, money INTEGER NOT NULL,
    type INTEGER NOT NULL, balance_before INTEGER NOT NULL, balance_after INTEGER NOT NULL, update_time INTEGER NOT NULL, pay_type INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX cash_flow_time ON cash_flow (update_time);
  CREATE TABLE jobs (id INTEGER PRIMARY KEY, due_ms INTEGER NOT NULL, kind TEXT NOT NULL, ref TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0);
  CREATE INDEX jobs_due ON jobs (done, due_ms);
  CREATE TABLE outbox (
    id TEXT PRIMARY KEY, type TEXT NOT NULL, data TEXT NOT NULL, created_ms INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_ms INTEGER NOT NULL, delivered_ms INTEGER, given_up INTEGER NOT NULL DEFAULT 0, last_error TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX outbox_due ON outbox (delivered_ms, given_up, next_attempt_ms);
  `,
  `
  CREATE TABLE price_bands (sku INTEGER PRIMARY KEY REFERENCES sku_options (id), agreement INTEGER NOT NULL, cost INTEGER NOT NULL);
  `,
  `
  ALTER TABLE orders ADD COLUMN consignee TEXT NOT NULL DEFAULT '';
  ALTER TABLE orders ADD COLUMN phone TEXT NOT NULL DEFAULT '';
  UPDATE orders SET consignee = coalesce(json_extract(address, '$.consignee'), ''), phone = coalesce(json_extract(address, '$.phone'), '');
  CREATE INDEX orders_consignee ON orders (consignee, created_time);
  CREATE INDEX orders_phone ON orders (phone, created_time);
  `,
  // Irregular children (irregular.ts): the kind planned for a child, its duration in business seconds,
  // when a refused parcel started back; and when an order was paid (a late child ships 72 h after it).
  `
  ALTER TABLE orders ADD COLUMN paid_time INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE order_children ADD COLUMN irregular TEXT NOT NULL DEFAULT '';
  ALTER TABLE order_children ADD COLUMN irregular_s INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE order_children ADD COLUMN returned_time INTEGER NOT NULL DEFAULT 0;
  `,
];
