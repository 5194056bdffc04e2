import { getOperation, type Order } from '../../../contract';
import type { ImportJobState, ImportProgressEvent } from '../../../contract/schemas/imports';
import type { AuditLog } from '../audit/audit';
import type { UpstreamTarget } from '../config';
import type { GatewayDb } from '../db';
import type { OpCaller } from '../messages/effects';
import { buildUpstreamRequest, callUpstream } from '../operations/upstream';
import { IMPORT_TOPIC } from './events';
import { fillPlatformNumbers, hasMissingPlatformNumbers } from './platform-numbers';
import { readRefusal } from './refusal';
import type { ImportStore, SendingOrder } from './store';

/** Orders sent at once (IMPORT_CONCURRENCY). */
export const DEFAULT_IMPORT_CONCURRENCY = 4;
/** Sends in a row without an answer before a job stops by itself ("the supplier cannot be reached"). */
export const MAX_FAILURES = 8;
/** How long a send without an answer waits before the order is sent again (grows with its attempts). */
const RETRY_MS = 2000;
/** How often a gateway looks for work that another one (or a restart) left. */
export const IMPORT_POLL_MS = 2000;
/** Days a finished job keeps its rows (IMPORT_RETENTION_DAYS), and how often jobs past it are cut (one gateway at a time). */
export const DEFAULT_IMPORT_RETENTION_DAYS = 180;
const PRUNE_EVERY_MS = 3600_000;
/** While orders are placed, their payments are read at most this often (and once more when the sending ends). */
export const PAYMENTS_READ_MS = 3000;

/** The supplier's words for a number it already has, and for a balance too short to pay (upstream-api.md). */
const EXISTS = /订单号已存在/;
const SHORT = /余额不足/;

export interface ImportRunnerDeps {
  db: GatewayDb;
  store: ImportStore;
  upstream: UpstreamTarget;
  /** Reads for the gateway itself (the mirror's `feeding` caller: what is read goes into the mirror too). */
  call: OpCaller;
  /** Read what the balance paid for placed orders (the mirror's cash flow; never throws): at most every PAYMENTS_READ_MS while a job sends, and when its sending ends. */
  paid?: () => Promise<void>;
  audit: AuditLog;
  concurrency?: number;
  /** Finished jobs older than this lose their rows, keeping their outcomes and audit (IMPORT_RETENTION_DAYS). */
  retentionDays?: number;
  now?: () => number;
  /** The clock jobs' times are shown on (server/gateway/clock.ts): `finished_at` is on it, so the retention counts on it too. */
  shown?: () => number;
  log?: (line: string) => void;
  /** Told of each order once it has an outcome (placed, already, refused, short): the metrics count them. */
  onSettled?: (outcome: string) => void;
}

/**
 * The sender of bulk-order jobs. One gateway sends at a time (`db.exclusive`: a PostgreSQL advisory
 * lock across gateways): it takes queued orders of running jobs, a few at once, and submits each with
 * the sheet's order number as `orderSn`. The supplier takes a number once, so an order sent again
 * (after a restart mid-send, or a lost answer) is either placed now or answered "number exists",
 * which for an order this job sent before is its own order. Nothing is ever placed twice.
 */
export function createImportRunner(deps: ImportRunnerDeps) {
  const { db, store, call, audit } = deps;
  const now = deps.now ?? Date.now;
  const shown = deps.shown ?? now;
  const log = deps.log ?? (() => {});
  const width = Math.max(1, deps.concurrency ?? DEFAULT_IMPORT_CONCURRENCY);
  const submitOp = getOperation('order.submit')!;
  const retentionMs = (deps.retentionDays ?? DEFAULT_IMPORT_RETENTION_DAYS) * 86_400_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let stopPrune: (() => void) | undefined;

  /** Cuts the rows of jobs finished before the retention (their counts and audit stay); resolves how many jobs. */
  const prune = async () => {
    let cut = 0;
    for (let n = -1; n !== 0; cut += n) n = await store.prune(shown() - retentionMs);
    if (cut) log(`[imports] rows of ${cut} job(s) finished over ${Math.round(retentionMs / 86_400_000)} days ago removed`);
    return cut;
  };
  const lastSent = new Map<number, number>();
  /** Orders placed since their payments were last read, when that was, and the reads in turn (an ending waits for them all). */
  let unpaid = false;
  let paidReadAt = 0;
  let paying: Promise<void> = Promise.resolve();
  const readPayments = (ending: boolean) => {
    if (deps.paid && unpaid && (ending || now() - paidReadAt >= PAYMENTS_READ_MS)) {
      unpaid = false;
      paidReadAt = now();
      paying = paying.then(deps.paid);
    }
    return paying;
  };

  /** Tells the job's owner's pages (and admins') where it stands; at most every 250 ms per job unless `force`. */
  const progress = async (jobId: number, force = false) => {
    const at = now();
    if (!force && at - (lastSent.get(jobId) ?? 0) < 250) return;
    lastSent.set(jobId, at);
    const s = await store.summaryOf(jobId);
    if (!s) return;
    const ev: ImportProgressEvent & { userId: number } = { jobId, state: s.state, counts: s.counts, userId: s.userId };
    await db.bus.publish(IMPORT_TOPIC, ev).catch((e: unknown) => log(`[imports] bus: ${String(e)}`));
  };

  /** The order as the supplier lists it under the merchant's number (read through the mirror). */
  const lookup = async (orderSn: string): Promise<Order | null> => {
    try {
      const page = await call('order.list', { search: { page: 1, limit: 5, thirdSn: orderSn } });
      return page.list.find((o) => o.thirdSn === orderSn) ?? null;
    } catch (e) {
      log(`[imports] could not read order ${orderSn}: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  };

  /** The job's one audit entry, once it is over: the orders by outcome (the job page lists every one). */
  const finishAudit = async (jobId: number) => {
    if (!(await store.claimAudit(jobId))) return;
    const [job, row] = [await store.summaryOf(jobId), await store.job(jobId)];
    if (!job || !row) return;
    const by = await store.orderSnsByState(jobId);
    // Worded by the audit page (its field table and result sentences); each list cut at ten by the audit's summary.
    const lists = Object.fromEntries(
      (['placed', 'already', 'refused', 'short', 'unsent'] as const).filter((k) => by[k]?.length).map((k) => [k, by[k]]),
    );
    await audit.record({
      user: { id: job.userId, username: job.username, role: row.role },
      username: job.username,
      action: 'orders.import',
      input: { job: jobId, file: job.fileName, ...lists },
      code: 1,
      msg: `import ${job.state}`,
      ip: '',
    });
  };

  /** A running job with nothing left to send is done; a cancelled one is over once its last send came back. */
  const closeIfOver = async (jobId: number) => {
    if ((await store.openOrders(jobId)) > 0) return;
    const moved = await store.setState(jobId, ['running'], 'done');
    const job = await store.job(jobId);
    if (job && (job.state === 'done' || job.state === 'cancelled')) await finishAudit(jobId);
    if (moved) await progress(jobId, true);
    if (job?.state === 'done' || job?.state === 'cancelled') lastSent.delete(jobId);
  };

  const stopJob = async (jobId: number, reason: 'balance' | 'unreachable') => {
    if (await store.setState(jobId, ['running'], 'stopped', reason)) {
      log(`[imports] job ${jobId} stopped: ${reason === 'balance' ? 'the balance is short' : 'the supplier did not answer'}`);
      await progress(jobId, true);
    }
  };

  /** An order's outcome, stored, then told (onSettled). */
  const settled = async (...args: Parameters<ImportStore['settle']>) => {
    await store.settle(...args);
    deps.onSettled?.(args[1]);
  };

  const sendOne = async (o: SendingOrder) => {
    const input = JSON.parse(o.input) as Record<string, unknown>;
    const answer = await callUpstream(
      deps.upstream,
      buildUpstreamRequest(submitOp, submitOp.input.parse(input) as Record<string, unknown>),
    );
    const env = answer.envelope as { code?: unknown; msg?: unknown; gateway?: { reason?: string } };
    const msg = String(env.msg ?? '');
    if (answer.status !== 200 || env.gateway) {
      // No answer: nothing is known; the same number is sent again later, which is safe either way.
      const failures = await store.noteFailure(o.jobId, true);
      await store.settle(o.id, 'queued', { msg, nextAt: now() + RETRY_MS * Math.min(o.attempts, 5) });
      if (failures >= MAX_FAILURES) await stopJob(o.jobId, 'unreachable');
      return;
    }
    await store.noteFailure(o.jobId, false);
    if (env.code === 1 || EXISTS.test(msg)) {
      const order = await lookup(o.orderSn);
      // "Number exists" on a first send: placed before this job (another import, the cart, a shop tool).
      const own = env.code === 1 || o.attempts > 1;
      const amount = order ? order.goodsFee + order.logisticFee : null;
      if (order && order.payStatus === 0 && own) {
        // This job's order, kept unpaid: the balance ran short when it was placed.
        await settled(o.id, 'short', { msg: '余额不足', platformSn: order.sn, amount });
        await stopJob(o.jobId, 'balance');
        return;
      }
      await settled(o.id, own ? 'placed' : 'already', { platformSn: order?.sn ?? null, amount, msg: own ? '' : msg });
      if (own) unpaid = true;
      return;
    }
    if (SHORT.test(msg)) {
      const order = await lookup(o.orderSn);
      await settled(o.id, 'short', { msg, platformSn: order?.sn ?? null, amount: order ? order.goodsFee + order.logisticFee : null });
      await stopJob(o.jobId, 'balance');
      return;
    }
    await settled(o.id, 'refused', { msg, reasons: readRefusal(msg) });
  };

  /** Whether placed orders whose look-up failed (as an earlier run stopped) were read again since this process started. */
  let lookedUp = false;
  /** Sends until no running job has an order due; under the sender's lock. */
  const drain = async () => {
    const requeued = await store.requeueSending();
    if (requeued) log(`[imports] ${requeued} order(s) left mid-send by an earlier run: sent again with the same number`);
    lookedUp = true;
    const filled = await fillPlatformNumbers(db, lookup);
    if (filled) log(`[imports] ${filled} placed order(s) whose look-up had failed read again: their platform numbers and amounts are in`);
    const touched = new Set<number>();
    paidReadAt = now();
    for (;;) {
      if (stopped) return;
      const batch = await store.take(width);
      if (batch.length === 0) break;
      await Promise.all(
        batch.map(async (o) => {
          touched.add(o.jobId);
          try {
            await sendOne(o);
          } catch (e) {
            log(`[imports] order ${o.orderSn}: ${e instanceof Error ? e.message : String(e)}`);
            await store.settle(o.id, 'queued', { nextAt: now() + RETRY_MS }).catch(() => {});
          }
          await progress(o.jobId);
        }),
      );
      void readPayments(false);
    }
    // Before a job is said to be over: its payments are in the mirror when its page shows it done.
    await readPayments(true);
    for (const jobId of touched) await closeIfOver(jobId);
  };

  const run = async () => {
    if (stopped) return;
    try {
      if ((await store.hasWork()) || (!lookedUp && (await hasMissingPlatformNumbers(db)))) await db.exclusive('imports.send', drain);
    } catch (e) {
      log(`[imports] sending failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  /** Looks for work every IMPORT_POLL_MS (work left by a restart, or made on another gateway); `kick` starts at once. */
  const arm = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().finally(async () => {
        const due = await store.nextDue().catch(() => null);
        arm(due !== null && due > now() ? Math.min(IMPORT_POLL_MS, due - now()) : IMPORT_POLL_MS);
      });
    }, ms);
    timer.unref();
  };

  return {
    /** Starts the periodic look for work (the first soon after start-up: a job cut off by a restart resumes). */
    start(firstMs = 500) {
      arm(firstMs);
      stopPrune = db.every('imports.prune', PRUNE_EVERY_MS, async () => void (await prune()), 60_000);
    },
    /** New work: send now rather than at the next look. */
    kick() {
      void run();
    },
    /** Sends everything due now (tests, the bench). */
    runNow: run,
    progress,
    closeIfOver,
    /** The gateway's own reads (refused orders checked again: recheck in resend.ts). */
    call,
    /** Past the retention: rows removed now (tests; otherwise hourly, one gateway at a time). */
    prune,
    finishAudit,
    stop() {
      stopped = true;
      stopPrune?.();
      if (timer) clearTimeout(timer);
    },
  };
}

export type ImportRunner = ReturnType<typeof createImportRunner>;
export type { ImportJobState };
