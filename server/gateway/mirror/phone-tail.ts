import { sql } from 'kysely';
import type { Order } from '../../../contract';
import type { PhoneTailOrder } from '../../../contract/schemas/phone-tail';
import type { Kdb } from '../db';
import './tables';

/**
 * The last four digits of a phone number ('' when it has fewer than four): what the order mirror keeps
 * of the consignee's phone as a column of its own (`mirror_orders.phone_tail`), so support can find "my
 * order, phone ending 1234". Full-width digits count as digits; everything else is left out.
 */
export function phoneTail(phone: string | undefined): string {
  const digits = (phone ?? '').normalize('NFKC').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : '';
}

/** A name with all but its first character hidden (at most six stars; a name of one character, one star): "张三" → "张*", "Li Lei" → "L*****". */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length <= 1) return chars.length ? '*' : '';
  return chars[0] + '*'.repeat(Math.min(chars.length - 1, 6));
}

/**
 * The mirrored orders whose consignee's phone ends in `tail` (4 digits), newest first, a page at a time,
 * and how many there are: through the (phone_tail, created_time, sn) index in both databases.
 */
export async function ordersByPhoneTail(
  db: Kdb,
  tail: string,
  page: { offset: number; limit: number },
): Promise<{ list: PhoneTailOrder[]; count: number }> {
  const base = db.selectFrom('mirror_orders').where('phone_tail', '=', tail);
  const [rows, total] = await Promise.all([
    base
      .select(['sn', 'third_sn', 'created_time', 'status', 'total', 'data'])
      .orderBy('created_time', 'desc')
      .orderBy('sn', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select(sql<number | string>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return {
    list: rows.map((r) => ({
      sn: r.sn,
      thirdSn: r.third_sn,
      consignee: maskName((JSON.parse(r.data) as Order).address?.consignee ?? ''),
      createdTime: Number(r.created_time),
      status: Number(r.status),
      total: Number(r.total),
    })),
    count: Number(total?.n ?? 0),
  };
}

/**
 * The phone tails of orders mirrored before the column existed (NULL), from their kept answers. Whether
 * there are any is asked through the tail's index (what every reconcile after the first costs); then
 * the orders are read in the order of their numbers from where the last batch ended (each row once,
 * not the filled ones again: PostgreSQL keeps their old versions until a vacuum), and each batch's tails
 * written by one UPDATE … FROM a list of values, read by the primary key in both databases. An order
 * written meanwhile keeps what its write set. Run at each reconcile (index.ts). Resolves how many it filled.
 */
export async function fillPhoneTails(db: Kdb, batch = 500): Promise<number> {
  const any = await db.selectFrom('mirror_orders').select('sn').where('phone_tail', 'is', null).limit(1).executeTakeFirst();
  if (!any) return 0;
  let filled = 0;
  for (let after = ''; ;) {
    const rows = await db
      .selectFrom('mirror_orders')
      .select(['sn', 'data', 'phone_tail'])
      .where('sn', '>', after)
      .orderBy('sn')
      .limit(batch)
      .execute();
    if (rows.length === 0) return filled;
    after = rows.at(-1)!.sn;
    const empty = rows.filter((r) => r.phone_tail === null);
    if (empty.length === 0) continue;
    const values = sql.join(empty.map((r) => sql`(${r.sn}, ${phoneTail((JSON.parse(r.data) as Order).address?.phone)})`));
    await sql`with v (sn, tail) as (values ${values})
      update mirror_orders set phone_tail = v.tail from v
      where mirror_orders.sn = v.sn and mirror_orders.phone_tail is null`.execute(db);
    filled += empty.length;
  }
}
