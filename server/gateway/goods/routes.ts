import { Hono, type Context } from 'hono';
import { mayCall, SKU_LOOKUP_MAX, type SkuLookupAnswer } from '../../../contract';
import { fail, type Env } from '../http/context';
import type { Goods } from '.';

/** A SKU id: a whole number of at most 15 digits, above 0. */
const SKU_ID = /^\d{1,15}$/;

/**
 * `GET /skus?ids=1,2,3` (every role that may place orders): what the gateway knows of each SKU id,
 * in one call for all of a bulk-order sheet's SKUs (at most SKU_LOOKUP_MAX distinct ids). A URL of
 * 2,000 long ids passes Node's 16 kB header limit: `POST /skus` with `{"ids":[…]}` answers the same.
 */
export function goodsRoutes(goods: Goods) {
  const routes = new Hono<Env>();
  const lookup = async (c: Context<Env>, raw: string) => {
    if (!mayCall(c.get('user').role, 'order.submit')) return fail(c, 403, 'forbidden', 'Your role does not allow this.');
    if (raw === '') return fail(c, 400, 'invalid_input', 'Name the SKU ids to look up: ids=1,2,3.', { field: 'ids', rule: 'required' });
    const parts = raw.split(',').map((s) => s.trim());
    const bad = parts.find((s) => !SKU_ID.test(s) || Number(s) === 0);
    if (bad !== undefined)
      return fail(c, 400, 'invalid_input', `"${bad.slice(0, 20)}" is not a SKU id: ids must be whole numbers above 0, separated by commas.`, {
        field: 'ids',
        rule: 'bad_format',
      });
    const ids = [...new Set(parts.map(Number))];
    if (ids.length > SKU_LOOKUP_MAX)
      return fail(c, 400, 'invalid_input', `At most ${SKU_LOOKUP_MAX} SKU ids can be looked up at once; this asked for ${ids.length}.`, {
        field: 'ids',
        rule: 'too_many',
        limit: SKU_LOOKUP_MAX,
      });
    return c.json((await goods.lookup(ids)) satisfies SkuLookupAnswer);
  };
  routes.get('/skus', (c) => lookup(c, (c.req.query('ids') ?? '').trim()));
  // The same with the ids in a body (`{"ids":[1,2,3]}`), for lists longer than a URL should carry.
  routes.post('/skus', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { ids?: unknown } | null;
    const ids = body && Array.isArray(body.ids) ? body.ids.map((x) => String(x)).join(',') : '';
    return lookup(c, ids);
  });
  return routes;
}
