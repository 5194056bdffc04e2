import { z } from 'zod';
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

export const auditQuerySchema = z
  .object({
    username: z.string().trim().max(64).optional(),
    action: z.string().trim().max(64).optional(),
    from: z.coerce.number().int().min(0).optional(),
    to: z.coerce.number().int().min(0).optional(),
    failedOnly: z.coerce.boolean().optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export class AuditLog {
  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {}

  record(e: {
    user: Pick<User, 'id' | 'username' | 'role'> | null;
    username?: string;
    action: string;
    input: unknown;
    code: number;
    msg: string;
    ip: string;
  }): void {
    this.db
      .prepare('INSERT INTO audit (at, user_id, username, role, action, summary, code, msg, ip) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(
        this.now(),
        e.user?.id ?? null,
        e.user?.username ?? e.username ?? '',
        e.user?.role ?? '',
        e.action,
        JSON.stringify(summarize(e.input) ?? {}),
        e.code,
        e.msg.slice(0, 500),
        e.ip,
      );
  }

  query(q: z.output<typeof auditQuerySchema>): { list: AuditEntry[]; total: number } {
    const { sql, params } = new Where()
      .add('username = ?', q.username)
      .add(`action LIKE ? ESCAPE '\\'`, q.action && `${q.action.replace(/[\\%_]/g, (m) => '\\' + m)}%`)
      .add('at >= ?', q.from)
      .add('at <= ?', q.to)
      .add('code != ?', q.failedOnly ? 1 : undefined);
    const total = (this.db.prepare(`SELECT count(*) AS n FROM audit ${sql}`).get(...params) as { n: number }).n;
    const list = this.db
      .prepare(`SELECT id, at, username, role, action, summary, code, msg, ip FROM audit ${sql} ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`)
      .all(...params, q.limit, (q.page - 1) * q.limit) as AuditEntry[];
    return { list, total };
  }
}
