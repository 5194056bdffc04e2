import { z } from 'zod';
import { fen, percent, unixSeconds } from '../units';

export const sourceInfo = z.looseObject({ id: z.number().int(), name: z.string() });
export type SourceInfo = z.infer<typeof sourceInfo>;

/** A category as `/v2/Category/Lists` returns it. */
export const category = z.looseObject({
  id: z.number().int(),
  third_id: z.union([z.number(), z.string()]).optional(),
  parent_id: z.number().int(),
  title: z.string(),
  level: z.number().int(),
  state: z.number().int().optional(),
  create_time: unixSeconds.optional(),
  sort: z.number().int().optional(),
  source: z.number().int(),
});
export type Category = z.infer<typeof category>;

/** A node of `/v2/Category/GetCategory` (J says `status`, D says `state`: both are accepted). */
export const categoryNode = z.looseObject({
  real_id: z.number().int().optional(),
  id: z.number().int(),
  parent_id: z.number().int(),
  title: z.string(),
  level: z.number().int(),
  state: z.number().int().optional(),
  status: z.number().int().optional(),
  sort: z.number().int().optional(),
  source: z.number().int(),
});
export type CategoryNode = z.infer<typeof categoryNode>;

const prices = {
  market_price: fen,
  guide_price: fen,
  agreement_price: fen,
  activity_price: fen,
  sale_price: fen,
  cost_price: fen.optional(),
};

export const skuOption = z.looseObject({
  /** The `sku` used by orders and after-sale. */
  id: z.number().int(),
  third_id: z.union([z.number(), z.string()]).optional(),
  goods_id: z.number().int(),
  spec_value_ids: z.string(),
  spec_value_names: z.string(),
  ...prices,
  stock: z.number().int(),
  /** The sandbox sends whole grams (the Java client types it as an integer). */
  weight: z.number().optional(),
  image: z.string().optional(),
  old_goods_id: z.union([z.number(), z.string()]).optional(),
  status: z.number().int().optional(),
});
export type SkuOption = z.infer<typeof skuOption>;

export const specName = z.looseObject({ id: z.number().int(), goods_id: z.number().int(), name: z.string(), sort: z.number().int() });
export const specValue = z.looseObject({
  id: z.number().int(),
  goods_id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  spec_name_id: z.number().int(),
});

export const goodsDetail = z.looseObject({
  id: z.number().int(),
  third_id: z.union([z.number(), z.string()]).optional(),
  shop_id: z.number().int().optional(),
  source: z.number().int(),
  category_id: z.string(),
  brand_id: z.number().int().optional(),
  third_category_name: z.string().optional(),
  third_brand_name: z.string().optional(),
  unit: z.string().optional(),
  origin: z.string().optional(),
  title: z.string(),
  ...prices,
  activity_rate: percent,
  promotion_rate: percent,
  cover: z.string(),
  covers: z.array(z.string()),
  stock: z.number().int(),
  total_stock: z.number().int().optional(),
  status: z.number().int(),
  sale: z.number().int().optional(),
  real_sale: z.number().int().optional(),
  real_month_sale: z.number().int().optional(),
  real_return_sale: z.number().int().optional(),
  real_month_return_sale: z.number().int().optional(),
  created_time: unixSeconds,
  updated_time: unixSeconds.optional(),
  is_free_shipping: z.number().int(),
  choose_count: z.number().int().optional(),
  description: z.string(),
  attributes: z.array(z.looseObject({ name: z.string(), value: z.string() })),
  specs: z.looseObject({
    names: z.array(specName),
    values: z.array(specValue),
    options: z.array(skuOption),
  }),
});
export type GoodsDetail = z.infer<typeof goodsDetail>;

const listItemFields = {
  id: z.number().int(),
  third_id: z.union([z.number(), z.string()]).optional(),
  shop_id: z.number().int().optional(),
  source: z.number().int(),
  title: z.string(),
  cover: z.string(),
  unit: z.string().optional(),
  origin: z.string().optional(),
  third_brand_name: z.string().optional(),
  third_category_name: z.string().optional(),
  brand_id: z.number().int().optional(),
  category_id: z.string().optional(),
  category_ids: z.array(z.string()).optional(),
  ...prices,
  activity_rate: percent,
  /** A whole number in NewList and ApiGoodsList items (as the Java client types it); exact in `rate`. */
  promotion_rate: percent,
  /** The exact profit rate; prefer it to `promotion_rate`. */
  rate: percent.optional(),
  stock: z.number().int(),
  total_stock: z.number().int().optional(),
  sale: z.number().int().optional(),
  real_month_sale: z.number().int().optional(),
  status: z.number().int(),
  is_free_shipping: z.number().int(),
  choose_count: z.number().int().optional(),
  created_time: unixSeconds,
  updated_time: unixSeconds.optional(),
  is_selected: z.number().int().optional(),
  dis_category_id: z.string().optional(),
  seller_id: z.number().int().optional(),
  channel_id: z.number().int().optional(),
  activity_ids: z.string().optional(),
  /** NewList items: lowest and highest profit over the goods' SKUs. */
  min_profits: fen.optional(),
  max_profits: fen.optional(),
};

export const goodsListItem = z.looseObject({
  ...listItemFields,
  real_sale: z.number().int().optional(),
});
export type GoodsListItem = z.infer<typeof goodsListItem>;

/** MyLists item: the interface document types `real_sale` as a string and adds `cloud_shop_id`. */
export const selectionProduct = z.looseObject({
  ...listItemFields,
  real_sale: z.union([z.string(), z.number()]).optional(),
  cloud_shop_id: z.number().int().optional(),
});
export type SelectionProduct = z.infer<typeof selectionProduct>;

export const groupGoods = z.looseObject({
  ...listItemFields,
  groups_ids: z.string().optional(),
  group_ids: z.array(z.string()).optional(),
});
export type GroupGoods = z.infer<typeof groupGoods>;

export const goodsGroup = z.looseObject({ id: z.number().int(), name: z.string() });
export type GoodsGroup = z.infer<typeof goodsGroup>;

export const goodsComment = z.looseObject({
  id: z.number().int(),
  goodsID: z.number().int(),
  sku: z.number().int(),
  content: z.string(),
  createdTime: unixSeconds,
});
export type GoodsComment = z.infer<typeof goodsComment>;

/** `{list, count}` wrapper of the goods lists. */
export const listOf = <T extends z.ZodType>(item: T) => z.looseObject({ list: z.array(item), count: z.number().int() });

export const newListPage = z.looseObject({
  list: z.array(goodsListItem),
  count: z.number().int(),
  min_profits: fen.optional(),
  max_profits: fen.optional(),
});
