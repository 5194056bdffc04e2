import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { mayCall } from '../../contract';
import { addressBook, cart, checkoutDraftInput, type CheckoutDraft } from '../../contract/schemas/person';
import type { DB } from '../lib/db';
import { formatIssues } from '../lib/issues';
import { gatewayFailure } from './upstream';
import type { User } from './users';

type Kind = 'cart' | 'addresses' | 'checkout';
type Env = { Variables: { user: User } };

/** One small JSON document per person and kind (table `person_data`). */
export class PersonData {
  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {}

  get<T>(userId: number, kind: Kind): T | undefined {
    const row = this.db.prepare('SELECT value FROM person_data WHERE user_id = ? AND kind = ?').get(userId, kind) as
      { value: string } | undefined;
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  put(userId: number, kind: Kind, value: unknown): void {
    this.db
      .prepare(
        `INSERT INTO person_data (user_id, kind, value, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id, kind) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(userId, kind, JSON.stringify(value), this.now());
  }

  remove(userId: number, kind: Kind): void {
    this.db.prepare('DELETE FROM person_data WHERE user_id = ? AND kind = ?').run(userId, kind);
  }

  /**
   * The open checkout draft, made on first ask with a new merchant order number. Read and create in
   * one transaction: two tabs asking at once get the same number.
   */
  draft(userId: number): CheckoutDraft {
    return this.db.transaction(() => {
      const existing = this.get<CheckoutDraft>(userId, 'checkout');
      if (existing) return existing;
      const made: CheckoutDraft = { orderSn: newOrderSn(this.now()), createdAt: this.now() };
      this.put(userId, 'checkout', made);
      return made;
    })();
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
export function personDataRoutes(db: DB, now: () => number = Date.now) {
  const store = new PersonData(db, now);
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

  app.get('/cart', (c) => c.json(store.get(uid(c), 'cart') ?? { lines: [] }));
  app.put('/cart', async (c) => {
    const body = await parse(c, cart);
    if (!body.ok) return body.res;
    store.put(uid(c), 'cart', body.data);
    return c.json(body.data);
  });

  app.get('/addresses', (c) => c.json(store.get(uid(c), 'addresses') ?? { list: [] }));
  app.put('/addresses', async (c) => {
    const body = await parse(c, addressBook);
    if (!body.ok) return body.res;
    store.put(uid(c), 'addresses', body.data);
    return c.json(body.data);
  });

  app.get('/checkout', (c) => c.json(store.draft(uid(c))));
  app.put('/checkout', async (c) => {
    const body = await parse(c, checkoutDraftInput);
    if (!body.ok) return body.res;
    // The order number is the gateway's: what the browser sends never replaces it.
    const next = db.transaction(() => {
      const draft = { ...store.draft(uid(c)), ...body.data };
      store.put(uid(c), 'checkout', draft);
      return draft;
    })();
    return c.json(next);
  });
  /** Closes the draft once its order exists (placed, or kept as a failed order); the next checkout gets a new number. */
  app.delete('/checkout', (c) => {
    const sn = c.req.query('orderSn');
    const current = store.get<CheckoutDraft>(uid(c), 'checkout');
    // Only the draft the caller placed: a stale tab must not close a newer checkout.
    if (current && (!sn || current.orderSn === sn)) store.remove(uid(c), 'checkout');
    return c.json({ ok: true });
  });

  return app;
}
