import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  PRICING_GOODS_IDS_MAX,
  priceSheetInput,
  pricingGoodsInput,
  pricingSettings,
  type PricingRulesAnswer,
  type PricingSettings,
} from '../../../contract/schemas/pricing';
import { idList, splitIds } from '../../../contract/units';
import { formatIssues, issueDetail } from '../../lib/issues';
import type { AuditLog } from '../audit/audit';
import type { GatewayDb } from '../db';
import { fail, requireFeature, type Env } from '../http/context';
import { clientIp } from '../http/security';
import { priceSheetCsv, priceSheetXlsx } from './sheet';
import { PricingRefused, PricingStore } from './store';

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** The rules in words, for the audit: "up to ¥10.00: ×2; above: ×1.5 + ¥1.00; cents .90; compare-at ×1.3". */
export function settingsInWords(s: PricingSettings): string {
  if (s.rules.length === 0) return 'no rules (the guide price everywhere, own prices kept)';
  const rule = (r: PricingSettings['rules'][number], i: number) => {
    const range = r.upTo !== undefined ? `up to ${yuan(r.upTo)}` : i === 0 ? 'every cost' : 'above';
    const how =
      [r.multiply !== undefined ? `×${r.multiply}` : null, r.add ? `+ ${yuan(r.add)}` : null].filter(Boolean).join(' ') || '+ ¥0.00';
    return `${range}: ${how}`;
  };
  return [
    s.rules.map(rule).join('; '),
    s.cents !== undefined ? `cents .${String(s.cents).padStart(2, '0')}` : null,
    s.compareAt?.multiply !== undefined ? `compare-at ×${s.compareAt.multiply}` : null,
  ]
    .filter(Boolean)
    .join('; ');
}

const goodsIdsQuery = z.object({ ids: idList(PRICING_GOODS_IDS_MAX) }).strict();

/**
 * `/bff/pricing/…` (merchants, managers, admins: `pricing.use`; issue 53): the rules of the merchant's
 * retail prices, own prices per SKU, a preview, and the shop's price sheet. Writes are audited in words.
 */
export function pricingRoutes(deps: { db: GatewayDb; audit: AuditLog; trustProxy: boolean; now: () => number }) {
  const store = new PricingStore(deps.db);
  const routes = new Hono<Env>();
  routes.use('/pricing/*', requireFeature('pricing.use'));

  /** A refused body: 400 with the sentence, audited when it was a write. */
  const refused = async (c: Context<Env>, action: string | null, error: z.ZodError | null, raw: unknown) => {
    const msg = raw === undefined || error === null ? 'The request body is not valid JSON.' : `Invalid input: ${formatIssues(error)}`;
    const detail = raw === undefined || error === null ? { field: 'body', rule: 'bad_json' as const } : issueDetail(error, raw);
    if (action)
      await deps.audit.record({
        user: c.get('user'),
        action,
        input: { refusedField: detail.field ?? 'body' },
        code: 400,
        msg: `refused: ${msg}`,
        ip: clientIp(c, deps.trustProxy),
      });
    return fail(c, 400, 'invalid_input', msg, detail);
  };
  const body = async (c: Context<Env>): Promise<unknown> => c.req.json().catch(() => undefined);

  const rulesAnswer = async (): Promise<PricingRulesAnswer> => {
    const saved = await store.settings();
    return { ...saved.settings, updatedAt: saved.updatedAt, updatedBy: saved.updatedBy };
  };
  routes.get('/pricing/rules', async (c) => c.json(await rulesAnswer()));
  routes.put('/pricing/rules', async (c) => {
    const raw = await body(c);
    const parsed = raw === undefined ? null : pricingSettings.safeParse(raw);
    if (!parsed?.success) return refused(c, 'pricing.rules', parsed?.error ?? null, raw);
    const user = c.get('user');
    const before = (await store.settings()).settings;
    const moved = await store.saveSettings(parsed.data, user.username, deps.now());
    await deps.audit.record({
      user,
      action: 'pricing.rules',
      input: parsed.data,
      code: 1,
      msg: `pricing rules changed: ${settingsInWords(parsed.data)} (were: ${settingsInWords(before)}); ${moved.length} goods' watch risk changed`,
      ip: clientIp(c, deps.trustProxy),
    });
    return c.json(await rulesAnswer());
  });

  routes.post('/pricing/preview', async (c) => {
    const raw = await body(c);
    const parsed = raw === undefined ? null : pricingSettings.safeParse(raw);
    if (!parsed?.success) return refused(c, null, parsed?.error ?? null, raw);
    return c.json(await store.preview(parsed.data));
  });

  routes.get('/pricing/summary', async (c) => c.json(await store.summary()));

  routes.get('/pricing/goods', async (c) => {
    const raw = c.req.query();
    const parsed = goodsIdsQuery.safeParse(raw);
    if (!parsed.success)
      return fail(c, 400, 'invalid_input', `Invalid input: ${formatIssues(parsed.error)}`, issueDetail(parsed.error, raw));
    return c.json(await store.summaries([...new Set(splitIds(parsed.data.ids))]));
  });

  const goodsId = (c: Context<Env>): number | null => {
    const id = c.req.param('id') ?? '';
    return /^\d{1,15}$/.test(id) && Number(id) > 0 ? Number(id) : null;
  };
  const badId = (c: Context<Env>) =>
    fail(c, 400, 'invalid_input', 'The goods id must be a whole number above 0.', { field: 'id', rule: 'bad_format' });

  routes.get('/pricing/goods/:id', async (c) => {
    const id = goodsId(c);
    if (id === null) return badId(c);
    const answer = await store.goodsPrices(id);
    if (!answer)
      return fail(
        c,
        404,
        'not_found',
        `Goods ${id} has not been read by the gateway yet: open it in the catalogue or add it to the selection library first.`,
      );
    return c.json(answer);
  });

  routes.put('/pricing/goods/:id', async (c) => {
    const user = c.get('user');
    const ip = clientIp(c, deps.trustProxy);
    const id = goodsId(c);
    if (id === null) return badId(c);
    const raw = await body(c);
    const parsed = raw === undefined ? null : pricingGoodsInput.safeParse(raw);
    if (!parsed?.success) return refused(c, 'pricing.goods', parsed?.error ?? null, raw);
    let done: Awaited<ReturnType<PricingStore['setOwn']>>;
    try {
      done = await store.setOwn(id, parsed.data.skus, user.username, deps.now());
    } catch (e) {
      if (!(e instanceof PricingRefused)) throw e;
      await deps.audit.record({
        user,
        action: 'pricing.goods',
        input: { goodsId: id, ...parsed.data },
        code: 400,
        msg: `refused: ${e.message}`,
        ip,
      });
      return e.rule === 'not_found'
        ? fail(c, 404, 'not_found', e.message)
        : fail(c, 400, 'invalid_input', e.message, { field: 'skus', rule: 'invalid' });
    }
    const words = done.prices.map(([sku, was, now]) =>
      now === null
        ? `SKU ${sku} own price removed (was ${yuan(was!)})`
        : `SKU ${sku} own price ${was === null ? 'set to' : `${yuan(was)} →`} ${yuan(now)}`,
    );
    if (done.codes) words.push(`${done.codes} shop code(s) changed`);
    await deps.audit.record({
      user,
      action: 'pricing.goods',
      input: { goodsId: id, ...parsed.data },
      code: 1,
      msg: `own prices of goods ${id} (“${done.title}”): ${words.length ? words.join('; ') : 'nothing changed'}`,
      ip,
    });
    return c.json((await store.goodsPrices(id))!);
  });

  routes.post('/pricing/sheet', async (c) => {
    const raw = await body(c);
    const parsed = raw === undefined ? null : priceSheetInput.safeParse(raw);
    if (!parsed?.success) return refused(c, 'pricing.sheet', parsed?.error ?? null, raw);
    const { only, type, lang } = parsed.data;
    const at = deps.now();
    const all = await store.sheetRows();
    const rows = only === 'all' ? all : all.filter((r) => r.changed);
    const file = type === 'csv' ? priceSheetCsv(rows, lang) : await priceSheetXlsx(rows, lang);
    await store.markSheet(rows, at);
    await deps.audit.record({
      user: c.get('user'),
      action: 'pricing.sheet',
      input: parsed.data,
      code: 1,
      msg: `price sheet downloaded (${type}): ${rows.length} SKU(s), ${only === 'all' ? 'all of the library' : 'those changed since the last sheet'} of ${all.length}`,
      ip: clientIp(c, deps.trustProxy),
    });
    const stamp = new Date(at).toISOString().slice(0, 10);
    const name = `${lang === 'en' ? 'retail-prices' : '售价'}-${stamp}.${type}`;
    return new Response(typeof file === 'string' ? file : new Uint8Array(file), {
      status: 200,
      headers: {
        'Content-Type': type === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="prices-${stamp}.${type}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'X-Sheet-Rows': String(rows.length),
        'Cache-Control': 'no-store',
      },
    });
  });
  return routes;
}
