import { PHONE_PATTERN } from '../../../../contract/constants';
import { looksLikeFormula } from '../../../../contract/formula';
import { importAddressGroups, importAddressKey } from '../../../../contract/import-address';
import { parseSaleCell } from '../../../../contract/schemas/sale';
import { COLUMNS, REQUIRED_COLUMNS, type Column } from './columns';
import type { RawSheet } from './read';

/**
 * What is wrong with a row (or, with `column: null`, with an order as a whole). Besides the codes of
 * the cell flags (see `CellFlag`):
 * - `required`: a required column is empty;
 * - `quantity`: not a whole number from 1 to 9999;
 * - `orderSn`: not 6–64 letters, digits, `_` or `-` (the supplier's rule for a merchant order number);
 * - `product`: not a product or SKU id (1–12 digits);
 * - `phone`: not a mainland mobile or a landline with its area code (`PHONE_PATTERN`);
 * - `tooLong`: longer than the supplier takes (e.g. a consignee over 50 characters): the whole job
 *   would be refused otherwise;
 * - `duplicateLine`: the same product and spec twice in one order (for one person at one address);
 * - `sharedNumber` (of an order): its rows go to different people or addresses (consignee, phone,
 *   region, street or detail unlike, however written): customers whose numbers collided, never merged;
 * - `lines`: an order of more than 100 rows (the supplier takes at most 100 lines in an order);
 * - `sale`: what the buyer paid is not an amount in yuan (at most two decimals, not negative, at most
 *   ¥10,000,000; "¥1,280.50", "128元" and a number cell are amounts);
 * - `saleConflict` (of an order): its rows say different amounts the buyer paid. The amount is the
 *   order's, given once: on one of its rows, or the same on several; rows that leave it empty take it.
 */
export type RowProblem = {
  column: Column | null;
  code:
    | 'required'
    | 'scientific'
    | 'precision'
    | 'date'
    | 'formula'
    | 'quantity'
    | 'orderSn'
    | 'product'
    | 'phone'
    | 'tooLong'
    | 'duplicateLine'
    | 'sharedNumber'
    | 'lines'
    | 'sale'
    | 'saleConflict';
};

export interface SheetRow {
  /** The row number Excel shows. */
  row: number;
  values: Record<Column, string>;
  problems: RowProblem[];
}

/** An order: its rows in sheet order, and the problems of the order as a whole (`lines`); each row keeps its own. */
export interface SheetOrder {
  /** The sheet's order number, or `#<row>` for a row that has none. */
  orderSn: string;
  rows: SheetRow[];
  problems: RowProblem[];
}

/** The supplier's rule for a merchant order number (as in `order.submit`). */
const ORDER_SN = /^[A-Za-z0-9_-]{6,64}$/;
const PRODUCT = /^\d{1,12}$/;
/** Most lines (rows) the supplier takes in one order. */
const MAX_LINES = 100;

/** Longest text the supplier takes per column (the address as in `addressSchema`, any cell of a job 1,000). */
const MAX_LENGTH: Partial<Record<Column, number>> = {
  consignee: 50,
  province: 50,
  city: 50,
  area: 50,
  street: 100,
  description: 200,
  spec: 1000,
  note: 1000,
};

/**
 * A quantity cell as a number, or null when it is not a whole number from 1 to 9999: "2", "2.0" and
 * "２" are 2; "2.5", "0" and "二" are not quantities.
 */
export function parseQuantity(text: string): number | null {
  const m = /^(\d+)(?:\.0*)?$/.exec(text.normalize('NFKC').trim());
  if (!m?.[1]) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= 9999 ? n : null;
}

/** The rule a filled-in cell must meet, by column. */
function breaksRule(column: Column, value: string): RowProblem['code'] | null {
  switch (column) {
    case 'orderSn':
      return ORDER_SN.test(value) ? null : 'orderSn';
    case 'product':
      return PRODUCT.test(value) ? null : 'product';
    case 'quantity':
      return parseQuantity(value) === null ? 'quantity' : null;
    case 'phone':
      return PHONE_PATTERN.test(value) ? null : 'phone';
    case 'sale':
      return parseSaleCell(value) === null ? 'sale' : null;
    default: {
      const max = MAX_LENGTH[column];
      return max !== undefined && value.length > max ? 'tooLong' : null;
    }
  }
}

/**
 * The rows of a sheet by column, with what is wrong with each. A cell gets one problem at most: an
 * empty required cell is `required`; a flagged cell (a date, a formula…) its flag, since its text is
 * not what was meant anyway; otherwise the column's rule.
 */
export function toRows(sheet: RawSheet, index: Partial<Record<Column, number>>): SheetRow[] {
  return sheet.rows.map(({ row, cells, flags }) => {
    const values = {} as Record<Column, string>;
    const problems: RowProblem[] = [];
    for (const column of COLUMNS) {
      const i = index[column];
      const value = i === undefined ? '' : (cells[i] ?? '').trim();
      values[column] = value;
      if (!value) {
        if (REQUIRED_COLUMNS.includes(column)) problems.push({ column, code: 'required' });
        continue;
      }
      // A formula is one whatever told the reader (an edited cell, a sheet rebuilt by the page): never sent.
      const flag = (i === undefined ? undefined : flags[i]) ?? (looksLikeFormula(value) ? 'formula' : undefined);
      const code = flag ?? breaksRule(column, value);
      if (code) problems.push({ column, code });
    }
    return { row, values, problems };
  });
}

/** The rows of an order by address (row numbers, first seen first): more than one is a `sharedNumber` conflict. */
export const addressGroups = (rows: { row: number; values: Record<Column, string> }[]) => importAddressGroups(rows, (r) => r.values);

/**
 * Rows grouped into orders: rows with the same order number (in the order first seen) are one order of
 * several lines; a row with no order number is an order of its own, so it can be shown and fixed.
 * Rows of one number whose addresses differ stay together, row by row, with one `sharedNumber` problem
 * of the order (nothing is merged: the page has each group given its own number, dropped, or made to
 * agree). Returns new rows: a row gets `duplicateLine` when its product and spec are already in the
 * order for the same address.
 */
export function groupOrders(rows: SheetRow[]): SheetOrder[] {
  const orders = new Map<string, { order: SheetOrder; lines: Set<string> }>();
  for (const r of rows) {
    const key = r.values.orderSn || `#${r.row}`;
    let o = orders.get(key);
    if (!o) {
      o = { order: { orderSn: key, rows: [], problems: [] }, lines: new Set() };
      orders.set(key, o);
    }
    const row: SheetRow = { ...r, problems: [...r.problems] };
    if (row.values.product) {
      const line = `${importAddressKey(row.values)}\u0000${row.values.product}\u0000${row.values.spec}`;
      if (o.lines.has(line)) row.problems.push({ column: 'product', code: 'duplicateLine' });
      o.lines.add(line);
    }
    o.order.rows.push(row);
  }
  return [...orders.values()].map(({ order }) => {
    if (order.rows.length > MAX_LINES) order.problems.push({ column: null, code: 'lines' });
    if (addressGroups(order.rows).length > 1) order.problems.push({ column: 'orderSn', code: 'sharedNumber' });
    if (saleOf(order) === 'conflict') order.problems.push({ column: 'sale', code: 'saleConflict' });
    return order;
  });
}

/**
 * What the buyer paid for an order (fen), from its rows' 实付金额 cells: given once (on one row, or the
 * same on several; empty rows take it). Undefined when no row says it or a row's amount is not one (that
 * row has its `sale` problem); `conflict` when rows say different amounts.
 */
export function saleOf(order: { rows: { values: Record<Column, string> }[] }): number | undefined | 'conflict' {
  const amounts = new Set<number | null>();
  for (const r of order.rows) {
    const v = parseSaleCell(r.values.sale ?? '');
    if (v !== undefined) amounts.add(v);
  }
  if (amounts.has(null)) return undefined;
  if (amounts.size > 1) return 'conflict';
  return amounts.values().next().value ?? undefined;
}
