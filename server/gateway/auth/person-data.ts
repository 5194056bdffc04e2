import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from '../../lib/body-limit';
import type { z } from 'zod';
import { mayCall } from '../../../contract';
import { addressBook, cart, checkoutDraftInput, type CheckoutDraft, type CheckoutDraftInput } from '../../../contract/schemas/person';
import { dialectOf, type GatewayDb, type Kdb } from '../db';
import { formatIssues } from '../../lib/issues';
import { gatewayFailure } from '../operations/upstream';
import type { User } from './users';

type Kind = 'cart' | 'addresses' | 'checkout';
type Env = { Variables: { user: User } };

/** One small JSON document per person and kind (table `person_data`). */
export class PersonData {
  private readonly db: Kdb;
  constructor(
    db: GatewayDb | Kdb,
    private readonly now: () => number = Date.now,
    /** The clock the order numbers are made on (the business clock in sandbox mode: server/gateway/clock.ts). */
    private readonly shownNow: () => number | Promise<number> = now,
  ) {
    this.db = 'kysely' in db ? db.kysely : db;
  }

  async get<T>(userId: number, kind: Kind, ex: Kdb = this.db): Promise<T | undefined> {
    const row = await ex
      .selectFrom('person_data')
      .select('value')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async put(userId: number, kind: Kind, value: unknown, ex: Kdb = this.db): Promise<void> {
    await ex
      .insertInto('person_data')
      .values({ user_id: userId, kind, value: JSON.stringify(value), updated_at: this.now() })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'kind'])
          .doUpdateSet({ value: (eb) => eb.ref('excluded.value'), updated_at: (eb) => eb.ref('excluded.updated_at') }),
      )
      .execute();
  }

  async remove(userId: number, kind: Kind): Promise<void> {
    await this.db.deleteFrom('person_data').where('user_id', '=', userId).where('kind', '=', kind).execute();
  }

  /**
   * The open checkout draft, made on first ask with a new merchant order number. Made with
   * `ON CONFLICT DO NOTHING` and read back: two tabs (or two gateways) asking at once get the same number.
   */
  async draft(userId: number, ex: Kdb = this.db): Promise<CheckoutDraft> {
    const made: CheckoutDraft = { orderSn: newOrderSn(await this.shownNow()), createdAt: this.now() };
    await ex
      .insertInto('person_data')
      .values({ user_id: userId, kind: 'checkout', value: JSON.stringify(made), updated_at: this.now() })
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
      .execute();
    return (await this.get<CheckoutDraft>(userId, 'checkout', ex))!;
  }

  /** Merges `patch` into the draft, keeping its order number; one transaction (the row locked on PostgreSQL). */
  async updateDraft(userId: number, patch: CheckoutDraftInput): Promise<CheckoutDraft> {
    return this.db.transaction().execute(async (trx) => {
      await this.draft(userId, trx);
      const row = await trx
        .selectFrom('person_data')
        .select('value')
        .where('user_id', '=', userId)
        .where('kind', '=', 'checkout')
        .$if(dialectOf(trx) === 'postgres', (q) => q.forUpdate())
        .executeTakeFirstOrThrow();
      const existing = JSON.parse(row.value) as CheckoutDraft;
      const merged: CheckoutDraft = { ...existing, ...patch, orderSn: existing.orderSn, createdAt: existing.createdAt };
      await this.put(userId, 'checkout', merged, trx);
      return merged;
    });
  }
}

/** SD + the time in UTC to the second + 8 random hex digits: 24 characters, as order.submit takes it. */
export function newOrderSn(nowMs: number): string {
  const stamp = new Date(nowMs).toISOString().replace(/\D/g, '').slice(0, 14);
  return `SD${stamp}${randomBytes(4).toString('hex')}`;
}

const MAX_BODY = 64 * 1024;

/**
 * `/bff/me/...`: the signed-in person's cart, address book and checkout draft. Mounted behind the
 * session check; only people who may place orders have them.
 */
export function personDataRoutes(db: GatewayDb, now: () => number = Date.now, shownNow: () => number | Promise<number> = now) {
  const store = new PersonData(db, now, shownNow);
  const app = new Hono<Env>();
  const fail = (c: Context, status: 400 | 403 | 413, reason: 'invalid_input' | 'forbidden', msg: string, field?: string) =>
    c.json(gatewayFailure(reason, msg, field ? { field } : {}), status);

  app.use('*', async (c, next) => {
    if (!mayCall(c.get('user').role, 'order.submit')) return fail(c, 403, 'forbidden', 'Your role does not place orders.');
    await next();
  });
  app.use(
    '*',
    bodyLimit({ maxSize: MAX_BODY, onError: (c) => fail(c, 413, 'invalid_input', 'The request is too large (64 kB at most).') }),
  );

  const parse = async <S extends z.ZodType>(
    c: Context,
    schema: S,
  ): Promise<{ ok: true; data: z.output<S> } | { ok: false; res: Response }> => {
    const raw: unknown = await c.req.json().catch(() => undefined);
    if (raw === undefined) return { ok: false, res: fail(c, 400, 'invalid_input', 'The request body is not valid JSON.') };
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.map(String).join('.') || undefined;
      return { ok: false, res: fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(parsed.error)}`, field) };
    }
    return { ok: true, data: parsed.data };
  };
  const uid = (c: Context<Env>) => c.get('user').id;

  app.get('/cart', async (c) => c.json((await store.get(uid(c), 'cart')) ?? { lines: [] }));
  app.put('/cart', async (c) => {
    const body = await parse(c, cart);
    if (!body.ok) return body.res;
    await store.put(uid(c), 'cart', body.data);
    return c.json(body.data);
  });

  app.get('/addresses', async (c) => c.json((await store.get(uid(c), 'addresses')) ?? { list: [] }));
  app.put('/addresses', async (c) => {
    const body = await parse(c, addressBook);
    if (!body.ok) return body.res;
    await store.put(uid(c), 'addresses', body.data);
    return c.json(body.data);
  });

  app.get('/checkout', async (c) => c.json(await store.draft(uid(c))));
  app.put('/checkout', async (c) => {
    const body = await parse(c, checkoutDraftInput);
    if (!body.ok) return body.res;
    // The order number is the gateway's: what the browser sends never replaces it.
    return c.json(await store.updateDraft(uid(c), body.data));
  });
  /** Closes the draft once its order exists (placed, or kept as a failed order); the next checkout gets a new number. */
  app.delete('/checkout', async (c) => {
    const sn = c.req.query('orderSn');
    const current = await store.get<CheckoutDraft>(uid(c), 'checkout');
    // Only the draft the caller placed: a stale tab must not close a newer checkout.
    if (current && (!sn || current.orderSn === sn)) await store.remove(uid(c), 'checkout');
    return c.json({ ok: true });
  });

  return app;
}
