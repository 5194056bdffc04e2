import { sql, type Expression, type SqlBool } from 'kysely';
import type { AfterSaleRecord, InboxMessage, Order, VisibleMessageGroup } from '../../../contract';
import type { GatewayDb, Kdb } from '../db';
import { dialectOf } from '../db/dialect';
import { toInbox } from '../messages/store';
import '../mirror/tables';
import '../messages/tables';

/** What may be a number (an order's, a line's, an after-sale's): letters, digits, `_` and `-`. */
export const NUMBER_LIKE = /^[A-Za-z0-9_-]{1,64}$/;
/** A fragment shorter than this is found only when it is a whole number. */
export const MIN_PREFIX = 2;

/** A page of hits: at most the limit asked for, and whether there are more. */
export interface Hits<T> {
  list: T[];
  more: boolean;
}

/** The first string after every string that starts with `q` (ASCII `q`, byte order). */
const successor = (q: string) => q.slice(0, -1) + String.fromCharCode(q.charCodeAt(q.length - 1) + 1);

/**
 * The gateway's own records found by the start of a number (the palette, `/bff/search`): orders in
 * the mirror by the merchant's or the platform's number, after-sale records by id or by their
 * order's number, messages by their order's number. A whole number comes first; then those that
 * start with it, the highest first (numbers carry their time: the newest), through an index.
 */
export class SearchStore {
  readonly db: Kdb;
  private readonly pg: boolean;
  constructor(db: GatewayDb | Kdb) {
    this.db = 'kysely' in db ? db.kysely : db;
    this.pg = dialectOf(this.db) === 'postgres';
  }

  /** `column` in byte order (PostgreSQL: the C collation its search index is in). */
  private bytes(column: string) {
    return this.pg ? sql`${sql.ref(column)} collate "C"` : sql.ref(column);
  }

  /** `column` starts with `q`: the range of byte order from `q` to the first string after its prefixes. */
  private startsWith(column: string, q: string): Expression<SqlBool> {
    return sql<SqlBool>`(${this.bytes(column)} >= ${q} and ${this.bytes(column)} < ${successor(q)})`;
  }

  async orders(q: string, limit: number): Promise<Hits<Order>> {
    if (!NUMBER_LIKE.test(q)) return { list: [], more: false };
    const exact = this.db
      .selectFrom('mirror_orders')
      .select(['sn', 'data'])
      .where((eb) => eb.or([eb('sn', '=', q), eb('third_sn', '=', q)]));
    const prefix = (column: 'sn' | 'third_sn') =>
      this.db
        .selectFrom('mirror_orders')
        .select(['sn', 'data'])
        .where(this.startsWith(column, q))
        .orderBy(this.bytes(column), 'desc')
        .limit(limit + 1)
        .execute();
    const [whole, byThird, bySn] = await Promise.all([
      exact.limit(limit).execute(),
      q.length >= MIN_PREFIX ? prefix('third_sn') : [],
      q.length >= MIN_PREFIX ? prefix('sn') : [],
    ]);
    return pick(
      [...whole, ...byThird, ...bySn],
      (r) => r.sn,
      limit,
      (r) => JSON.parse(r.data) as Order,
    );
  }

  /** By its id, typed as every screen writes it ("#12") or bare ("12"), and by its order's number; "#12" is an id only. */
  async afterSales(typed: string, limit: number): Promise<Hits<AfterSaleRecord>> {
    const hash = /^[#＃]\s*\d/.test(typed);
    const q = hash ? typed.replace(/^[#＃]\s*/, '') : typed;
    if (!NUMBER_LIKE.test(q)) return { list: [], more: false };
    const id = /^\d{1,15}$/.test(q) ? Number(q) : undefined;
    const [byId, byOrder] = await Promise.all([
      id === undefined ? [] : this.db.selectFrom('mirror_after_sales').select(['id', 'data']).where('id', '=', id).execute(),
      !hash && (q.length >= MIN_PREFIX || id === undefined)
        ? this.db
            .selectFrom('mirror_after_sales')
            .select(['id', 'data'])
            .where(this.startsWith('order_sn', q))
            .orderBy(this.bytes('order_sn'), 'desc')
            .orderBy('id', 'desc')
            .limit(limit + 1)
            .execute()
        : [],
    ]);
    return pick(
      [...byId, ...byOrder],
      (r) => Number(r.id),
      limit,
      (r) => JSON.parse(r.data) as AfterSaleRecord,
    );
  }

  /** Messages about an order whose number starts with `q`, of the groups the person may see, the newest first. */
  async messages(q: string, groups: readonly VisibleMessageGroup[], limit: number): Promise<Hits<InboxMessage>> {
    if (!NUMBER_LIKE.test(q) || q.length < MIN_PREFIX || groups.length === 0) return { list: [], more: false };
    const rows = await this.db
      .selectFrom('messages')
      .select(['seq', 'id', 'type', 'grp', 'data', 'pushed_ms', 'received_ms', 'refs'])
      .where(this.startsWith('order_sn', q))
      .where('grp', 'in', [...groups])
      .orderBy(this.bytes('order_sn'), 'desc')
      .orderBy('seq', 'desc')
      .limit(limit + 1)
      .execute();
    // Read or not is the inbox's business: the palette opens the message there.
    return pick(
      rows,
      (r) => Number(r.seq),
      limit,
      (r) => toInbox(r, false),
    );
  }
}

/** Each hit once (the first place it came in), at most `limit`, and whether there were more. */
function pick<R, T>(rows: R[], key: (r: R) => string | number, limit: number, make: (r: R) => T): Hits<T> {
  const seen = new Set<string | number>();
  const out: T[] = [];
  let more = false;
  for (const r of rows) {
    const k = key(r);
    if (seen.has(k)) continue;
    seen.add(k);
    if (out.length === limit) {
      more = true;
      break;
    }
    out.push(make(r));
  }
  return { list: out, more };
}
