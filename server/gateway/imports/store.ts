import { sql } from 'kysely';
import type {
  CreateImportInput,
  ImportCounts,
  ImportJob,
  ImportJobOrder,
  ImportJobState,
  ImportJobSummary,
  ImportOrderState,
  ImportRefusal,
  ImportSkipped,
  ImportStopReason,
} from '../../../contract/schemas/imports';
import type { Role } from '../../../contract';
import type { GatewayDb, Kdb } from '../db';
import { isUniqueViolation } from '../db';
import type { ImportJobsTable } from './tables';
import { keepSales } from '../mirror/sales';

type Parsed = Omit<CreateImportInput, 'skipped'> & { skipped: ImportSkipped[] };
type JobRow = Omit<ImportJobsTable, 'id'> & { id: number };

/** Orders of a job in this state still have something to do. */
const OPEN: ImportOrderState[] = ['queued', 'sending'];

/** A row of an order being sent: what the runner needs. */
export interface SendingOrder {
  id: number;
  jobId: number;
  orderSn: string;
  input: string;
  attempts: number;
}

/**
 * The jobs and their orders in the gateway's database (SQLite or PostgreSQL, one schema). Every
 * change of an order's state is one conditional update, so two senders (a restarted gateway, a
 * second one on PostgreSQL) never both take the same order.
 */
export class ImportStore {
  private readonly k: Kdb;
  constructor(
    db: GatewayDb,
    /** Sending, retries and row bookkeeping (`updated_at`, `next_at`): the wall clock. */
    private readonly now: () => number,
    /**
     * When a job was made and finished, as people are shown it (`created_at`, `finished_at`): the shown
     * clock (server/gateway/clock.ts), the business clock in sandbox mode (issue 49). Default: `now`.
     */
    private readonly shown: () => number = now,
  ) {
    this.k = db.kysely;
  }

  /** A new job, or the person's job already made with this key (a second click, a retried request). */
  async create(user: { id: number; username: string; role: Role }, input: Parsed): Promise<{ id: number; created: boolean }> {
    const found = await this.byKey(user.id, input.key);
    if (found) return { id: found, created: false };
    const at = this.now();
    try {
      return await this.k.transaction().execute(async (tx) => {
        const job = await tx
          .insertInto('import_jobs')
          .values({
            key: input.key,
            user_id: user.id,
            username: user.username,
            role: user.role,
            file_name: input.fileName,
            state: 'running',
            stop_reason: null,
            skipped: JSON.stringify(input.skipped),
            skipped_rows: input.skipped.length,
            failures: 0,
            audited: 0,
            created_at: this.shown(),
            updated_at: at,
            finished_at: null,
            pruned_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // In chunks: SQLite takes at most 32,766 bound values a statement.
        const rows = input.orders.map((o) => ({
          job_id: job.id,
          order_sn: o.orderSn,
          state: 'queued' as const,
          input: JSON.stringify({ orderSn: o.orderSn, spu: o.spu, address: o.address, strictMode: true }),
          rows: JSON.stringify(o.rows),
          goods: o.goods,
          freight: o.freight,
          amount: null,
          sale: o.sale ?? null,
          platform_sn: null,
          msg: '',
          attempts: 0,
          next_at: 0,
          updated_at: at,
        }));
        for (let i = 0; i < rows.length; i += 500)
          await tx
            .insertInto('import_orders')
            .values(rows.slice(i, i + 500))
            .execute();
        // What the buyers paid, kept by order number beside the mirror for the overview's profit (mirror/sales.ts).
        await keepSales(
          tx,
          input.orders.flatMap((o) => (o.sale === undefined ? [] : [{ orderSn: o.orderSn, sale: o.sale, source: `import:${job.id}` }])),
          at,
        );
        return { id: job.id, created: true };
      });
    } catch (e) {
      // The same key created at the same moment by another request: that one is the job.
      if (isUniqueViolation(e)) {
        const id = await this.byKey(user.id, input.key);
        if (id) return { id, created: false };
      }
      throw e;
    }
  }

  private async byKey(userId: number, key: string) {
    const row = await this.k.selectFrom('import_jobs').select('id').where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
    return row?.id;
  }

  async job(id: number): Promise<JobRow | undefined> {
    return this.k.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private async countsOf(jobIds: number[]): Promise<Map<number, { counts: Omit<ImportCounts, 'skippedRows'>; placedAmount: number }>> {
    const out = new Map<number, { counts: Omit<ImportCounts, 'skippedRows'>; placedAmount: number }>();
    if (jobIds.length === 0) return out;
    const rows = await this.k
      .selectFrom('import_orders')
      .select([
        'job_id',
        'state',
        (e) => e.fn.countAll<number>().as('n'),
        (e) => e.fn.sum<number>(sql`coalesce(amount, goods + freight)`).as('money'),
      ])
      .where('job_id', 'in', jobIds)
      .groupBy(['job_id', 'state'])
      .execute();
    for (const id of jobIds)
      out.set(id, { counts: { orders: 0, queued: 0, placed: 0, already: 0, refused: 0, short: 0, unsent: 0 }, placedAmount: 0 });
    for (const r of rows) {
      const o = out.get(r.job_id)!;
      const n = Number(r.n);
      o.counts.orders += n;
      // An order being sent counts as not sent yet.
      const key = r.state === 'sending' ? 'queued' : r.state;
      o.counts[key] += n;
      if (r.state === 'placed') o.placedAmount += Number(r.money ?? 0);
    }
    return out;
  }

  private summary(row: JobRow, c: { counts: Omit<ImportCounts, 'skippedRows'>; placedAmount: number }): ImportJobSummary {
    return {
      id: row.id,
      fileName: row.file_name,
      state: row.state,
      stopReason: row.stop_reason,
      username: row.username,
      userId: row.user_id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      finishedAt: row.finished_at,
      rowsRemovedAt: row.pruned_at ?? null,
      counts: { ...c.counts, skippedRows: row.skipped_rows },
      placedAmount: c.placedAmount,
    };
  }

  /** The newest jobs: a person's own, or everyone's (admins). */
  async list(userId: number | null, limit = 50): Promise<ImportJobSummary[]> {
    let q = this.k.selectFrom('import_jobs').selectAll().orderBy('id', 'desc').limit(limit);
    if (userId !== null) q = q.where('user_id', '=', userId);
    const rows = await q.execute();
    const counts = await this.countsOf(rows.map((r) => r.id));
    return rows.map((r) => this.summary(r, counts.get(r.id)!));
  }

  async summaryOf(id: number): Promise<ImportJobSummary | undefined> {
    const row = await this.job(id);
    if (!row) return undefined;
    return this.summary(row, (await this.countsOf([id])).get(id)!);
  }

  async full(id: number): Promise<ImportJob | undefined> {
    const row = await this.job(id);
    if (!row) return undefined;
    const orders = await this.k.selectFrom('import_orders').selectAll().where('job_id', '=', id).orderBy('id').execute();
    const summary = this.summary(row, (await this.countsOf([id])).get(id)!);
    return {
      ...summary,
      skipped: JSON.parse(row.skipped) as ImportSkipped[],
      orders: orders.map((o): ImportJobOrder => ({
        orderSn: o.order_sn,
        state: o.state,
        msg: o.msg,
        platformSn: o.platform_sn,
        goods: Number(o.goods),
        freight: Number(o.freight),
        amount: o.amount === null ? null : Number(o.amount),
        sale: o.sale === null || o.sale === undefined ? null : Number(o.sale),
        rows: JSON.parse(o.rows) as ImportJobOrder['rows'],
        reasons: JSON.parse(o.reasons) as ImportRefusal[],
      })),
    };
  }

  /** Moves a job between states; only from one of `from`. Resolves whether it moved. */
  async setState(id: number, from: ImportJobState[], to: ImportJobState, stopReason: ImportStopReason | null = null): Promise<boolean> {
    const at = this.now();
    const r = await this.k
      .updateTable('import_jobs')
      .set({
        state: to,
        stop_reason: stopReason,
        updated_at: at,
        ...(to === 'done' || to === 'cancelled' ? { finished_at: this.shown() } : {}),
        ...(to === 'running' ? { failures: 0 } : {}),
      })
      .where('id', '=', id)
      .where('state', 'in', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** A cancelled job's orders not sent yet stay unsent for good. */
  async unsendQueued(jobId: number) {
    await this.k
      .updateTable('import_orders')
      .set({ state: 'unsent', updated_at: this.now() })
      .where('job_id', '=', jobId)
      .where('state', '=', 'queued')
      .execute();
  }

  /** Whether a running job has an order to send now (a cheap look before taking the sender's lock). */
  async hasWork(): Promise<boolean> {
    const row = await this.k
      .selectFrom('import_orders')
      .innerJoin('import_jobs', 'import_jobs.id', 'import_orders.job_id')
      .select('import_orders.id')
      .where('import_jobs.state', '=', 'running')
      .where('import_orders.state', 'in', OPEN)
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }

  /**
   * Orders left "sending" by a sender that is gone (this process restarted, or another gateway died
   * holding the lock): queued again. They are sent again with the same number, which the supplier
   * takes once. Called by the one sender, under its lock.
   */
  async requeueSending(): Promise<number> {
    const r = await this.k
      .updateTable('import_orders')
      .set({ state: 'queued', updated_at: this.now() })
      .where('state', '=', 'sending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Up to `n` orders of running jobs to send now, oldest job first, each taken by a conditional update. */
  async take(n: number): Promise<SendingOrder[]> {
    const at = this.now();
    const candidates = await this.k
      .selectFrom('import_orders')
      .innerJoin('import_jobs', 'import_jobs.id', 'import_orders.job_id')
      .select(['import_orders.id', 'import_orders.job_id', 'import_orders.order_sn', 'import_orders.input', 'import_orders.attempts'])
      .where('import_jobs.state', '=', 'running')
      .where('import_orders.state', '=', 'queued')
      .where('import_orders.next_at', '<=', at)
      .orderBy('import_orders.id')
      .limit(n)
      .execute();
    const taken: SendingOrder[] = [];
    for (const c of candidates) {
      const r = await this.k
        .updateTable('import_orders')
        .set({ state: 'sending', attempts: c.attempts + 1, updated_at: at })
        .where('id', '=', c.id)
        .where('state', '=', 'queued')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 1)
        taken.push({ id: c.id, jobId: c.job_id, orderSn: c.order_sn, input: c.input, attempts: c.attempts + 1 });
    }
    return taken;
  }

  /** When the next queued order of a running job may be sent (ms), if any waits. */
  async nextDue(): Promise<number | null> {
    const row = await this.k
      .selectFrom('import_orders')
      .innerJoin('import_jobs', 'import_jobs.id', 'import_orders.job_id')
      .select((e) => e.fn.min<number>('import_orders.next_at').as('at'))
      .where('import_jobs.state', '=', 'running')
      .where('import_orders.state', '=', 'queued')
      .executeTakeFirst();
    return row?.at === null || row?.at === undefined ? null : Number(row.at);
  }

  /** What came back for an order being sent. */
  async settle(
    id: number,
    to: Exclude<ImportOrderState, 'sending'>,
    what: { msg?: string; platformSn?: string | null; amount?: number | null; nextAt?: number; reasons?: ImportRefusal[] } = {},
  ) {
    await this.k
      .updateTable('import_orders')
      .set({
        state: to,
        msg: (what.msg ?? '').slice(0, 500),
        reasons: JSON.stringify(what.reasons ?? []),
        ...(what.platformSn !== undefined ? { platform_sn: what.platformSn } : {}),
        ...(what.amount !== undefined ? { amount: what.amount } : {}),
        next_at: what.nextAt ?? 0,
        updated_at: this.now(),
      })
      .where('id', '=', id)
      .where('state', '=', 'sending')
      .execute();
  }

  /** Counts a send without an answer (or resets the count on any answer); resolves the count. */
  async noteFailure(jobId: number, failed: boolean): Promise<number> {
    if (!failed) {
      await this.k.updateTable('import_jobs').set({ failures: 0 }).where('id', '=', jobId).where('failures', '>', 0).execute();
      return 0;
    }
    await this.k
      .updateTable('import_jobs')
      .set((e) => ({ failures: e('failures', '+', 1) }))
      .where('id', '=', jobId)
      .execute();
    return Number((await this.job(jobId))?.failures ?? 0);
  }

  /** Whether a job has orders still to send or being sent. */
  async openOrders(jobId: number): Promise<number> {
    const row = await this.k
      .selectFrom('import_orders')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('job_id', '=', jobId)
      .where('state', 'in', OPEN)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Marks the job's audit entry written; resolves true for the one caller that should write it. */
  async claimAudit(jobId: number): Promise<boolean> {
    const r = await this.k
      .updateTable('import_jobs')
      .set({ audited: 1 })
      .where('id', '=', jobId)
      .where('audited', '=', 0)
      .where('state', 'in', ['done', 'cancelled'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Which of these merchant order numbers a job already placed (or found placed), with the platform's number. */
  async placedOf(orderSns: string[]): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    for (let i = 0; i < orderSns.length; i += 500) {
      const rows = await this.k
        .selectFrom('import_orders')
        .select(['order_sn', 'platform_sn'])
        .where('order_sn', 'in', orderSns.slice(i, i + 500))
        .where('state', 'in', ['placed', 'already', 'short', 'sending', 'queued'])
        .execute();
      for (const r of rows) if (!out.has(r.order_sn) || r.platform_sn) out.set(r.order_sn, r.platform_sn);
    }
    return out;
  }

  /** Which of these merchant order numbers the order mirror holds (placed before, by any means), with the platform's number. */
  async mirrored(orderSns: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (let i = 0; i < orderSns.length; i += 500) {
      const rows = await this.k
        .selectFrom('mirror_orders')
        .select(['third_sn', 'sn'])
        .where('third_sn', 'in', orderSns.slice(i, i + 500))
        .execute();
      for (const r of rows) out.set(r.third_sn, r.sn);
    }
    return out;
  }

  /**
   * Jobs over (done or cancelled) before `before` (ms) lose their rows: the sheet's cells, the orders'
   * addresses as sent and the rows not sent. What stays is each order's number, outcome, platform
   * number and amounts (so the job's counts), and the audit entry. A few hundred jobs a call; resolves
   * how many were cut.
   */
  async prune(before: number, limit = 200): Promise<number> {
    const jobs = await this.k
      .selectFrom('import_jobs')
      .select('id')
      .where('state', 'in', ['done', 'cancelled'])
      .where('finished_at', '<', before)
      .where('pruned_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
    if (jobs.length === 0) return 0;
    const ids = jobs.map((j) => j.id);
    const at = this.now();
    await this.k.transaction().execute(async (tx) => {
      await tx.updateTable('import_orders').set({ rows: '[]', input: '{}' }).where('job_id', 'in', ids).execute();
      await tx.updateTable('import_jobs').set({ skipped: '[]', pruned_at: at }).where('id', 'in', ids).execute();
    });
    return ids.length;
  }

  /** The orders of a job by state, for its audit entry. */
  async orderSnsByState(jobId: number): Promise<Record<string, string[]>> {
    const rows = await this.k.selectFrom('import_orders').select(['order_sn', 'state']).where('job_id', '=', jobId).orderBy('id').execute();
    const out: Record<string, string[]> = {};
    for (const r of rows) (out[r.state] ??= []).push(r.order_sn);
    return out;
  }
}
