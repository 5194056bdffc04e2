import { Hono } from 'hono';
import { z } from 'zod';
import {
  mayCall,
  messageGroupsOf,
  type GoodsDetail,
  type GoodsListItem,
  type OpId,
  type Role,
  type SearchGoods,
  type SearchHits,
  type SearchResults,
  type SkuLookupItem,
} from '../../../contract';
import { SEARCH_WORDS_MAX } from '../../../contract/constants';
import { formatIssues, issueDetail } from '../../lib/issues';
import type { GatewayDb } from '../db';
import { fail, requireFeature, type Env } from '../http/context';
import type { OpCaller } from '../messages/effects';
import { SearchStore } from './store';

export { searchMigrations } from './tables';

const searchQuery = z
  .object({
    q: z.string().trim().min(1, 'q is required').max(SEARCH_WORDS_MAX, `q may be at most ${SEARCH_WORDS_MAX} characters`),
    limit: z.coerce.number().int().min(1).max(20).default(5),
  })
  .strict();

const goodsOf = (g: GoodsDetail | GoodsListItem): SearchGoods => ({
  id: g.id,
  title: g.title,
  cover: g.cover,
  source: g.source,
  status: g.status,
  stock: g.stock,
  agreement_price: g.agreement_price,
  guide_price: g.guide_price,
});

/**
 * `/bff/search?q=&limit=` (everyone signed in): orders, after-sale records, products and messages
 * that a few typed characters name, each kind only for a role that may read it, all asked at once.
 * The mirror and the inbox answer from the gateway's database; the catalogue from the upstream: a
 * whole id by its detail, words by its search. A kind that could not be asked is empty, not an error.
 */
export function searchRoutes(
  db: GatewayDb,
  call: OpCaller,
  log: (line: string) => void = () => {},
  /** What the gateway's SKU index knows of a SKU id (goods/), for a product found by a SKU id typed in full. */
  skuOf?: (sku: number) => Promise<SkuLookupItem | undefined>,
) {
  const store = new SearchStore(db);
  const routes = new Hono<Env>();
  routes.get('/search', requireFeature('search.use'), async (c) => {
    const parsed = searchQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const detail = issueDetail(parsed.error, c.req.query());
      return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(parsed.error)}`, { ...detail, field: detail.field ?? 'q' });
    }
    const { q, limit } = parsed.data;
    const role: Role = c.get('user').role;
    const may = (id: OpId) => mayCall(role, id);
    const guard = <T>(what: string, p: Promise<SearchHits<T>>): Promise<SearchHits<T>> =>
      p.catch((e: unknown) => {
        log(`[search] ${what}: ${e instanceof Error ? e.message : String(e)}`);
        return { list: [], more: false };
      });
    const groups = messageGroupsOf(role);
    const [orders, afterSales, goods, messages] = await Promise.all([
      may('order.list') ? guard('orders', store.orders(q, limit)) : null,
      may('afterSale.list') ? guard('after-sales', store.afterSales(q, limit)) : null,
      may('goods.list') ? guard('goods', findGoods(call, q, limit, skuOf)) : null,
      groups.length ? guard('messages', store.messages(q, groups, limit)) : null,
    ]);
    return c.json({ q, orders, afterSales, goods, messages } satisfies SearchResults);
  });
  return routes;
}

/**
 * A whole id by its detail (when it is one), a SKU id typed in full by its goods (from the SKU
 * index), and the catalogue's search by words, together; the ids first.
 */
async function findGoods(
  call: OpCaller,
  q: string,
  limit: number,
  skuOf?: (sku: number) => Promise<SkuLookupItem | undefined>,
): Promise<SearchHits<SearchGoods>> {
  const id = /^\d{1,9}$/.test(q) ? Number(q) : undefined;
  const bySku = async (): Promise<SearchGoods[]> => {
    const sku = id && skuOf ? await skuOf(id).catch(() => undefined) : undefined;
    if (!sku) return [];
    const g = await call('goods.detail', { id: sku.goodsId }).catch(() => null);
    return g ? [{ ...goodsOf(g), sku: { id: sku.sku, spec: sku.spec, agreementPrice: sku.agreementPrice } }] : [];
  };
  const [byId, bySkuId, byWords] = await Promise.all([
    id
      ? call('goods.detail', { id }).then(
          (g) => [goodsOf(g)],
          () => [],
        )
      : [],
    bySku(),
    call('goods.list', { page: 1, limit: limit + 1, source: 0, search_words: q }).then((page) => page.list.map(goodsOf)),
  ]);
  const seen = new Set<number>();
  const all = [...byId, ...bySkuId, ...byWords].filter((g) => !seen.has(g.id) && seen.add(g.id));
  return { list: all.slice(0, limit), more: all.length > limit };
}
