import { z } from 'zod';
import { operations } from '../operations';
import { fen } from '../units';
import { looksLikeFormula } from '../formula';
import { importAddressGroups } from '../import-address';
import { parseSaleCell, saleAmount } from './sale';

/**
 * Bulk orders from a spreadsheet (`/bff/imports`): the page reads and checks the sheet, then hands
 * the gateway the ready orders as a job, which places them one by one with the sheet's order number
 * as the merchant order number (`orderSn`), so no order is ever placed twice.
 */

import { IMPORT_CELL_MAX, IMPORT_COLUMNS, IMPORT_MAX_ROWS, IMPORT_SKIPPED_CELL_MAX, type ImportColumn } from '../constants';
export {
  IMPORT_CELL_MAX,
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_SKIPPED_CELL_MAX,
  type ImportColumn,
} from '../constants';

const submitInput = operations['order.submit'].input;

const cellsOf = (max: (c: ImportColumn) => number) =>
  z
    .object(
      Object.fromEntries(
        IMPORT_COLUMNS.map((c) => [
          c,
          z
            .string()
            .max(max(c), `${c} may be at most ${max(c)} characters`)
            .optional(),
        ]),
      ) as Record<ImportColumn, z.ZodOptional<z.ZodString>>,
    )
    .strict();

const rowOf = (max: (c: ImportColumn) => number) =>
  z
    .object({
      row: z.number().int().min(1).max(1_000_000),
      cells: cellsOf(max),
    })
    .strict();

/**
 * One row of the sheet as it was read: its number in the sheet and its cells by column (only the
 * sheet's known columns, each bounded: an invented cell is refused).
 */
export const importRow = rowOf(() => IMPORT_SKIPPED_CELL_MAX);
export type ImportRow = z.infer<typeof importRow>;

/** A row of an order to send: bounded as the supplier takes each column, and never a formula (a spreadsheet would run it). */
const sentRow = rowOf((c) => IMPORT_CELL_MAX[c]).superRefine((r, ctx) => {
  for (const [c, v] of Object.entries(r.cells))
    if (typeof v === 'string' && looksLikeFormula(v))
      ctx.addIssue({
        code: 'custom',
        path: ['cells', c],
        message: `${c} holds a formula (${v.slice(0, 20)}): a formula is never sent; the cell must be changed to a value`,
        params: { rule: 'formula' },
      });
});

/** An order the page checked and found ready: what `order.submit` takes, the rows it came from, and what the check saw. */
export const importOrder = z
  .object({
    orderSn: submitInput.shape.orderSn,
    spu: submitInput.shape.spu,
    address: submitInput.shape.address,
    rows: z.array(sentRow).min(1).max(100),
    /** Goods and freight as the check read them (fen): shown beside the outcome. */
    goods: fen.nonnegative(),
    freight: fen.nonnegative(),
    /** What the buyer paid for the order (fen), from the sheet's 实付金额 column: kept by the gateway, never sent to the supplier. */
    sale: saleAmount.optional(),
  })
  .strict()
  .superRefine((o, ctx) => {
    // The amount is the order's, given once: every row that says one says the same, and the order carries it.
    const said = [...new Set(o.rows.map((r) => r.cells.sale?.trim() ?? '').filter((v) => v !== ''))];
    if (said.length > 0) {
      const amounts = said.map(parseSaleCell);
      if (amounts.some((a) => a === null || a !== amounts[0]) || o.sale !== amounts[0])
        ctx.addIssue({
          code: 'custom',
          path: ['sale'],
          message: `order ${o.orderSn}: sale must be the amount its rows' buyer-paid cells say (${said.join(' / ')}), once`,
          params: { rule: 'sale_conflict' },
        });
    }
    // One order goes to one person at one address: rows of two customers under one number are never merged.
    const groups = importAddressGroups(o.rows, (r) => r.cells);
    if (groups.length > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['rows'],
        message: `order ${o.orderSn} holds rows with different consignees or addresses (rows ${groups.map((g) => g.join(', ')).join(' and ')}): one order goes to one address; give those rows their own order number`,
        params: { rule: 'address_conflict' },
      });
    for (const [k, v] of Object.entries(o.address))
      if (typeof v === 'string' && looksLikeFormula(v))
        ctx.addIssue({
          code: 'custom',
          path: ['address', k],
          message: `${k} holds a formula: a formula is never sent`,
          params: { rule: 'formula' },
        });
  });
export type ImportOrderInput = z.infer<typeof importOrder>;

/** A row that is not placed, with why (as the page said it, in the person's language). */
export const importSkipped = z.object({ row: importRow, reason: z.string().trim().min(1).max(500) }).strict();
export type ImportSkipped = z.infer<typeof importSkipped>;

export const createImportInput = z
  .object({
    /** Chosen by the page once per check: a second click (or a retry of a lost answer) gets the same job. */
    key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'key must be 8–64 letters, digits, _ or -'),
    fileName: z.string().trim().min(1, 'fileName is required').max(200, 'fileName may be at most 200 characters'),
    orders: z.array(importOrder).min(1, 'at least one order').max(IMPORT_MAX_ROWS, `at most ${IMPORT_MAX_ROWS} orders`),
    skipped: z.array(importSkipped).max(IMPORT_MAX_ROWS).default([]),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.orders.forEach((o, i) => {
      if (seen.has(o.orderSn))
        ctx.addIssue({
          code: 'custom',
          path: ['orders', i, 'orderSn'],
          message: `orderSn ${o.orderSn} is in the job twice`,
          params: { rule: 'duplicate' },
        });
      seen.add(o.orderSn);
    });
    const rows = v.orders.reduce((n, o) => n + o.rows.length, 0) + v.skipped.length;
    if (rows > IMPORT_MAX_ROWS)
      ctx.addIssue({ code: 'custom', path: ['orders'], message: `at most ${IMPORT_MAX_ROWS} rows`, params: { rule: 'too_many_rows' } });
  });
export type CreateImportInput = z.input<typeof createImportInput>;

/**
 * A job: `running` (orders being sent), `paused` (by a person), `stopped` (the balance ran short, or
 * the upstream kept failing: resumable), `cancelled` (what was not sent stays unsent), `done`.
 */
export const IMPORT_JOB_STATES = ['running', 'paused', 'stopped', 'cancelled', 'done'] as const;
export type ImportJobState = (typeof IMPORT_JOB_STATES)[number];

/**
 * An order of a job: `queued` (not sent yet), `sending`, `placed`, `already` (the number was placed
 * before: not placed again), `refused` (the supplier said no: `msg`), `short` (the balance ran
 * short: kept by the supplier as a failed order to pay), `unsent` (the job was cancelled first).
 */
export const IMPORT_ORDER_STATES = ['queued', 'sending', 'placed', 'already', 'refused', 'short', 'unsent'] as const;
export type ImportOrderState = (typeof IMPORT_ORDER_STATES)[number];

/** Why a job stopped by itself. */
export type ImportStopReason = 'balance' | 'unreachable';

export interface ImportCounts {
  orders: number;
  queued: number;
  placed: number;
  already: number;
  refused: number;
  short: number;
  unsent: number;
  /** Rows of the sheet not sent (they needed a fix or could not be sold). */
  skippedRows: number;
}

export interface ImportJobSummary {
  id: number;
  fileName: string;
  state: ImportJobState;
  stopReason: ImportStopReason | null;
  /** Who made it. */
  username: string;
  userId: number;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
  /** When the job's rows were removed (older than the retention, IMPORT_RETENTION_DAYS): its outcomes and counts stay. */
  rowsRemovedAt: number | null;
  counts: ImportCounts;
  /** Goods and freight of the orders placed, fen. */
  placedAmount: number;
}

export interface ImportJobOrder {
  orderSn: string;
  state: ImportOrderState;
  /** The supplier's words for a refusal or a short balance. */
  msg: string;
  /** The platform's order number once placed (or found placed). */
  platformSn: string | null;
  goods: number;
  freight: number;
  /** What the supplier charged, when known (fen). */
  amount: number | null;
  /** What the buyer paid for the order (the sheet's 实付金额, fen); null when the sheet did not say. */
  sale: number | null;
  rows: ImportRow[];
  /** The supplier's refusal read into its parts (`msg` keeps its words): said in the person's language by the page. */
  reasons: ImportRefusal[];
}

/**
 * Why the supplier refused an order, read from its sentence (server/gateway/imports/refusal.ts): a
 * known kind with its amounts in fen, or the sentence as it came (`other`). `sku` when it named one.
 */
export type ImportRefusal =
  | { code: 'priceChanged'; sku: number | null; now: number; was: number }
  | { code: 'offSale' | 'noStock' | 'noSku'; sku: number | null }
  | { code: 'stockShort'; sku: number | null; left: number }
  | { code: 'region'; sku: number | null; region: string }
  | { code: 'other'; sku: number | null; text: string };

/** A refused order checked again (`POST /bff/imports/:id/recheck`): ready at today's prices, or why not. */
export interface ImportRecheckOrder {
  orderSn: string;
  ready: boolean;
  /** Each line with the price it was sent at (`was`) and the supplier's now (fen). */
  lines: { sku: number; number: number; was: number | null; price: number }[];
  goods: number;
  freight: number;
  /** Why it still cannot be placed (empty when ready). */
  reasons: ImportRefusal[];
}

export interface ImportRecheck {
  orders: ImportRecheckOrder[];
}

/** Orders one resend request names (under the gateway's default body cap); the page sends more in turns. */
export const IMPORT_RESEND_MAX = 500;

/**
 * Refused orders sent again (`POST /bff/imports/:id/resend`) under their own numbers, at the prices
 * the person confirmed (fen per SKU, as the re-check showed them): the supplier refuses again if a
 * price moved once more, so nothing is paid that was not confirmed.
 */
export const importResendInput = z
  .object({
    orders: z
      .array(
        z
          .object({
            orderSn: submitInput.shape.orderSn,
            prices: z
              .array(z.object({ sku: z.number().int().positive(), price: fen.nonnegative() }).strict())
              .min(1, 'at least one price')
              .max(100, 'at most 100 prices'),
          })
          .strict(),
      )
      .min(1, 'at least one order')
      .max(IMPORT_RESEND_MAX, `at most ${IMPORT_RESEND_MAX} orders a request`),
  })
  .strict();
export type ImportResendInput = z.infer<typeof importResendInput>;

/** What a resend did: the orders queued again, and those not (with why, in the gateway's words). */
export interface ImportResendAnswer {
  queued: string[];
  skipped: { orderSn: string; why: 'not_refused' | 'placed_before' | 'lines_differ' }[];
}

export interface ImportJob extends ImportJobSummary {
  orders: ImportJobOrder[];
  skipped: ImportSkipped[];
}

export interface ImportJobList {
  list: ImportJobSummary[];
}

/** What the live events carry when a job moved on (the page reads the job again). */
export interface ImportProgressEvent {
  jobId: number;
  state: ImportJobState;
  counts: ImportCounts;
}

/**
 * `/bff/precheck-orders`: the check's pre-check of many orders in one request (order.beforeCheck per
 * order, asked by the gateway a few at once). Up to PRECHECK_MAX_ORDERS orders, and the body under
 * the gateway's 64 kB default cap (the page fills a request to PRECHECK_MAX_BYTES at most).
 */
export const PRECHECK_MAX_ORDERS = 100;
/** What the page puts in one request at most (bytes of JSON): under the gateway's 64 kB cap with room to spare. */
export const PRECHECK_MAX_BYTES = 48 * 1024;
export const importPrecheckInput = z
  .object({
    orders: z
      .array(operations['order.beforeCheck'].input)
      .min(1, 'at least one order')
      .max(PRECHECK_MAX_ORDERS, `at most ${PRECHECK_MAX_ORDERS} orders a request`),
  })
  .strict();
export type ImportPrecheckInput = z.input<typeof importPrecheckInput>;
/** One answer per order, in the order asked: the supplier's answer, or why it could not be had. */
export interface ImportPrecheckAnswer {
  results: ({ data: z.infer<(typeof operations)['order.beforeCheck']['data']> } | { error: string })[];
}
