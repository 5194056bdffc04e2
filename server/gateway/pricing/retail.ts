import { sql, type RawBuilder } from 'kysely';
import { multiplyUnits, pricingSettings, ruleRetail, type PriceSource, type PricingSettings } from '../../../contract/schemas/pricing';
import { lockKey, type Kdb } from '../db';
import './tables';

/**
 * The merchant's retail price of a SKU (issue 53): its own price, else the rules' price of its cost,
 * else the supplier's guide price. In JavaScript (one goods, the preview, the goods mirror's compare)
 * through the contract's functions, and in SQL (the watch's risks over the whole library, the
 * price sheet) by retailSql, which computes exactly the same in integers (pricing.int.test.ts checks
 * the two against each other on both databases).
 */

/** No rules: every SKU at its own price or the guide price. */
export const NO_RULES: PricingSettings = { rules: [] };
export const SETTINGS_NAME = 'rules';
/**
 * PostgreSQL: the advisory lock a change of the rules takes exclusively and a goods write shares
 * before it reads the rules, so no goods write computes its risks with rules that changed under it.
 */
export const PRICING_LOCK = lockKey('pricing.rules');

export interface SavedSettings {
  settings: PricingSettings;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** The rules as saved (none saved, or a row that no longer reads as settings: no rules). */
export async function readSettings(db: Kdb): Promise<SavedSettings> {
  const row = await db
    .selectFrom('pricing_settings')
    .select(['value', 'updated_at', 'updated_by'])
    .where('name', '=', SETTINGS_NAME)
    .executeTakeFirst();
  if (!row) return { settings: NO_RULES, updatedAt: null, updatedBy: null };
  let parsed: ReturnType<typeof pricingSettings.safeParse> | null = null;
  try {
    parsed = pricingSettings.safeParse(JSON.parse(row.value));
  } catch {
    parsed = null;
  }
  return { settings: parsed?.success ? parsed.data : NO_RULES, updatedAt: Number(row.updated_at), updatedBy: row.updated_by };
}

export interface Retail {
  retail: number;
  source: PriceSource;
  /** What the rules give (null: no rule covers the cost). */
  rule: number | null;
}

/** A SKU's retail price: own, else the rules', else the guide price. */
export function retailOf(cost: number, guide: number, own: number | null | undefined, s: PricingSettings): Retail {
  const rule = ruleRetail(cost, s);
  if (own !== null && own !== undefined) return { retail: own, source: 'own', rule };
  if (rule !== null) return { retail: rule, source: 'rule', rule };
  return { retail: guide, source: 'guide', rule };
}

/** A whole number written into SQL as a literal (settings are validated integers, so nothing else gets in). */
const int = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a whole number: ${n}`);
  return sql.lit(n);
};

/**
 * The rules' price of `cost` in SQL (null where no rule covers it): ceil(cost × m / 10000) + add,
 * then up to the cents: c + ceil((x − c) / 100) × 100, written with integer division (x ≥ 0, so
 * x − c + 99 ≥ 0 and truncation is the floor), as roundToCents does.
 */
export function ruleSql(s: PricingSettings, cost: RawBuilder<unknown>): RawBuilder<number | null> {
  if (s.rules.length === 0) return sql<null>`null`;
  const price = (r: PricingSettings['rules'][number]) => {
    const m = multiplyUnits(r.multiply ?? 1);
    // As a 64-bit integer (PostgreSQL: an integer cost times the multiplier's units would overflow 32 bits).
    return centsSql(sql`((cast(${cost} as bigint) * ${int(m)} + 9999) / 10000 + ${int(r.add ?? 0)})`, s.cents);
  };
  // A single rule without a range is every cost's: no case to write (`case else … end` is not SQL).
  if (s.rules[0]!.upTo === undefined) return price(s.rules[0]!) as RawBuilder<number>;
  const branches = s.rules.map((r) =>
    r.upTo === undefined ? sql`else ${price(r)}` : sql`when ${cost} <= ${int(r.upTo)} then ${price(r)}`,
  );
  return sql<number | null>`(case ${sql.join(branches, sql` `)} end)`;
}

/** A price rounded up to end in the cents in SQL (x ≥ 0), as roundToCents does. */
const centsSql = (x: RawBuilder<unknown>, cents: number | undefined) =>
  cents === undefined ? x : sql`(${int(cents)} + ((${x} - ${int(cents)} + 99) / 100) * 100)`;

/** The compare-at price of a retail price in SQL (null without a compare-at), as compareAtOf does. */
export function compareAtSql(s: PricingSettings, retail: RawBuilder<unknown>): RawBuilder<number | null> {
  const m = s.compareAt?.multiply;
  if (m === undefined) return sql<null>`null`;
  return centsSql(sql`((cast(${retail} as bigint) * ${int(multiplyUnits(m))} + 9999) / 10000)`, s.cents) as RawBuilder<number>;
}

/** The retail price in SQL: coalesce(own, rules' price, guide). */
export function retailSql(
  s: PricingSettings,
  refs: { cost: RawBuilder<unknown>; guide: RawBuilder<unknown>; own: RawBuilder<unknown> },
): RawBuilder<number> {
  return sql<number>`coalesce(${refs.own}, ${ruleSql(s, refs.cost)}, ${refs.guide})`;
}

/** A goods_skus row's retail price in SQL, its own price read by a subquery (for updates and reads over goods_skus unaliased or aliased `alias`). */
export function skuRetailSql(s: PricingSettings, alias = 'goods_skus'): RawBuilder<number> {
  const a = sql.raw(alias);
  return retailSql(s, {
    cost: sql`${a}.agreement_price`,
    guide: sql`${a}.guide_price`,
    own: sql`(select o.retail from pricing_own o where o.sku = ${a}.sku)`,
  });
}
