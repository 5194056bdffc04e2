import { z } from 'zod';
import { CONTROL_CHAR, FORMULA_START } from '../formula';

/**
 * Shipments (`/bff/shipments`, issue 51): every package the supplier shipped (a channel child and a
 * tracking number), read from the order mirror, with when it was handed to the shop — what a shop's
 * batch-shipping sheet is made of (订单号 + 物流公司 + 运单号).
 */

export const SHIPMENT_STATES = ['new', 'exported', 'all'] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];
/** Packages per page at most: the whole of a large download (bench/shipments.ts reads it in ≤ 2 s). */
export const SHIPMENTS_MAX_PAGE = 10_000;
/** Packages one mark may name at most. */
export const SHIPMENTS_MAX_MARK = 10_000;

export const shipmentLine = z.object({ name: z.string(), spec: z.string(), quantity: z.number().int() });
export type ShipmentLine = z.infer<typeof shipmentLine>;

export const shipment = z.object({
  id: z.number().int(),
  /** The merchant's order number: the shop's order number. */
  shopOrderSn: z.string(),
  /** The platform's order number and the channel child's. */
  orderSn: z.string(),
  childSn: z.string(),
  /** The child's source id (`order.sourceList`). */
  channel: z.number().int(),
  /** The supplier's courier code (`logistic.firms`' `sn`, '' until the gateway has read that list) and name. */
  courierCode: z.string(),
  courierName: z.string(),
  trackingNo: z.string(),
  /** Unix seconds. */
  shippedAt: z.number().int(),
  lines: z.array(shipmentLine),
  /** When it was marked handed to the shop (ms), null until then. */
  exportedAt: z.number().int().nullable(),
  /** The download that marked it (`POST /bff/shipments/undo` takes it), null when marked otherwise or not at all. */
  batch: z.number().int().nullable(),
});
export type Shipment = z.infer<typeof shipment>;

export const shipmentsAnswer = z.object({ list: z.array(shipment), count: z.number().int() });
export type ShipmentsAnswer = z.infer<typeof shipmentsAnswer>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (v: string) => {
  if (!DAY.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === v;
};
const day = z.string().refine(realDay, { message: 'must be a day written YYYY-MM-DD', params: { rule: 'format' } });
const id = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(2 ** 31 - 1, 'is too large');

/** `GET /bff/shipments`: which packages (days by when they shipped, in the reseller's time zone), a page. */
export const shipmentsQuery = z
  .object({
    state: z.enum(SHIPMENT_STATES, { error: `state must be one of ${SHIPMENT_STATES.join(', ')}` }).default('new'),
    from: day.optional(),
    to: day.optional(),
    channel: z.coerce.number({ error: 'channel must be a source id' }).int('channel must be a source id').min(0).max(1_000_000).optional(),
    job: id.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(SHIPMENTS_MAX_PAGE).default(50),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
    params: { rule: 'range_order' },
  });
export type ShipmentsQuery = z.infer<typeof shipmentsQuery>;

/** `POST /bff/shipments/mark`: these packages handed to the shop (`exported: true`), or that undone. */
export const shipmentsMarkInput = z
  .object({
    ids: z
      .array(id)
      .min(1, 'at least one package')
      .max(SHIPMENTS_MAX_MARK, `at most ${SHIPMENTS_MAX_MARK} packages at once`)
      .refine((ids) => new Set(ids).size === ids.length, 'each package at most once'),
    exported: z.boolean({ error: 'exported must be true or false' }),
  })
  .strict();
export type ShipmentsMarkInput = z.infer<typeof shipmentsMarkInput>;
export const shipmentsMarkAnswer = z.object({ changed: z.number().int() });
export type ShipmentsMarkAnswer = z.infer<typeof shipmentsMarkAnswer>;

// ---- Sheets for the shop (issue 51): formats, downloads, undo ----

/**
 * What a column of a shipping sheet holds, per package (or per shop order with `perOrder`):
 * - `shopOrderSn` the shop's order number (the merchant order number), `orderSn` / `childSn` the
 *   platform's order and channel-child numbers, `channel` the child's source id;
 * - `courierName` the courier as the shop spells it (the format's carrier map from the supplier's
 *   courier code; the supplier's name where the map has none), `supplierCourierName` and
 *   `courierCode` the supplier's own name and code (`logistic.firms`);
 * - `trackingNo`; `shippedAt` when it shipped (`YYYY-MM-DD HH:mm:ss`, the reseller's time zone);
 * - `lines` the goods in it (`name spec ×2; …`), `quantity` how many pieces;
 * - `blank` an empty column a shop's template asks for but Supply Desk has nothing for.
 * Every cell is text (long numbers would lose digits in a spreadsheet as numbers), guarded against formulas.
 */
export const SHEET_FIELDS = [
  'shopOrderSn',
  'orderSn',
  'childSn',
  'channel',
  'courierName',
  'supplierCourierName',
  'courierCode',
  'trackingNo',
  'shippedAt',
  'lines',
  'quantity',
  'blank',
] as const;
export type SheetField = (typeof SHEET_FIELDS)[number];
export const SHEET_TYPES = ['xlsx', 'csv'] as const;
export type SheetType = (typeof SHEET_TYPES)[number];

/** Limits of a merchant's own format (the gateway refuses one past each with a sentence). */
export const SHEET_FORMAT_LIMITS = {
  /** Own formats per reseller (they are the team's, shared). */
  formats: 50,
  nameChars: 40,
  columns: 30,
  headerChars: 60,
  joinerChars: 5,
  /** Entries in a carrier map; a code and a shop's courier name at most so long. */
  carrierMapEntries: 200,
  courierCodeChars: 40,
  courierNameChars: 60,
} as const;
/** Packages one download holds at most (the oldest first; `X-Shipments-More` tells how many are left). */
export const SHIPMENTS_MAX_DOWNLOAD = 10_000;
/** Response headers of `POST /bff/shipments/download`. */
export const SHIPMENTS_HEADERS = {
  /** The batch the download marked handed over (only when it marked something): what `undo` takes. */
  batch: 'X-Shipments-Batch',
  /** Packages written in the file. */
  count: 'X-Shipments-Count',
  /** Packages the same filter holds beyond this download (more than SHIPMENTS_MAX_DOWNLOAD). */
  more: 'X-Shipments-More',
} as const;

const cellText = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `${what} must not be empty`)
    .max(max, `${what} may be at most ${max} characters`)
    .refine((s) => !FORMULA_START.test(s), {
      message: `${what} must not begin with =, +, -, @ (a spreadsheet would read it as a formula)`,
      params: { rule: 'formula' },
    })
    .refine((s) => !CONTROL_CHAR.test(s), {
      message: `${what} must be one line without tabs or control characters`,
      params: { rule: 'control' },
    });

export const sheetColumn = z
  .object({
    field: z.enum(SHEET_FIELDS, { error: `field must be one of ${SHEET_FIELDS.join(', ')}` }),
    header: cellText('a column header', SHEET_FORMAT_LIMITS.headerChars),
  })
  .strict();
export type SheetColumn = z.infer<typeof sheetColumn>;

const courierCode = z
  .string()
  .trim()
  .min(1, 'a courier code must not be empty')
  .max(SHEET_FORMAT_LIMITS.courierCodeChars, `a courier code may be at most ${SHEET_FORMAT_LIMITS.courierCodeChars} characters`);

/** The supplier's courier code (`logistic.firms`' `sn`) → the courier's name as the shop spells it. */
export const carrierMap = z
  .record(courierCode, cellText('a shop’s courier name', SHEET_FORMAT_LIMITS.courierNameChars))
  .refine((m) => Object.keys(m).length <= SHEET_FORMAT_LIMITS.carrierMapEntries, {
    message: `a carrier map may hold at most ${SHEET_FORMAT_LIMITS.carrierMapEntries} couriers`,
    params: { rule: 'too_many' },
  });
export type CarrierMap = z.infer<typeof carrierMap>;

/** A merchant's own format as written (`POST /bff/shipments/formats`, `PUT /bff/shipments/formats/:id`). */
export const ownFormatInput = z
  .object({
    name: cellText('the name', SHEET_FORMAT_LIMITS.nameChars),
    columns: z
      .array(sheetColumn, { error: 'columns must be a list' })
      .min(1, 'a format needs at least one column')
      .max(SHEET_FORMAT_LIMITS.columns, `a format may have at most ${SHEET_FORMAT_LIMITS.columns} columns`)
      .refine((cs) => new Set(cs.map((c) => c.header)).size === cs.length, {
        message: 'each column header at most once',
        params: { rule: 'duplicate' },
      })
      .refine((cs) => cs.some((c) => c.field === 'trackingNo'), {
        message: 'a format needs a column with the tracking number',
        params: { rule: 'required' },
      }),
    /** One row per shop order, its packages' tracking numbers (and couriers) joined in one cell by `joiner`. */
    perOrder: z.boolean({ error: 'perOrder must be true or false' }),
    /** Between joined values (perOrder); ',' when not given. Not a line break or tab. */
    joiner: z
      .string({ error: 'joiner must be text' })
      .min(1, 'joiner must not be empty')
      .max(SHEET_FORMAT_LIMITS.joinerChars, `joiner may be at most ${SHEET_FORMAT_LIMITS.joinerChars} characters`)
      .refine((s) => !CONTROL_CHAR.test(s) && !FORMULA_START.test(s), {
        message: 'joiner must not hold a line break, a tab, or begin with =, +, -, @',
        params: { rule: 'format' },
      })
      .optional(),
    carrierMap: carrierMap.default({}),
  })
  .strict();
export type OwnFormatInput = z.input<typeof ownFormatInput>;

/** A merchant's own format as stored: the reseller's team shares it. */
export const ownFormat = z.object({
  id: z.number().int(),
  name: z.string(),
  columns: z.array(sheetColumn),
  perOrder: z.boolean(),
  joiner: z.string(),
  carrierMap: z.record(z.string(), z.string()),
  /** Who last changed it, and when (ms). */
  updatedBy: z.string(),
  updatedAt: z.number().int(),
});
export type OwnFormat = z.infer<typeof ownFormat>;

/** A format built in: a generic one, and shops' batch-shipping templates whose headers have a named source. */
export const builtInFormat = z.object({
  /** A short key (`generic`, `pinduoduo`…); the page may translate `shipments.formats.<id>`. */
  id: z.string(),
  /** Its name in each language. */
  names: z.object({ 'zh-CN': z.string(), en: z.string() }),
  columns: z.array(sheetColumn),
  perOrder: z.boolean(),
  joiner: z.string(),
  /** Supplier courier code → the shop's courier name, where the shop's names are known (may be empty). */
  carrierMap: z.record(z.string(), z.string()),
  /** Where the headers come from: a page of the platform's (or null for the generic one). */
  source: z.object({ name: z.string(), url: z.string() }).nullable(),
});
export type BuiltInFormat = z.infer<typeof builtInFormat>;

export const supplierCourier = z.object({ code: z.string(), name: z.string() });
export type SupplierCourier = z.infer<typeof supplierCourier>;

/** `GET /bff/shipments/formats`: formats built in, the team's own, and the supplier's couriers (for the carrier map). */
export const shipmentFormatsAnswer = z.object({
  builtIn: z.array(builtInFormat),
  own: z.array(ownFormat),
  couriers: z.array(supplierCourier),
});
export type ShipmentFormatsAnswer = z.infer<typeof shipmentFormatsAnswer>;

/** A format's key in a download: a built-in format's id, or an own format's number. */
export const formatKey = z.union([z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'format must be a format’s id'), id], {
  error: 'format must be a built-in format’s id or the number of one of your own',
});

/**
 * `POST /bff/shipments/download`: the packages of the filter (as `GET /bff/shipments`, at most
 * SHIPMENTS_MAX_DOWNLOAD, the oldest shipped first) as a sheet in a format. `mark` (only with
 * state `new`): exactly the packages written are marked handed to the shop, as one batch.
 */
export const shipmentsDownloadInput = z
  .object({
    format: formatKey,
    type: z.enum(SHEET_TYPES, { error: `type must be one of ${SHEET_TYPES.join(', ')}` }),
    state: z.enum(SHIPMENT_STATES, { error: `state must be one of ${SHIPMENT_STATES.join(', ')}` }),
    from: day.optional(),
    to: day.optional(),
    channel: z.number({ error: 'channel must be a source id' }).int('channel must be a source id').min(0).max(1_000_000).optional(),
    job: id.optional(),
    mark: z.boolean({ error: 'mark must be true or false' }),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
    params: { rule: 'range_order' },
  })
  .refine((q) => !q.mark || q.state === 'new', {
    message: 'only new packages can be marked handed over as they download (state new)',
    path: ['mark'],
    params: { rule: 'mark_new_only' },
  });
export type ShipmentsDownloadInput = z.infer<typeof shipmentsDownloadInput>;

/** `POST /bff/shipments/undo`: the packages a download marked are new again. */
export const shipmentsUndoInput = z.object({ batch: id }).strict();
export type ShipmentsUndoInput = z.infer<typeof shipmentsUndoInput>;
export const shipmentsUndoAnswer = z.object({ changed: z.number().int() });
export type ShipmentsUndoAnswer = z.infer<typeof shipmentsUndoAnswer>;
