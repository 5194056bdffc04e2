import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { num, queryBoolean } from '../../../contract/input';
import { sql } from 'kysely';
import type { GatewayDb, Kdb } from '../db';
import { prepared } from '../db/prepared';
import type { AuditEntry } from '../../../contract';
import type { User } from '../auth/users';

const SECRET_KEYS = /pass(word)?|secret|token|sign/i;

/**
 * A short, safe summary of an input: secrets and passwords replaced, pictures counted instead of
 * copied, long strings cut. What the audit keeps must never be a way to leak what it protects.
 */
export function summarize(input: unknown, depth = 0): unknown {
  if (typeof input === 'string') return input.length > 120 ? `${input.slice(0, 117)}… (${input.length} chars)` : input;
  if (Array.isArray(input)) {
    if (input.length > 10) return [...input.slice(0, 10).map((v) => summarize(v, depth + 1)), `… ${input.length - 10} more`];
    return input.map((v) => summarize(v, depth + 1));
  }
  if (input && typeof input === 'object') {
    if (depth > 4) return '{…}';
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(input)) {
      if (SECRET_KEYS.test(k)) out[k] = '[hidden]';
      else if (k === 'pictures' && Array.isArray(v))
        out[k] = `[${v.length} picture(s), ${Math.round((v.reduce((s: number, p: unknown) => s + String(p).length, 0) * 0.75) / 1024)} kB]`;
      else out[k] = summarize(v, depth + 1);
    }
    return out;
  }
  return input;
}

const whole = (name: string, min: number, max: number) =>
  num(
    z
      .number({ error: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} may be at most ${max}`),
  );

export const auditQuerySchema = z
  .object({
    username: z.string().trim().max(64).optional(),
    action: z.string().trim().max(64).optional(),
    /** Exact action ids, comma-separated (the SPA finds them from names typed in either language). */
    actions: z
      .string()
      .max(4000)
      .transform((v) =>
        v
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().max(64)).max(200))
      .optional(),
    from: whole('from', 0, 8_640_000_000_000_000).optional(),
    to: whole('to', 0, 8_640_000_000_000_000).optional(),
    failedOnly: queryBoolean.optional(),
    page: whole('page', 1, 100_000).default(1),
    limit: whole('limit', 1, 200).default(50),
  })
  .strict()
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from must not exceed to',
    path: ['from'],
    params: { rule: 'range_order' },
  });

export type AuditOutcome = AuditEntry['outcome'];

/** What a row left "sent" says once nobody can complete it any more. */
export const OUTCOME_UNKNOWN_MSG = 'outcome unknown: the gateway stopped before the answer was recorded; check upstream before retrying';

interface AuditWho {
  user: Pick<User, 'id' | 'username' | 'role'> | null;
  username?: string;
  action: string;
  input: unknown;
  ip: string;
}

/**
 * The audit log. A write is recorded in two steps: `begin` before it is forwarded (what, who, when,
 * "sent"), `finish` with the answer. A gateway killed in between leaves the row "sent"; the next
 * start marks such rows "unknown", and rows "sent" longer than `staleMs` read as "unknown" anyway
 * (another gateway process may have died holding them).
 */
export class AuditLog {
  private readonly db: Kdb;
  constructor(
    db: GatewayDb | Kdb,
    private readonly now: () => number = Date.now,
    private readonly staleMs = 5 * 60_000,
    /** A wall-clock moment on the clock people are shown (server/gateway/clock.ts): each row says when on it too. */
    private readonly shownOf: (wallMs: number) => number = (ms) => ms,
  ) {
    this.db = 'kysely' in db ? db.kysely : db;
    const k = this.db;
    // Every write is audited twice (before and after): both statements compiled once.
    this.insertRow = prepared(k, (p) =>
      k
        .insertInto('audit')
        .values({
          at: p<number>('at'),
          user_id: p<number | null>('user_id'),
          username: p('username'),
          role: p('role'),
          action: p('action'),
          summary: p('summary'),
          code: p<number>('code'),
          msg: p('msg'),
          ip: p('ip'),
          outcome: p<AuditOutcome>('outcome'),
          shown_at: p<number>('shown_at'),
        })
        .returning('id'),
    );
    this.finishRow = prepared(k, (p) =>
      k
        .updateTable('audit')
        .set({ code: p<number>('code'), msg: p('msg'), outcome: p<AuditOutcome>('outcome') })
        .where('id', '=', p<number>('id')),
    );
  }

  private readonly insertRow;
  private readonly finishRow;

  private async insert(e: AuditWho, outcome: AuditOutcome, code: number, msg: string): Promise<number> {
    const at = this.now();
    const r = await this.insertRow({
      at,
      user_id: e.user?.id ?? null,
      username: e.user?.username ?? e.username ?? '',
      role: e.user?.role ?? '',
      action: e.action,
      summary: JSON.stringify(summarize(e.input) ?? {}),
      code,
      msg: msg.slice(0, 500),
      ip: e.ip.slice(0, 64),
      outcome,
      shown_at: this.shownOf(at),
    });
    const row = r.rows[0];
    if (!row) throw new Error('audit: the row was not stored');
    return row.id;
  }

  /** A finished event: a refusal, a sign-in, a user change. */
  async record(e: AuditWho & { code: number; msg: string }): Promise<void> {
    await this.insert(e, 'done', e.code, e.msg);
  }

  /** Before forwarding a write: the row exists even if the gateway dies before the answer. */
  begin(e: AuditWho): Promise<number> {
    return this.insert(e, 'sent', 0, 'sent to the supplier, no answer yet');
  }

  /** The answer of a write begun with `begin`; `unknown` when the gateway cannot tell (a timeout). */
  async finish(id: number, code: number, msg: string, outcome: Exclude<AuditOutcome, 'sent'> = 'done'): Promise<void> {
    await this.finishRow({ code, msg: msg.slice(0, 500), outcome, id });
  }

  /**
   * Rows "sent" before `before` will never be completed. At the start of a lone gateway that is every
   * such row; with several gateways on one database, another may be waiting on its answer right now,
   * so only rows older than the stale limit are marked (they read "unknown" in any case).
   */
  async markInterrupted(before = this.now() + 1): Promise<number> {
    const r = await this.db
      .updateTable('audit')
      .set({ outcome: 'unknown', msg: OUTCOME_UNKNOWN_MSG })
      .where('outcome', '=', 'sent')
      .where('at', '<', before)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Rows "sent" longer than the stale limit, marked for good (the periodic sweep). */
  markStale(): Promise<number> {
    return this.markInterrupted(this.now() - this.staleMs);
  }

  async query(q: z.output<typeof auditQuerySchema>): Promise<{ list: AuditEntry[]; total: number }> {
    let w = this.db.selectFrom('audit');
    if (q.username) w = w.where('username', '=', q.username);
    // Prefix match ignoring case, the same in both dialects (SQLite's LIKE ignores ASCII case, PostgreSQL's does not).
    if (q.action)
      w = w.where(sql<boolean>`lower(action) LIKE ${`${q.action.toLowerCase().replace(/[\\%_]/g, (m) => '\\' + m)}%`} ESCAPE '\\'`);
    if (q.actions) w = q.actions.length ? w.where('action', 'in', q.actions) : w.where(sql<boolean>`1 = 0`);
    // Days as people see them: on the shown clock (older rows have only `at`).
    const when = sql<number>`coalesce(shown_at, at)`;
    if (q.from !== undefined) w = w.where(when, '>=', q.from);
    if (q.to !== undefined) w = w.where(when, '<=', q.to);
    if (q.failedOnly) w = w.where((eb) => eb.not(eb.and([eb('code', '=', 1), eb('outcome', '=', 'done')])));
    const total = Number((await w.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await w
      .select(['id', 'at', 'shown_at', 'username', 'role', 'action', 'summary', 'code', 'ip', 'outcome', 'msg'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute();
    const staleBefore = this.now() - this.staleMs;
    const list = rows.map(({ shown_at, ...r }) => {
      const entry = { ...r, at: Number(r.at), shownAt: shown_at === null ? Number(r.at) : Number(shown_at) };
      return r.outcome === 'sent' && r.at < staleBefore ? { ...entry, outcome: 'unknown' as const, msg: OUTCOME_UNKNOWN_MSG } : entry;
    }) as AuditEntry[];
    return { list, total };
  }
}

/**
 * How a failed sign-in with a username that is no account is recorded: never the text typed (it may
 * be a password typed into the wrong field), only its length and a keyed hash, so repeated attempts
 * with the same text can still be told apart.
 */
export async function maskUnknownUsername(db: GatewayDb | Kdb, typed: string): Promise<string> {
  const key = await installKey('kysely' in db ? db.kysely : db);
  const tag = createHmac('sha256', key).update(typed.toLowerCase()).digest('hex').slice(0, 8);
  return `(not an account: ${typed.length} characters, #${tag})`;
}

const keys = new WeakMap<Kdb, string>();
/** The install's masking key: made once (whichever gateway is first), then read; kept per handle, it never changes. */
async function installKey(db: Kdb): Promise<string> {
  const cached = keys.get(db);
  if (cached) return cached;
  await db
    .insertInto('gateway_keys')
    .values({ name: 'audit-mask', value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('gateway_keys').select('value').where('name', '=', 'audit-mask').executeTakeFirstOrThrow();
  keys.set(db, row.value);
  return row.value;
}
