import type { GoodsDetail, SkuOption } from '../../../../contract';
import type { NewLine } from '../api/cart';

/** A cart line for one SKU of a product, with what the cart shows without asking again. */
export const lineFrom = (g: GoodsDetail, o: SkuOption, number: number): NewLine => ({
  sku: o.id,
  goodsId: g.id,
  number,
  price: o.agreement_price,
  title: g.title.slice(0, 200),
  spec: (o.spec_value_names || '').slice(0, 200),
  source: g.source,
  cover: (o.image || g.cover || '').slice(0, 500),
});

/** SKUs that can be ordered now: on sale, in stock. */
export const orderable = (g: GoodsDetail) => (g.status === 1 ? g.specs.options.filter((o) => o.stock > 0 && o.status !== 0) : []);
