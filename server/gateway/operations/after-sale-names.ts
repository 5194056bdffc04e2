import { Hono, type Context } from 'hono';
import { afterSaleNames, mayCall, type AfterSaleNames } from '../../../contract';
import type { GatewayDb, Kdb } from '../db';
import { formatIssues, issueDetail } from '../../lib/issues';
import { gatewayFailure } from './upstream';
import type { User } from '../auth/users';

/** The names answered at apply time, by after-sale id: written once (the first answer is the one that was shown). */
export class AfterSaleNamesStore {
  private readonly db: Kdb;
  constructor(
    db: GatewayDb | Kdb,
    private readonly now: () => number = Date.now,
  ) {
    this.db = 'kysely' in db ? db.kysely : db;
  }

  async get(id: number): Promise<AfterSaleNames | undefined> {
    const row = await this.db.selectFrom('after_sale_names').select('names').where('after_sale_id', '=', id).executeTakeFirst();
    return row ? (JSON.parse(row.names) as AfterSaleNames) : undefined;
  }

  async many(ids: number[]): Promise<Record<string, AfterSaleNames>> {
    if (ids.length === 0) return {};
    const rows = await this.db
      .selectFrom('after_sale_names')
      .select(['after_sale_id', 'names'])
      .where('after_sale_id', 'in', ids)
      .execute();
    return Object.fromEntries(rows.map((r) => [String(r.after_sale_id), JSON.parse(r.names) as AfterSaleNames]));
  }

  /** False when names were already kept for this id (they are left as they were). */
  async keep(id: number, names: AfterSaleNames, userId: number): Promise<boolean> {
    const r = await this.db
      .insertInto('after_sale_names')
      .values({ after_sale_id: id, names: JSON.stringify(names), created_by: userId, created_at: this.now() })
      .onConflict((oc) => oc.column('after_sale_id').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }
}

type Env = { Variables: { user: User } };
const ID = /^[1-9]\d{0,14}$/;
const MAX_IDS = 100;

/**
 * `/bff/after-sale-names/<id>`: read by whoever may read after-sale records, written by whoever may
 * apply for one. Mounted behind the session check.
 */
export function afterSaleNamesRoutes(db: GatewayDb, now: () => number = Date.now) {
  const store = new AfterSaleNamesStore(db, now);
  const app = new Hono<Env>();
  const fail = (c: Context, status: 400 | 403, reason: 'invalid_input' | 'forbidden', msg: string, extra: object = {}) =>
    c.json(gatewayFailure(reason, msg, extra), status);
  const idOf = (c: Context) => {
    const raw = c.req.param('id') ?? '';
    return ID.test(raw) ? Number(raw) : undefined;
  };

  /** `?ids=1,2,3` (at most 100): the names of a list page, in one request. */
  app.get('/', async (c) => {
    if (!mayCall(c.get('user').role, 'afterSale.list')) return fail(c, 403, 'forbidden', 'Your role does not read after-sale records.');
    const raw = (c.req.query('ids') ?? '').split(',').filter(Boolean);
    if (raw.length > MAX_IDS || raw.some((x) => !ID.test(x)))
      return fail(c, 400, 'invalid_input', `ids must be at most ${MAX_IDS} positive whole numbers, comma-separated.`, {
        field: 'ids',
        rule: raw.length > MAX_IDS ? 'too_many' : 'format',
        limit: MAX_IDS,
      });
    return c.json({ names: await store.many([...new Set(raw.map(Number))]) });
  });

  app.get('/:id', async (c) => {
    if (!mayCall(c.get('user').role, 'afterSale.detail')) return fail(c, 403, 'forbidden', 'Your role does not read after-sale records.');
    const id = idOf(c);
    if (id === undefined)
      return fail(c, 400, 'invalid_input', 'The after-sale id must be a positive whole number.', { field: 'id', rule: 'format' });
    return c.json({ names: (await store.get(id)) ?? {} });
  });

  app.put('/:id', async (c) => {
    if (!mayCall(c.get('user').role, 'afterSale.apply')) return fail(c, 403, 'forbidden', 'Your role does not apply for after-sale.');
    const id = idOf(c);
    if (id === undefined)
      return fail(c, 400, 'invalid_input', 'The after-sale id must be a positive whole number.', { field: 'id', rule: 'format' });
    const raw: unknown = await c.req.json().catch(() => undefined);
    const parsed = afterSaleNames.safeParse(raw);
    if (!parsed.success)
      return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(parsed.error)}`, issueDetail(parsed.error, raw));
    const kept = await store.keep(id, parsed.data, c.get('user').id);
    return c.json({ kept, names: kept ? parsed.data : ((await store.get(id)) ?? {}) });
  });

  return app;
}
