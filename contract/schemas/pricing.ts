import { z } from 'zod';
import { fen, unixMillis } from '../units';
import { CONTROL_CHAR } from '../formula';

/**
 * Pricing (`/bff/pricing/…`, issue 53; merchants, managers and admins: `pricing.use`): the merchant's
 * retail price of every SKU of the selection library. A SKU's retail is its own price when the
 * merchant set one, else what the rules make of the supplier's cost (its agreement price), else the
 * supplier's guide price. Money is integer fen everywhere.
 *
 * The profit rate is the goods watch's (and the supplier's `promotion_rate`): (retail − cost) / cost,
 * in %, one decimal; null when the cost is 0. The watch's minimum is compared with it.
 */

/** Rules at most. */
export const PRICING_RULES_MAX = 20;
/** A rule's multiplier: at least, at most, decimals at most. */
export const PRICING_MULTIPLY = { min: 0.1, max: 100, decimals: 4 } as const;
/** The compare-at price's multiplier (of the retail price): above 1, at most 10. */
export const PRICING_COMPARE_AT = { min: 1, max: 10, decimals: 4 } as const;
/** An amount a rule adds, at most (fen: ¥10,000). */
export const PRICING_ADD_MAX = 1_000_000;
/** The highest cost a rule's range may name (fen: ¥1,000,000), and the highest own price. */
export const PRICING_PRICE_MAX = 100_000_000;
/** SKUs one `PUT /bff/pricing/goods/:id` may name at most. */
export const PRICING_SKUS_MAX = 500;
/** A shop's code for a SKU: characters at most. */
export const PRICING_CODE_MAX = 64;
/** SKUs the preview lists as the lowest profit rates. */
export const PRICING_LOWEST = 10;
/** Goods one `GET /bff/pricing/goods?ids=` may name at most. */
export const PRICING_GOODS_IDS_MAX = 200;

export const PRICE_SOURCES = ['own', 'rule', 'guide'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

const decimalsAtMost = (n: number, d: number) => Math.abs(Math.round(n * 10 ** d) - n * 10 ** d) < 1e-6;

const money = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be an amount in fen (a whole number)` })
    .int(`${name} must be a whole number of fen`)
    .min(min, `${name} must be at least ${min} fen`)
    .max(max, `${name} may be at most ${max} fen`);

/**
 * One range of the supplier's cost: it applies to a cost up to `upTo` (fen, inclusive) that no rule
 * before it took; the last rule may go without `upTo` and then takes every cost above. A cost above
 * every range (the last rule has an `upTo`) keeps the guide price. Retail = cost × multiply + add,
 * rounded up to a whole fen, then up to the assigned cents.
 */
export const pricingRule = z
  .object({
    upTo: money('upTo', 1, PRICING_PRICE_MAX).optional(),
    multiply: z
      .number({ error: 'multiply must be a number' })
      .min(PRICING_MULTIPLY.min, `multiply must be at least ${PRICING_MULTIPLY.min}`)
      .max(PRICING_MULTIPLY.max, `multiply may be at most ${PRICING_MULTIPLY.max}`)
      .refine((n) => decimalsAtMost(n, PRICING_MULTIPLY.decimals), `multiply may have at most ${PRICING_MULTIPLY.decimals} decimals`)
      .optional(),
    add: money('add', 0, PRICING_ADD_MAX).optional(),
  })
  .strict()
  .refine((r) => r.multiply !== undefined || r.add !== undefined, {
    message: 'each rule needs a multiplier or an amount to add (or both)',
    params: { rule: 'required' },
  });
export type PricingRule = z.infer<typeof pricingRule>;

/** The rules' settings: `PUT /bff/pricing/rules` and `POST /bff/pricing/preview` take them, `GET /bff/pricing/rules` answers them. */
export const pricingSettings = z
  .object({
    rules: z
      .array(pricingRule, { error: 'rules must be a list (empty: no rules, the guide price everywhere)' })
      .max(PRICING_RULES_MAX, `at most ${PRICING_RULES_MAX} rules`),
    /** Retail (and compare-at) prices rounded up to end in these cents (90: ¥12.34 → ¥12.90); absent: not rounded. */
    cents: z
      .number({ error: 'cents must be a whole number from 0 to 99' })
      .int('cents must be a whole number from 0 to 99')
      .min(0, 'cents must be a whole number from 0 to 99')
      .max(99, 'cents must be a whole number from 0 to 99')
      .optional(),
    /** A compare-at (strike-through) price: the retail × multiply, rounded as the retail is; null or absent: none. */
    compareAt: z
      .object({
        multiply: z
          .number({ error: 'compareAt.multiply must be a number' })
          .gt(PRICING_COMPARE_AT.min, `compareAt.multiply must be above ${PRICING_COMPARE_AT.min}`)
          .max(PRICING_COMPARE_AT.max, `compareAt.multiply may be at most ${PRICING_COMPARE_AT.max}`)
          .refine(
            (n) => decimalsAtMost(n, PRICING_COMPARE_AT.decimals),
            `compareAt.multiply may have at most ${PRICING_COMPARE_AT.decimals} decimals`,
          )
          .optional(),
      })
      .strict()
      .nullable()
      .optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    s.rules.forEach((r, i) => {
      if (r.upTo === undefined && i < s.rules.length - 1)
        ctx.addIssue({
          code: 'custom',
          path: ['rules', i, 'upTo'],
          message: `only the last rule may go without upTo: rule ${i + 1} needs the highest cost it covers`,
          params: { rule: 'required' },
        });
      const before = s.rules[i - 1]?.upTo;
      if (r.upTo !== undefined && before !== undefined && r.upTo <= before)
        ctx.addIssue({
          code: 'custom',
          path: ['rules', i, 'upTo'],
          message: `the ranges must rise: rule ${i + 1}'s upTo (${r.upTo} fen) must be above rule ${i}'s (${before} fen)`,
          params: { rule: 'range_order' },
        });
    });
  });
export type PricingSettings = z.infer<typeof pricingSettings>;

/** `GET /bff/pricing/rules` and `PUT`'s answer: the settings, and who saved them when (null: never saved). */
export const pricingRulesAnswer = z.object({
  rules: z.array(z.object({ upTo: fen.optional(), multiply: z.number().optional(), add: fen.optional() })),
  cents: z.number().int().optional(),
  compareAt: z.object({ multiply: z.number().optional() }).nullable().optional(),
  updatedAt: unixMillis.nullable(),
  updatedBy: z.string().nullable(),
});
export type PricingRulesAnswer = z.infer<typeof pricingRulesAnswer>;

/** `PUT /bff/pricing/goods/:id`: own prices of SKUs of that goods (`retail: null` removes one; `code`: the shop's code, null removes it, absent keeps it). */
export const pricingGoodsInput = z
  .object({
    skus: z
      .array(
        z
          .object({
            sku: z.number({ error: 'sku must be a SKU id' }).int('sku must be a SKU id').positive('sku must be a SKU id'),
            retail: money('retail', 1, PRICING_PRICE_MAX).nullable(),
            code: z
              .string({ error: 'code must be text' })
              .trim()
              .max(PRICING_CODE_MAX, `code may be at most ${PRICING_CODE_MAX} characters`)
              .refine((s) => !CONTROL_CHAR.test(s), 'code may not hold line breaks or control characters')
              .nullable()
              .optional(),
          })
          .strict(),
        { error: 'skus must be a list' },
      )
      .min(1, 'name at least one SKU')
      .max(PRICING_SKUS_MAX, `at most ${PRICING_SKUS_MAX} SKUs at once`)
      .refine((xs) => new Set(xs.map((x) => x.sku)).size === xs.length, 'each SKU at most once'),
  })
  .strict();
export type PricingGoodsInput = z.infer<typeof pricingGoodsInput>;

export const pricedSku = z.object({
  sku: z.number().int(),
  spec: z.string(),
  /** The supplier's agreement price. */
  cost: fen,
  guide: fen,
  /** What the merchant sells at, and where it comes from. */
  retail: fen,
  source: z.enum(PRICE_SOURCES),
  /** The own price (null: none), and what the rules would give (null: no rule covers this cost). */
  own: fen.nullable(),
  rule: fen.nullable(),
  compareAt: fen.nullable(),
  /** %, one decimal, (retail − cost) / cost; null when the cost is 0. */
  profitRate: z.number().nullable(),
  /** The shop's code for the SKU (set with the own price), null: not known. */
  code: z.string().nullable(),
});
export type PricedSku = z.infer<typeof pricedSku>;

/** `GET /bff/pricing/goods/:id` (and `PUT`'s answer): each SKU of a goods the gateway has read (404 for goods it has not). */
export const pricingGoodsAnswer = z.object({
  goodsId: z.number().int(),
  title: z.string(),
  /** The goods watch's minimum that applies (its own, else the library's; null: none). */
  minRate: z.number().nullable(),
  skus: z.array(pricedSku),
});
export type PricingGoodsAnswer = z.infer<typeof pricingGoodsAnswer>;

/** `GET /bff/pricing/goods?ids=1,2,3`: per goods (those read), its retail range and how many SKUs have an own price: for the library's rows. */
export const pricingGoodsSummary = z.object({
  goods: z.array(
    z.object({
      goodsId: z.number().int(),
      skus: z.number().int(),
      own: z.number().int(),
      retailMin: fen,
      retailMax: fen,
      /** The lowest profit rate over its SKUs (%), null: no cost to divide by. */
      rateMin: z.number().nullable(),
    }),
  ),
});
export type PricingGoodsSummary = z.infer<typeof pricingGoodsSummary>;

export const pricingLowSku = z.object({
  goodsId: z.number().int(),
  title: z.string(),
  sku: z.number().int(),
  spec: z.string(),
  cost: fen,
  retail: fen,
  source: z.enum(PRICE_SOURCES),
  profitRate: z.number().nullable(),
});
export type PricingLowSku = z.infer<typeof pricingLowSku>;

/** `POST /bff/pricing/preview` (body: settings as for PUT; nothing is saved): what the rules would give over the library's SKUs. */
export const pricingPreview = z.object({
  /** The library's SKUs priced. */
  skus: z.number().int(),
  /** SKUs whose retail would change from what it is now. */
  changed: z.number().int(),
  /** SKUs that would be under the watch's minimum (their goods' own, else the library's). */
  belowMinimum: z.number().int(),
  /** The lowest profit rates, lowest first (at most PRICING_LOWEST). */
  lowest: z.array(pricingLowSku),
});
export type PricingPreview = z.infer<typeof pricingPreview>;

/** `GET /bff/pricing/summary`: the library's SKUs priced, with an own price, changed since the last sheet downloaded, and when that was. */
export const pricingSummary = z.object({
  skus: z.number().int(),
  own: z.number().int(),
  changed: z.number().int(),
  downloadedAt: unixMillis.nullable(),
  rulesUpdatedAt: unixMillis.nullable(),
});
export type PricingSummary = z.infer<typeof pricingSummary>;

export const PRICE_SHEET_ONLY = ['changed', 'all'] as const;
export const PRICE_SHEET_TYPES = ['xlsx', 'csv'] as const;
/**
 * `POST /bff/pricing/sheet`: the price sheet as a file (attachment; columns goods, goods id, SKU,
 * spec, shop code, retail ¥, compare-at ¥, in `lang`). `changed`: only SKUs whose retail or
 * compare-at differs from what the last downloaded sheet held for them (or that no sheet held).
 * The download marks each SKU written with the prices it held (audited). Headers of the answer:
 * `X-Sheet-Rows` (SKUs written).
 */
export const priceSheetInput = z
  .object({
    only: z.enum(PRICE_SHEET_ONLY, { error: `only must be one of ${PRICE_SHEET_ONLY.join(', ')}` }).default('changed'),
    type: z.enum(PRICE_SHEET_TYPES, { error: `type must be one of ${PRICE_SHEET_TYPES.join(', ')}` }).default('xlsx'),
    lang: z.enum(['zh-CN', 'en'], { error: 'lang must be zh-CN or en' }).default('zh-CN'),
  })
  .strict();
export type PriceSheetInput = z.infer<typeof priceSheetInput>;

/** The multiplier as a whole number of ten-thousandths, so retail is computed in integers (in SQL the same way). */
export const multiplyUnits = (m: number): number => Math.round(m * 10_000);

/** A price rounded up to end in `cents` (0–99); unchanged without. 1234 → 1290, 1290 → 1290, 1291 → 1390 for 90. */
export const roundToCents = (price: number, cents?: number): number =>
  cents === undefined ? price : price + ((((cents - (price % 100)) % 100) + 100) % 100);

/** What the rules make of a cost (fen): null when no rule's range covers it. */
export function ruleRetail(cost: number, s: Pick<PricingSettings, 'rules' | 'cents'>): number | null {
  const rule = s.rules.find((r) => r.upTo === undefined || cost <= r.upTo);
  if (!rule) return null;
  const m = multiplyUnits(rule.multiply ?? 1);
  return roundToCents(Math.ceil((cost * m) / 10_000) + (rule.add ?? 0), s.cents);
}

/** The compare-at price of a retail price (null: no compare-at). */
export function compareAtOf(retail: number, s: Pick<PricingSettings, 'compareAt' | 'cents'>): number | null {
  const m = s.compareAt?.multiply;
  if (m === undefined) return null;
  return roundToCents(Math.ceil((retail * multiplyUnits(m)) / 10_000), s.cents);
}

/** The profit rate (%, one decimal) of selling at `retail` what costs `cost`; null when the cost is 0. */
export const profitRateOf = (cost: number, retail: number): number | null =>
  cost > 0 ? Math.round(((retail - cost) / cost) * 1000) / 10 : null;
