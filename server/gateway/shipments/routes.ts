import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { mayUse } from '../../../contract';
import { DEFAULT_TIME_ZONE } from '../../../contract/time-zone';
import {
  ownFormatInput,
  SHIPMENTS_HEADERS,
  SHIPMENTS_MAX_DOWNLOAD,
  shipmentsDownloadInput,
  shipmentsMarkInput,
  shipmentsQuery,
  shipmentsUndoInput,
  type OwnFormat,
  type ShipmentFormatsAnswer,
  type ShipmentsAnswer,
  type ShipmentsMarkAnswer,
  type ShipmentsUndoAnswer,
} from '../../../contract/schemas/shipments';
import { formatIssues, issueDetail } from '../../lib/issues';
import type { AuditLog } from '../audit/audit';
import type { GatewayDb } from '../db';
import { fail, requireFeature, type Env } from '../http/context';
import { clientIp } from '../http/security';
import type { OpCaller } from '../messages/effects';
import { BUILT_IN_FORMATS, courierList, FormatRefused, FormatStore } from './formats';
import { contentDisposition, SHEET_CONTENT_TYPES, sheetRows, writeSheet } from './sheet';
import { dayStart, ShipmentStore } from './store';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * `/bff/shipments` (merchants, managers, admins): the packages the supplier shipped, from what the
 * order mirror keeps (never asking the supplier), and marking them handed to the shop or not.
 */
export function shipmentsRoutes(deps: {
  db: GatewayDb;
  audit: AuditLog;
  trustProxy: boolean;
  /** The reseller's time zone: which packages a day holds (the mirror's MIRROR_TIME_ZONE). */
  timeZone?: string;
  /** When a mark is made: the shown clock (the business clock in sandbox mode). */
  now: () => number;
  /** The supplier, for its courier list (`logistic.firms`); null: only what the gateway learned from forwarded reads. */
  call?: OpCaller | null;
}) {
  const store = new ShipmentStore(deps.db);
  const formats = new FormatStore(deps.db.kysely);
  const couriers = courierList(deps.db.kysely, deps.call ?? null);
  const timeZone = deps.timeZone ?? DEFAULT_TIME_ZONE;
  /**
   * Courier codes are the supplier's (`logistic.firms`): packages read before the kept list knows their
   * courier (a fresh install, a new courier) ask the supplier for it, as /shipments/formats does; when it
   * can't be reached, what is kept answers (and the code stays empty).
   */
  const fillCourierCodes = async (packages: { courierCode: string; courierName: string }[]) => {
    if (!packages.some((p) => p.courierCode === '' && p.courierName !== '')) return;
    const codes = new Map((await couriers.get(true)).map((k) => [k.name, k.code]));
    for (const p of packages) if (p.courierCode === '') p.courierCode = codes.get(p.courierName) ?? '';
  };
  const routes = new Hono<Env>();
  routes.use('/shipments', requireFeature('shipments.use'));
  routes.use('/shipments/*', requireFeature('shipments.use'));

  const invalid = (c: Context<Env>, error: z.ZodError, raw: unknown) => {
    const detail = issueDetail(error, raw);
    return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(error)}`, detail);
  };

  // Another person's job is no job to them (as at /bff/imports/:id), unless they see everyone's.
  const jobIsTheirs = async (c: Context<Env>, id: number) => {
    const user = c.get('user');
    const job = await deps.db.kysely.selectFrom('import_jobs').select('user_id').where('id', '=', id).executeTakeFirst();
    return !!job && (job.user_id === user.id || mayUse(user.role, 'imports.all'));
  };
  const noSuchJob = (c: Context<Env>) => fail(c, 404, 'not_found', 'There is no such import, or it is not yours.');
  const filter = (q: { state: 'new' | 'exported' | 'all'; from?: string; to?: string; channel?: number; job?: number }) => ({
    state: q.state,
    since: q.from === undefined ? undefined : dayStart(q.from, timeZone),
    before: q.to === undefined ? undefined : dayStart(nextDay(q.to), timeZone),
    channel: q.channel,
    job: q.job,
  });

  routes.get('/shipments', async (c) => {
    const raw = c.req.query();
    const parsed = shipmentsQuery.safeParse(raw);
    if (!parsed.success) return invalid(c, parsed.error, raw);
    const q = parsed.data;
    if (q.job !== undefined && !(await jobIsTheirs(c, q.job))) return noSuchJob(c);
    await couriers.get();
    const answer = await store.list({ ...filter(q), offset: (q.page - 1) * q.size, limit: q.size });
    await fillCourierCodes(answer.list);
    return c.json(answer satisfies ShipmentsAnswer);
  });

  routes.post('/shipments/mark', async (c) => {
    const user = c.get('user');
    const ip = clientIp(c, deps.trustProxy);
    const raw = await c.req.json().catch(() => undefined);
    const parsed = shipmentsMarkInput.safeParse(raw);
    if (!parsed.success) {
      const msg = `Invalid input: ${formatIssues(parsed.error)}`;
      await deps.audit.record({ user, action: 'shipments.mark', input: {}, code: 400, msg: `refused: ${msg}`, ip });
      return fail(c, 400, 'invalid_input', msg, issueDetail(parsed.error, raw));
    }
    const { ids, exported } = parsed.data;
    const changed = await store.mark(ids, exported, deps.now());
    await deps.audit.record({
      user,
      action: 'shipments.mark',
      input: { exported, ids },
      code: 1,
      msg: exported
        ? `${changed} of ${ids.length} package(s) marked handed to the shop`
        : `${changed} of ${ids.length} package(s) marked not handed to the shop (undone)`,
      ip,
    });
    return c.json({ changed } satisfies ShipmentsMarkAnswer);
  });
  // ---- Sheets for the shop: formats, downloads, undo ----

  routes.get('/shipments/formats', async (c) => {
    const [own, list] = await Promise.all([formats.list(), couriers.get()]);
    return c.json({ builtIn: [...BUILT_IN_FORMATS], own, couriers: list } satisfies ShipmentFormatsAnswer);
  });

  /** A format written, or refused (400 with a sentence, audited; nothing stored). */
  const writeFormat = async (c: Context<Env>, id: number | null) => {
    const user = c.get('user');
    const ip = clientIp(c, deps.trustProxy);
    const action = id === null ? 'shipments.format.create' : 'shipments.format.update';
    const refuse = async (status: 400 | 404, msg: string, detail: Parameters<typeof fail>[4]) => {
      await deps.audit.record({ user, action, input: id === null ? {} : { id }, code: status, msg: `refused: ${msg}`, ip });
      return fail(c, status, status === 400 ? 'invalid_input' : 'not_found', msg, detail);
    };
    const raw = await c.req.json().catch(() => undefined);
    const parsed = ownFormatInput.safeParse(raw);
    if (!parsed.success) return refuse(400, `Invalid input: ${formatIssues(parsed.error)}`, issueDetail(parsed.error, raw));
    let saved: OwnFormat;
    try {
      saved =
        id === null
          ? await formats.create(parsed.data, user.username, deps.now())
          : await formats.update(id, parsed.data, user.username, deps.now());
    } catch (e) {
      if (e instanceof FormatRefused) return refuse(e.status, e.message, { rule: e.rule, ...(e.field ? { field: e.field } : {}) });
      throw e;
    }
    const f = saved;
    await deps.audit.record({
      user,
      action,
      input: { id: f.id, name: f.name },
      code: 1,
      msg: `sheet format “${f.name}” ${id === null ? 'created' : 'changed'}: ${f.columns.length} column(s) (${f.columns.map((col) => col.header).join(', ')}), ${f.perOrder ? `a row per shop order, joined by “${f.joiner}”` : 'a row per package'}, ${Object.keys(f.carrierMap).length} courier name(s) mapped`,
      ip,
    });
    return c.json(f, id === null ? 201 : 200);
  };
  const formatId = (c: Context<Env>) => {
    const v = c.req.param('id') ?? '';
    return /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2 ** 31 - 1 ? Number(v) : null;
  };
  const noSuchFormat = (c: Context<Env>) =>
    fail(c, 404, 'not_found', `There is no format ${c.req.param('id')} (it may have been deleted).`);

  routes.post('/shipments/formats', (c) => writeFormat(c, null));
  routes.put('/shipments/formats/:id', async (c) => {
    const id = formatId(c);
    return id === null ? noSuchFormat(c) : await writeFormat(c, id);
  });
  routes.delete('/shipments/formats/:id', async (c) => {
    const id = formatId(c);
    const gone = id === null ? undefined : await formats.remove(id);
    if (!gone) return noSuchFormat(c);
    await deps.audit.record({
      user: c.get('user'),
      action: 'shipments.format.delete',
      input: { id: gone.id, name: gone.name },
      code: 1,
      msg: `sheet format “${gone.name}” deleted`,
      ip: clientIp(c, deps.trustProxy),
    });
    return c.json({ deleted: true });
  });

  routes.post('/shipments/download', async (c) => {
    const user = c.get('user');
    const ip = clientIp(c, deps.trustProxy);
    const raw = await c.req.json().catch(() => undefined);
    const parsed = shipmentsDownloadInput.safeParse(raw);
    if (!parsed.success) return invalid(c, parsed.error, raw);
    const q = parsed.data;
    if (q.job !== undefined && !(await jobIsTheirs(c, q.job))) return noSuchJob(c);
    const format = await formats.sheetFormat(q.format);
    if (!format)
      return fail(c, 400, 'invalid_input', `There is no sheet format ${JSON.stringify(q.format)} (it may have been deleted).`, {
        field: 'format',
        rule: 'not_found',
      });
    const at = deps.now();
    const { packages, batch, more } = await store.forSheet(filter(q), {
      max: SHIPMENTS_MAX_DOWNLOAD,
      perOrder: format.perOrder,
      mark: q.mark ? { at, user, format: format.key, type: q.type } : null,
    });
    await fillCourierCodes(packages);
    const file = await writeSheet(format, sheetRows(format, packages, timeZone), q.type);
    if (batch !== null)
      await deps.audit.record({
        user,
        action: 'shipments.download',
        input: { batch, format: format.key, type: q.type, ids: packages.map((p) => p.id) },
        code: 1,
        msg: `${packages.length} package(s) downloaded as “${format.name}” (.${q.type}) and marked handed to the shop, batch ${batch}`,
        ip,
      });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
    c.header('Content-Type', SHEET_CONTENT_TYPES[q.type]);
    c.header('Content-Disposition', contentDisposition(`发货回传-${day}.${q.type}`, `shipments-${day}.${q.type}`));
    c.header('Cache-Control', 'no-store');
    c.header(SHIPMENTS_HEADERS.count, String(packages.length));
    c.header(SHIPMENTS_HEADERS.more, String(Math.max(0, more)));
    if (batch !== null) c.header(SHIPMENTS_HEADERS.batch, String(batch));
    return c.body(new Uint8Array(file), 200);
  });

  routes.post('/shipments/undo', async (c) => {
    const user = c.get('user');
    const ip = clientIp(c, deps.trustProxy);
    const raw = await c.req.json().catch(() => undefined);
    const parsed = shipmentsUndoInput.safeParse(raw);
    if (!parsed.success) return invalid(c, parsed.error, raw);
    const { batch } = parsed.data;
    const changed = await store.undo(batch, deps.now());
    if (changed === undefined) return fail(c, 404, 'not_found', `There is no download ${batch} to undo.`);
    await deps.audit.record({
      user,
      action: 'shipments.undo',
      input: { batch },
      code: 1,
      msg: `download ${batch} undone: ${changed} package(s) no longer handed to the shop`,
      ip,
    });
    return c.json({ changed } satisfies ShipmentsUndoAnswer);
  });
  return routes;
}
