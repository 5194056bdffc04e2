import { sql } from 'kysely';
import type { Order } from '../../../contract';
import type { GatewayDb, Kdb } from '../db';
import { changes, dayOf, FIGURES, FINAL_STATUSES, merge, type Contribution, type Dimension, type Figures } from './rollups';

/** One period's figures as the overview reads them from the daily rollups. */
export interface PeriodFigures {
  from: string;
  to: string;
  totals: Figures;
  /** Every day of the period, in order, zeros included. */
  days: ({ day: string } & Figures)[];
  byChannel: ({ key: string } & Figures)[];
  byProvince: ({ key: string } & Figures)[];
  /** The ten goods sold most by quantity, and by GMV. */
  topGoodsByItems: ({ key: string; label: string } & Figures)[];
  topGoodsByGmv: ({ key: string; label: string } & Figures)[];
}

const ZERO: Figures = { orders: 0, gmv: 0, items: 0, refunded: 0, cancelled: 0 };
const SUMS = FIGURES.map((k) => sql<number>`coalesce(sum(${sql.ref(k)}), 0)`.as(k));

/** Each day from `from` to `to` (YYYY-MM-DD, inclusive). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * The gateway's copy of the reseller's orders and their daily figures (DESIGN.md, the order mirror).
 * Orders come in as the upstream answered them; each is written with the change it makes to the
 * figures in one transaction, and an order read again unchanged writes nothing.
 */
export class MirrorStore {
  readonly db: Kdb;
  constructor(
    db: GatewayDb | Kdb,
    readonly timeZone: string,
    private readonly now: () => number = Date.now,
  ) {
    this.db = 'kysely' in db ? db.kysely : db;
  }

  /** Writes what changed among `orders`; resolves how many orders were new or different. */
  async upsert(orders: readonly Order[]): Promise<number> {
    if (orders.length === 0) return 0;
    // The same order twice in one batch: the last one read stands.
    const latest = new Map(orders.map((o) => [o.sn, o]));
    return this.db.transaction().execute(async (trx) => {
      const before = new Map(
        (
          await trx
            .selectFrom('mirror_orders')
            .select(['sn', 'data'])
            .where('sn', 'in', [...latest.keys()])
            .execute()
        ).map((r) => [r.sn, r.data]),
      );
      const moved = new Map<string, Contribution>();
      const rows = [];
      for (const o of latest.values()) {
        const data = JSON.stringify(o);
        const old = before.get(o.sn);
        if (old === data) continue;
        for (const c of changes(old === undefined ? undefined : (JSON.parse(old) as Order), o, this.timeZone)) merge(moved, c);
        rows.push({
          sn: o.sn,
          third_sn: o.thirdSn,
          created_time: o.createdTime,
          day: dayOf(o.createdTime, this.timeZone),
          status: o.status,
          pay_status: o.payStatus,
          total: o.goodsFee + o.logisticFee,
          data,
          read_at: this.now(),
        });
      }
      for (let i = 0; i < rows.length; i += 200) {
        await trx
          .insertInto('mirror_orders')
          .values(rows.slice(i, i + 200))
          .onConflict((oc) =>
            oc.column('sn').doUpdateSet((eb) => ({
              third_sn: eb.ref('excluded.third_sn'),
              created_time: eb.ref('excluded.created_time'),
              day: eb.ref('excluded.day'),
              status: eb.ref('excluded.status'),
              pay_status: eb.ref('excluded.pay_status'),
              total: eb.ref('excluded.total'),
              data: eb.ref('excluded.data'),
              read_at: eb.ref('excluded.read_at'),
            })),
          )
          .execute();
      }
      const figures = [...moved.values()].filter((c) => FIGURES.some((k) => c[k] !== 0) || c.label !== '');
      for (let i = 0; i < figures.length; i += 200) {
        await trx
          .insertInto('mirror_daily')
          .values(figures.slice(i, i + 200))
          .onConflict((oc) =>
            oc.columns(['dim', 'day', 'key']).doUpdateSet({
              orders: sql`mirror_daily.orders + excluded.orders`,
              gmv: sql`mirror_daily.gmv + excluded.gmv`,
              items: sql`mirror_daily.items + excluded.items`,
              refunded: sql`mirror_daily.refunded + excluded.refunded`,
              cancelled: sql`mirror_daily.cancelled + excluded.cancelled`,
              label: sql`case when excluded.label = '' then mirror_daily.label else excluded.label end`,
            }),
          )
          .execute();
      }
      return rows.length;
    });
  }

  /**
   * The figures of the days `from`..`to` (inclusive), from the rollups only. `goods: false` leaves the
   * top goods out (the previous period's are not shown, and they are most of the work).
   */
  async period(from: string, to: string, opts: { goods?: boolean } = {}): Promise<PeriodFigures> {
    const goods = opts.goods ?? true;
    const inPeriod = (dim: Dimension) =>
      this.db.selectFrom('mirror_daily').where('dim', '=', dim).where('day', '>=', from).where('day', '<=', to);
    const [totals, days, byChannel, byProvince, topItems, topGmv] = await Promise.all([
      inPeriod('all').select(SUMS).executeTakeFirst(),
      inPeriod('all')
        .select(['day', ...FIGURES])
        .orderBy('day')
        .execute(),
      inPeriod('channel').select('key').select(SUMS).groupBy('key').execute(),
      inPeriod('province').select('key').select(SUMS).groupBy('key').execute(),
      goods ? this.topGoods(from, to, 'items') : [],
      goods ? this.topGoods(from, to, 'gmv') : [],
    ]);
    const byDay = new Map(days.map((d) => [d.day, d]));
    const live = (rows: ({ key: string } & Figures)[]) => rows.map(numbers).filter((r) => FIGURES.some((k) => r[k] !== 0));
    return {
      from,
      to,
      totals: numbers(totals ?? ZERO),
      days: daysBetween(from, to).map((day) => ({ ...numbers(byDay.get(day) ?? ZERO), day })),
      byChannel: live(byChannel).sort((a, b) => b.gmv - a.gmv),
      byProvince: live(byProvince).sort((a, b) => b.orders - a.orders || b.gmv - a.gmv),
      topGoodsByItems: topItems,
      topGoodsByGmv: topGmv,
    };
  }

  private async topGoods(from: string, to: string, by: 'items' | 'gmv') {
    const rows = await this.db
      .selectFrom('mirror_daily')
      .where('dim', '=', 'goods')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .select('key')
      .select(sql<string>`max(label)`.as('label'))
      .select(SUMS)
      .groupBy('key')
      .having(sql<number>`sum(${sql.ref(by)})`, '>', 0)
      .orderBy(sql`sum(${sql.ref(by)})`, 'desc')
      .orderBy('key')
      .limit(10)
      .execute();
    return rows.map(numbers);
  }

  /** The numbers of the orders not yet completed or closed, created at or after `since` (Unix seconds). */
  async openSince(since: number): Promise<{ sn: string; created_time: number }[]> {
    return this.db
      .selectFrom('mirror_orders')
      .select(['sn', 'created_time'])
      .where('created_time', '>=', since)
      .where('status', 'not in', [...FINAL_STATUSES])
      .orderBy('created_time')
      .execute();
  }

  async count(): Promise<number> {
    const r = await this.db
      .selectFrom('mirror_orders')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async state<T>(name: string): Promise<T | undefined> {
    const r = await this.db.selectFrom('mirror_state').select('value').where('name', '=', name).executeTakeFirst();
    return r ? (JSON.parse(r.value) as T) : undefined;
  }

  async setState(name: string, value: unknown): Promise<void> {
    await this.db
      .insertInto('mirror_state')
      .values({ name, value: JSON.stringify(value), updated_at: this.now() })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(value), updated_at: this.now() }))
      .execute();
  }
}

/** Sums come back as strings from PostgreSQL's numeric sum() and as numbers from SQLite: numbers. */
function numbers<T extends Partial<Figures>>(r: T): T & Figures {
  const out = { ...r } as T & Figures;
  for (const k of FIGURES) out[k] = Number(r[k] ?? 0);
  return out;
}
