import type { ImportRefusal } from '../../../contract/schemas/imports';

/**
 * The supplier's refusal of an order read into its parts, so the page can say it in the person's
 * language with amounts in yuan. Its sentences (upstream-api.md §12, the sandbox's orders.ts) name
 * each refused line: `下单失败：sku 12 价格已变动：当前协议价 1770 分，下单价 1690 分；sku 13 商品已下架`.
 * A sentence (or part) not known is kept as it came (`other`): nothing the supplier said is lost.
 */
export function readRefusal(msg: string): ImportRefusal[] {
  const text = msg.trim().replace(/^下单失败[：:]\s*/, '');
  if (!text) return [];
  return text
    .split(/[；;]\s*/)
    .filter((p) => p.trim())
    .map((part) => {
      const named = /^sku\s*(\d{1,15})\s+(.+)$/i.exec(part.trim());
      const sku = named ? Number(named[1]) : null;
      const what = (named ? named[2]! : part).trim();
      const price = /价格已变动.*?当前协议价\s*(\d+)\s*分.*?下单价\s*(\d+)\s*分/.exec(what);
      if (price) return { code: 'priceChanged', sku, now: Number(price[1]), was: Number(price[2]) };
      const region = /不支持配送至\s*(.+?)\s*$/.exec(what);
      if (region) return { code: 'region', sku, region: region[1]! };
      const left = /库存不足[（(]剩余\s*(\d+)/.exec(what);
      if (left) return { code: 'stockShort', sku, left: Number(left[1]) };
      if (/无货|库存不足/.test(what)) return { code: 'noStock', sku };
      if (/下架/.test(what)) return { code: 'offSale', sku };
      const noSku = /规格不存在[：:]?\s*(?:sku\s*(\d+))?/i.exec(what);
      if (noSku) return { code: 'noSku', sku: sku ?? (noSku[1] ? Number(noSku[1]) : null) };
      return { code: 'other', sku, text: part.trim() };
    });
}
