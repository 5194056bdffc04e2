import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { num, queryBoolean } from '../../contract/input';
import type { DB } from '../lib/db';
import { Where } from '../lib/sql-where';
import type { AuditEntry } from '../../contract';
import type { User } from './users';

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
  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
    private readonly staleMs = 5 * 60_000,
  ) {}

  private insert(e: AuditWho, outcome: AuditOutcome, code: number, msg: string): number {
    const r = this.db
      .prepare(
        'INSERT INTO audit (at, user_id, username, role, action, summary, code, msg, ip, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        this.now(),
        e.user?.id ?? null,
        e.user?.username ?? e.username ?? '',
        e.user?.role ?? '',
        e.action,
        JSON.stringify(summarize(e.input) ?? {}),
        code,
        msg.slice(0, 500),
        e.ip.slice(0, 64),
        outcome,
      );
    return Number(r.lastInsertRowid);
  }

  /** A finished event: a refusal, a sign-in, a user change. */
  record(e: AuditWho & { code: number; msg: string }): void {
    this.insert(e, 'done', e.code, e.msg);
  }

  /** Before forwarding a write: the row exists even if the gateway dies before the answer. */
  begin(e: AuditWho): number {
    return this.insert(e, 'sent', 0, 'sent to the supplier, no answer yet');
  }

  /** The answer of a write begun with `begin`; `unknown` when the gateway cannot tell (a timeout). */
  finish(id: number, code: number, msg: string, outcome: Exclude<AuditOutcome, 'sent'> = 'done'): void {
    this.db.prepare('UPDATE audit SET code = ?, msg = ?, outcome = ? WHERE id = ?').run(code, msg.slice(0, 500), outcome, id);
  }

  /** At start-up: rows an earlier run left "sent" will never be completed. */
  markInterrupted(): number {
    return this.db.prepare(`UPDATE audit SET outcome = 'unknown', msg = ? WHERE outcome = 'sent'`).run(OUTCOME_UNKNOWN_MSG).changes;
  }

  query(q: z.output<typeof auditQuerySchema>): { list: AuditEntry[]; total: number } {
    const { sql, params } = new Where()
      .add('username = ?', q.username)
      .add(`action LIKE ? ESCAPE '\\'`, q.action && `${q.action.replace(/[\\%_]/g, (m) => '\\' + m)}%`)
      .add('action IN (SELECT value FROM json_each(?))', q.actions && JSON.stringify(q.actions))
      .add('at >= ?', q.from)
      .add('at <= ?', q.to)
      .add(`NOT (code = ? AND outcome = 'done')`, q.failedOnly ? 1 : undefined);
    const total = (this.db.prepare(`SELECT count(*) AS n FROM audit ${sql}`).get(...params) as { n: number }).n;
    const staleBefore = this.now() - this.staleMs;
    const list = this.db
      .prepare(
        `SELECT id, at, username, role, action, summary, code, ip,
           CASE WHEN outcome = 'sent' AND at < ? THEN 'unknown' ELSE outcome END AS outcome,
           CASE WHEN outcome = 'sent' AND at < ? THEN ? ELSE msg END AS msg
         FROM audit ${sql} ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(staleBefore, staleBefore, OUTCOME_UNKNOWN_MSG, ...params, q.limit, (q.page - 1) * q.limit) as AuditEntry[];
    return { list, total };
  }
}

/**
 * How a failed sign-in with a username that is no account is recorded: never the text typed (it may
 * be a password typed into the wrong field), only its length and a keyed hash, so repeated attempts
 * with the same text can still be told apart.
 */
export function maskUnknownUsername(db: DB, typed: string): string {
  const key = installKey(db);
  const tag = createHmac('sha256', key).update(typed.toLowerCase()).digest('hex').slice(0, 8);
  return `(not an account: ${typed.length} characters, #${tag})`;
}

function installKey(db: DB): string {
  const row = db.prepare(`SELECT value FROM gateway_keys WHERE name = 'audit-mask'`).get() as { value: string } | undefined;
  if (row) return row.value;
  db.prepare(`INSERT INTO gateway_keys (name, value) VALUES ('audit-mask', ?) ON CONFLICT (name) DO NOTHING`).run(
    randomBytes(32).toString('hex'),
  );
  return (db.prepare(`SELECT value FROM gateway_keys WHERE name = 'audit-mask'`).get() as { value: string }).value;
}
