import { Hono, type Context } from 'hono';
import { FAILURE_CODE, SUCCESS_CODE, getOperation, operations, pathParams, type OpId, type OperationDef } from '../../contract';
import type { DB } from '../lib/db';
import { BodyTooLargeError, readRawBody } from '../lib/raw-body';
import { formatIssues } from '../lib/issues';
import { z } from 'zod';
import { IRREGULAR_KINDS, type Faults, type SandboxConfig } from './config';
import { makeIrregular } from './irregular';
import { SandboxError } from './errors';
import { catalogueHandlers } from './handlers/catalogue';
import { businessHandlers } from './handlers/business';
import { tick } from './simulation';
import { MARKET_CONTROL_MAX, repriceNow } from './market-control';
import type { World } from './world';
import type { HandlerContext, Handlers } from './handlers/types';
import { productSvg } from './images';
import { checkSignature } from './signature-check';

export interface SandboxDeps {
  db: DB;
  config: SandboxConfig;
  world: World;
  /** Where the app is mounted inside a bigger server ('' when it runs alone). */
  basePath?: string;
}

interface Route {
  id: OpId;
  op: OperationDef;
  method: string;
  pattern: RegExp;
  params: string[];
}

/**
 * Routes of every operation of the contract table. Static paths come before parameterised ones, so
 * `/v2/order/errorLists` is never taken for `/v2/order/{sn}`. Paths match case-insensitively, since
 * real clients call both `/v2/Goods/...` and `/v2/goods/...` (upstream-api.md §10).
 */
function buildRoutes(): Route[] {
  return (Object.keys(operations) as OpId[])
    .map((id) => {
      const op = getOperation(id)!;
      const params = pathParams(op.path);
      const source = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{(\w+)\\?\}/g, '([^/]+)');
      return { id, op, method: op.method, pattern: new RegExp(`^${source}/?$`, 'i'), params };
    })
    .sort((a, b) => a.params.length - b.params.length);
}

const ok = (data: unknown) => ({ code: SUCCESS_CODE, msg: '操作成功', data, id: '', message: '' });
const refuse = (msg: string) => ({ code: FAILURE_CODE, msg, data: null, id: '', message: '' });

const handlers: Handlers = { ...catalogueHandlers, ...businessHandlers };

/**
 * POST operations the official PHP client sends as GET with the JSON body (its "getbody" list,
 * upstream-api.md §2.3): accepted either way.
 */
const ALSO_GET_WITH_BODY: ReadonlySet<OpId> = new Set<OpId>(['goods.bulkDetail', 'goods.refresh']);

/** Inputs some SDKs send in another shape, brought to the contract's shape before validation. */
const NORMALIZE: Partial<Record<OpId, (v: Record<string, unknown>) => void>> = {
  // Java and Go send page/limit next to `search`; the interface document puts them inside (§10).
  'order.list': (v) => {
    const search = (typeof v.search === 'object' && v.search !== null ? v.search : {}) as Record<string, unknown>;
    for (const k of ['page', 'limit'] as const) {
      if (v[k] !== undefined && search[k] === undefined) search[k] = v[k];
      delete v[k];
    }
    v.search = search;
  },
};

export function createSandboxApp(deps: SandboxDeps) {
  const basePath = deps.basePath ?? '';
  const { world } = deps;
  const routes = buildRoutes();
  const app = new Hono();
  const signatureOk = (c: Context, query: Record<string, string>, raw: string) =>
    checkSignature(
      deps.db,
      {
        appKey: deps.config.appKey,
        appSecret: deps.config.appSecret,
        windowMs: deps.config.signatureWindowMs,
        nowMs: world.clock.wallMs(),
      },
      { headers: (h) => c.req.header(h), query, body: raw },
    );

  app.get('/health', (c) => c.json({ ok: true, service: 'sandbox' }));

  app.get('/images/goods/:file', (c) => {
    const m = /^(\d+)(?:-(\d))?\.svg$/.exec(c.req.param('file'));
    if (!m) return c.notFound();
    const id = Number(m[1]);
    const row = deps.db.prepare('SELECT hue FROM goods WHERE id = ?').get(id) as { hue: number } | undefined;
    if (!row) return c.notFound();
    return c.body(productSvg(id, row.hue, Number(m[2] ?? 1)), 200, {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=86400',
    });
  });

  app.get('/images/vouchers/:file', (c) => {
    const m = /^(\d+)\.(png|jpg|gif|webp)$/.exec(c.req.param('file'));
    const row = m
      ? (deps.db.prepare('SELECT mime, data FROM vouchers WHERE id = ?').get(Number(m[1])) as { mime: string; data: Buffer } | undefined)
      : undefined;
    if (!row) return c.notFound();
    return c.body(new Uint8Array(row.data), 200, { 'content-type': row.mime, 'cache-control': 'private, max-age=86400' });
  });

  /**
   * The sandbox's own control calls (tests and demos), signed like any upstream call: unsigned 401,
   * a body that is not a JSON object 400; `run` answers the data or a refusal (400).
   */
  const control = (path: string, run: (body: Record<string, unknown>) => { data: unknown } | { refusal: string }) =>
    app.post(path, async (c) => {
      const raw = await readRawBody(c);
      const refusal = signatureOk(c, {}, raw);
      if (refusal) return c.json(refuse(refusal), 401);
      let body: unknown;
      try {
        body = raw.trim() === '' ? {} : JSON.parse(raw);
      } catch {
        return c.json(refuse('请求体不是合法的 JSON'), 400);
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return c.json(refuse('请求体必须是 JSON 对象'), 400);
      const out = run(body as Record<string, unknown>);
      return 'refusal' in out ? c.json(refuse(out.refusal), 400) : c.json(ok(out.data));
    });

  /** Moves the business clock forward and runs what became due. */
  control('/sandbox/clock', (body) => {
    const seconds = body.advanceSeconds;
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > 366 * 86_400) {
      return { refusal: 'advanceSeconds 必须是 0 到 31622400 之间的整数' };
    }
    world.clock.advance(seconds);
    const jobs = tick(world); // runs what became due; messages go out in the background
    const pending = world.db
      .prepare('SELECT count(*) AS n FROM outbox WHERE delivered_ms IS NULL AND given_up = 0 AND next_attempt_ms <= ?')
      .get(world.clock.nowMs()) as { n: number };
    return { data: { nowMs: world.clock.nowMs(), speed: world.clock.speed, jobsRun: jobs, messagesPending: pending.n } };
  });

  /** Moves these goods' prices now, as a market round would (market-control.ts). */
  control('/sandbox/market', (body) => {
    const ids = body.goodsIds;
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      ids.length > MARKET_CONTROL_MAX ||
      !ids.every((x) => Number.isInteger(x) && (x as number) > 0)
    )
      return { refusal: `参数错误：goodsIds 必须是 1 到 ${MARKET_CONTROL_MAX} 个商品 ID` };
    return { data: { repriced: repriceNow(world, ids as number[]) } };
  });

  /** Changes the faults in force (the fields given; the rest stay) and answers them all. */
  control('/sandbox/faults', (body) => {
    const parsed = faultsInput.safeParse(body);
    if (!parsed.success) return { refusal: `参数错误：${formatIssues(parsed.error)}` };
    const f = parsed.data;
    const next = {
      ...world.faults,
      ...(f.error !== undefined && { errorRate: f.error }),
      ...(f.lost !== undefined && { lostRate: f.lost }),
      ...(f.drop !== undefined && { dropRate: f.drop }),
      ...(f.latencyMs !== undefined && { latencyMs: f.latencyMs }),
      ...(f.outage !== undefined && { outage: f.outage }),
    };
    if (next.errorRate + next.lostRate + next.dropRate > 1) return { refusal: '参数错误：error、lost 与 drop 之和不能超过 1' };
    world.faults = next;
    return { data: faultsOut(world.faults) };
  });

  /** Makes one order irregular now (irregular.ts): late, stalled, cancelled by the supplier or returned. */
  control('/sandbox/irregular', (body) => {
    const parsed = irregularInput.safeParse(body);
    if (!parsed.success) return { refusal: `参数错误：${formatIssues(parsed.error)}` };
    try {
      return { data: makeIrregular(world, parsed.data.orderSn.trim(), parsed.data.kind) };
    } catch (e) {
      if (e instanceof SandboxError) return { refusal: e.message };
      throw e;
    }
  });

  /**
   * Faults on the upstream paths, in this order: an outage fails every call (503); latency; `drop`
   * cuts the connection before acting; `error` answers 500 系统繁忙 without acting; `lost` carries
   * the call out and then cuts the connection, so the client never hears that it happened.
   */
  app.use('/v2/*', async (c, next) => {
    const f = world.faults;
    if (f.outage) return c.json(refuse('系统维护中，服务暂不可用，请稍后再试'), 503);
    if (f.latencyMs > 0) await new Promise((r) => setTimeout(r, f.latencyMs));
    const draw = Math.random();
    if (draw < f.dropRate) return cutConnection(c);
    if (draw < f.dropRate + f.errorRate) return c.json(refuse('系统繁忙，请稍后再试'), 500);
    const lost = draw < f.dropRate + f.errorRate + f.lostRate;
    await next();
    if (lost) return cutConnection(c);
  });

  app.all('/v2/*', async (c) => {
    const path = new URL(c.req.url).pathname.slice(basePath.length);
    const candidates = routes.filter((r) => r.pattern.test(path));
    // Protocol failures answer HTTP 200 with code 0, like business failures (upstream-api.md §12).
    if (candidates.length === 0) return c.json(refuse(`接口不存在：${path}`));
    const method = c.req.method;
    const route = candidates.find((r) => r.method === method) ?? candidates.find((r) => method === 'GET' && ALSO_GET_WITH_BODY.has(r.id));
    if (!route) return c.json(refuse(`请求方法错误：${path} 不支持 ${method}`));

    let raw: string;
    try {
      raw = await readRawBody(c);
    } catch (e) {
      if (e instanceof BodyTooLargeError) return c.json(refuse('请求体过大'), 413);
      throw e;
    }
    const query: Record<string, string> = {};
    for (const [k, v] of new URL(c.req.url).searchParams) query[k] = v;

    const refusal = signatureOk(c, query, raw);
    if (refusal) return c.json(refuse(refusal));

    const input = assembleInput(route, path, query, raw);
    if ('error' in input) return c.json(refuse(input.error));
    NORMALIZE[route.id]?.(input.value);
    const parsed = parseLenient(route.op, input.value);
    if (!parsed.success) return c.json(refuse(`参数错误：${parsed.error}`));

    const handler = handlers[route.id] as ((input: unknown, ctx: HandlerContext) => unknown) | undefined;
    if (!handler) return c.json(refuse(`沙箱暂未提供此接口：${route.op.title}`));
    try {
      const ctx: HandlerContext = {
        db: deps.db,
        config: deps.config,
        imageBase: imageBase(c, deps.config, basePath),
        nowSec: () => world.clock.nowSec(),
        world,
      };
      const data = handler(parsed.data, ctx);
      return c.json(ok(data));
    } catch (e) {
      if (e instanceof SandboxError) return c.json(refuse(e.message));
      throw e;
    }
  });

  app.onError((err, c) => {
    console.error('[sandbox] unexpected error', err);
    return c.json(refuse('服务器内部错误'), 500);
  });
  return app;
}

/** The fields of `POST /sandbox/faults`: shares between 0 and 1, latency in ms, the outage on or off. */
const share = z.number('must be a number between 0 and 1').min(0, 'must be at least 0').max(1, 'must be at most 1');
const faultsInput = z.strictObject({
  error: share.optional(),
  lost: share.optional(),
  drop: share.optional(),
  latencyMs: z
    .number('must be a whole number of ms')
    .int('must be a whole number of ms')
    .min(0, 'must be at least 0')
    .max(60_000, 'must be at most 60000')
    .optional(),
  outage: z.boolean('must be true or false').optional(),
});

const irregularInput = z.strictObject({
  orderSn: z.string('must be the merchant or platform order number').min(1, 'must not be empty').max(64, 'must be at most 64 characters'),
  kind: z.enum(IRREGULAR_KINDS, `must be one of ${IRREGULAR_KINDS.join(', ')}`),
});

const faultsOut = (f: Faults) => ({ error: f.errorRate, lost: f.lostRate, drop: f.dropRate, latencyMs: f.latencyMs, outage: f.outage });

/** Cuts the client's connection without an answer (the node server's socket); a bare 500 where there is none. */
function cutConnection(c: Context) {
  const incoming = (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming;
  incoming?.socket?.destroy();
  return c.body(null, 500);
}

function imageBase(c: Context, config: SandboxConfig, basePath: string): string {
  if (config.publicUrl) return `${config.publicUrl.replace(/\/$/, '')}/images`;
  return `${new URL(c.req.url).origin}${basePath}/images`;
}

/** Query, JSON body and path parameters, merged: real SDKs disagree on where some fields go. */
function assembleInput(
  route: Route,
  path: string,
  query: Record<string, string>,
  raw: string,
): { value: Record<string, unknown> } | { error: string } {
  let body: Record<string, unknown> = {};
  if (raw.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(raw);
      // PHP's json_encode writes an empty array as `[]`: the same as `{}`.
      const empty = Array.isArray(parsed) && parsed.length === 0;
      if (!empty && (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))) return { error: '请求体必须是 JSON 对象' };
      if (!empty) body = parsed as Record<string, unknown>;
    } catch {
      return { error: '请求体不是合法的 JSON' };
    }
  }
  const value: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) if (!/^api-/i.test(k)) value[k] = v;
  Object.assign(value, body);
  const m = route.pattern.exec(path)!;
  for (const [i, name] of route.params.entries()) {
    try {
      value[name] = decodeURIComponent(m[i + 1]!);
    } catch {
      return { error: `参数错误：${name}: 路径参数不是合法的 URL 编码（${m[i + 1]}）` };
    }
  }
  return { value };
}

/** Validate like the real service: unknown keys are ignored, anything else wrong is refused. */
function parseLenient(op: OperationDef, value: Record<string, unknown>) {
  let result = op.input.safeParse(value);
  for (let i = 0; i < 3 && !result.success; i++) {
    const unknown = result.error.issues.filter((iss) => iss.code === 'unrecognized_keys');
    if (unknown.length !== result.error.issues.length) break;
    for (const iss of unknown) {
      let target: unknown = value;
      for (const p of iss.path) target = (target as Record<string | number, unknown>)[p as string];
      for (const k of (iss as { keys: string[] }).keys) delete (target as Record<string, unknown>)[k];
    }
    result = op.input.safeParse(value);
  }
  return result.success ? { success: true as const, data: result.data } : { success: false as const, error: formatIssues(result.error) };
}
