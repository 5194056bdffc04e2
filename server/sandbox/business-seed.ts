import type { DB } from '../lib/db';
import { createRng } from './rng';
import { INITIAL_BALANCE } from './account';
import { meta } from './world';

export const FIRMS = [
  { sn: 'SF', name: '顺丰速运' },
  { sn: 'ZTO', name: '中通快递' },
  { sn: 'YTO', name: '圆通速递' },
  { sn: 'YUNDA', name: '韵达快递' },
  { sn: 'STO', name: '申通快递' },
  { sn: 'JD', name: '京东物流' },
  { sn: 'EMS', name: '中国邮政EMS' },
  { sn: 'DBL', name: '德邦快递' },
  { sn: 'GOFINE56', name: '广州凯峰物流有限公司' },
] as const;

/** Provinces some goods cannot be sold to (remote regions, as real channels restrict). */
export const BAN_PROVINCES = ['新疆', '西藏', '青海', '海南'] as const;

const COMMENTS = [
  '质量很好，和描述一致，物流也快。',
  '包装完整，性价比高，会回购。',
  '颜色比图片稍深，整体满意。',
  '发货速度快，客服态度好。',
  '用了一周再来评价，效果不错。',
  '一般般，价格便宜就不要求太多了。',
  '尺寸合适，做工细致。',
  '给家人买的，都说好用。',
];

/** The business side of the seed: balance, couriers, sales bans and comments. Runs once per file. */
export function seedBusiness(db: DB, seed: number): void {
  if (meta.get(db, 'business_seed')) return;
  const rng = createRng(seed + 7);
  db.transaction(() => {
    meta.set(db, 'balance', String(INITIAL_BALANCE));
    const firm = db.prepare('INSERT OR IGNORE INTO firms (sn, name, sort) VALUES (?, ?, ?)');
    FIRMS.forEach((f, i) => firm.run(f.sn, f.name, i + 1));
    const ban = db.prepare('INSERT OR IGNORE INTO goods_bans (goods_id, province) VALUES (?, ?)');
    const comment = db.prepare('INSERT INTO comments (goods_id, sku, content, created_time) VALUES (?, ?, ?, ?)');
    const goods = db.prepare('SELECT id, created_time FROM goods').all() as { id: number; created_time: number }[];
    const skusOf = db.prepare('SELECT id FROM sku_options WHERE goods_id = ?');
    for (const g of goods) {
      // About one product in eight cannot be shipped to one or two remote provinces.
      if (rng.chance(0.125)) {
        ban.run(g.id, rng.pick(BAN_PROVINCES));
        if (rng.chance(0.4)) ban.run(g.id, rng.pick(BAN_PROVINCES));
      }
      const skus = skusOf.all(g.id) as { id: number }[];
      const n = rng.chance(0.6) ? rng.int(1, 6) : 0;
      for (let i = 0; i < n; i++) comment.run(g.id, rng.pick(skus).id, rng.pick(COMMENTS), g.created_time + rng.int(1, 200) * 86_400);
    }
    meta.set(db, 'business_seed', String(seed));
  })();
}
