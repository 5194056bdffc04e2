import { Agent, request, errors as undiciErrors } from 'undici';
import { FAILURE_CODE, operations, pathParams, type OperationDef } from '../../../contract';
import { signHeaders } from '../../signing';
import type { UpstreamTarget } from '../config';
import type { InputDetail } from '../../lib/issues';
import { DEFAULT_RESILIENCE, backoffMs, isTransient, type Admission, type UpstreamGuard } from './resilience';

/** Why the gateway itself answered instead of the upstream; the SPA words each one in the person's language. */
export type GatewayFailure =
  | 'timeout'
  | 'unreachable'
  | 'bad_status'
  | 'bad_response'
  | 'invalid_input'
  | 'unknown_operation'
  | 'internal'
  | 'unauthorized'
  | 'forbidden'
  | 'rate_limited'
  | 'cross_site'
  | 'misdirected'
  | 'not_found'
  | 'conflict'
  /** The supplier failed every call lately: the gateway is not asking it for a while (./resilience.ts). */
  | 'supplier_down'
  /** A write's answer was lost, and reading shows the supplier did not do it (./settle.ts). */
  | 'not_done';

export type GatewayEnvelope = {
  code: number;
  msg: string;
  data: null;
  /** Present only on answers the gateway made itself. */
  gateway: { reason: GatewayFailure } & FailureExtra;
};

/**
 * Extra detail of a gateway answer: the field at fault, the upstream HTTP status, the input rule (and
 * its limit); for `supplier_down`, since when (ms on the clock people are shown) and the seconds until
 * the gateway asks again.
 */
export type FailureExtra = { field?: string; status?: number; since?: number; retryAfter?: number } & Partial<Omit<InputDetail, 'field'>>;

export const gatewayFailure = (reason: GatewayFailure, msg: string, extra: FailureExtra = {}): GatewayEnvelope => ({
  code: FAILURE_CODE,
  msg,
  data: null,
  gateway: { reason, ...extra },
});

export interface BuiltRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Exact JSON text sent (and signed), '' for none. */
  body: string;
  /** The operation's id, for logs and metrics (buildUpstreamRequest sets it). */
  op?: string;
}

/** Each operation's id by its definition (the table is keyed by id; a definition does not carry it). */
const OP_ID_OF = new Map<OperationDef, string>(Object.entries(operations).map(([id, def]) => [def as OperationDef, id]));

/** Where each input field goes, from the operation table: path, query or JSON body. */
export function buildUpstreamRequest(op: OperationDef, input: Record<string, unknown>): BuiltRequest {
  const rest: Record<string, unknown> = { ...input };
  let path = op.path;
  for (const p of pathParams(op.path)) {
    path = path.replace(`{${p}}`, encodeURIComponent(String(rest[p])));
    delete rest[p];
  }
  const query: Record<string, string> = {};
  let body = '';
  if (op.placement === 'query') {
    for (const [k, v] of Object.entries(rest)) {
      if (v === undefined || v === null || v === '') continue;
      query[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
  } else if (op.placement === 'body') {
    body = JSON.stringify(rest);
  }
  return { method: op.method, path, query, body, op: OP_ID_OF.get(op) };
}

export interface UpstreamAnswer {
  status: number;
  /**
   * The upstream envelope as it came, or the gateway's own envelope when the call failed. A good
   * envelope is parsed when this is first read (a getter): passing a list on does not need it.
   */
  envelope: Record<string, unknown>;
  /** The envelope's `code` (read without parsing the rest when the envelope starts with it). */
  code: number;
  /** The upstream's answer as sent, when it was a good envelope: passed on without serialising it again. */
  text?: string;
  ms: number;
}

/** The start of an envelope: `{"code":1,` (spaces allowed). */
const ENVELOPE_HEAD = /^\s*\{\s*"code"\s*:\s*(-?\d{1,9})\s*,/;

const agent = new Agent({ keepAliveTimeout: 10_000, connections: 64 });

/**
 * Signs and sends one request (sendUpstream), telling `target.observe` (the log, the metrics and
 * /readyz: server/gateway/service) of each try: the operation, the envelope's code or the gateway's
 * reason, and the time. On the supplier's API (`/v2`), a read that failed transiently is asked again
 * (bounded backoff with jitter, within one timeout in all); a write never is (its answer may have been
 * lost after the supplier acted: ./settle.ts reads what happened). With `target.guard`, calls in a row
 * that failed open the breaker, and until it lets a call try again every call is answered at once
 * with `supplier_down` (./resilience.ts). The sandbox's own control calls are sent as they are.
 */
export async function callUpstream(target: UpstreamTarget, built: BuiltRequest): Promise<UpstreamAnswer> {
  if (!built.path.startsWith('/v2')) return observed(target, built, await sendUpstream(target, built));
  const guard = target.guard;
  const admission: Admission = guard ? guard.admit() : { go: true, probe: false };
  if (!admission.go) return supplierDown(guard!, admission);
  const s = guard?.settings ?? DEFAULT_RESILIENCE;
  // An operation not in the table counts as a write: never asked twice.
  const writes = !built.op || (operations as Record<string, OperationDef>)[built.op]?.writes !== false;
  const started = Date.now();
  for (let tries = 1; ; tries++) {
    const answer = observed(target, built, await sendUpstream(target, built));
    if (!isTransient(describe(answer))) {
      guard?.succeeded();
      return answer;
    }
    const wait = backoffMs(s, tries);
    if (writes || admission.probe || tries > s.retries || Date.now() - started + wait > target.timeoutMs) {
      guard?.failed(admission.probe);
      return answer;
    }
    await new Promise((r) => setTimeout(r, wait));
  }
}

/** What isTransient needs of an answer (the envelope is parsed only when its code is not 1). */
function describe(a: UpstreamAnswer) {
  if (a.status === 200 && a.code === 1) return { status: 200, code: 1 };
  const env = a.envelope as { msg?: unknown; gateway?: { reason?: string; status?: number } };
  return { status: a.status, code: a.code, reason: env.gateway?.reason, upstreamStatus: env.gateway?.status, msg: String(env.msg ?? '') };
}

/** The gateway's own answer while the breaker is open: since when, in words and as a time, and when it asks again. */
function supplierDown(guard: UpstreamGuard, a: Extract<Admission, { go: false }>): UpstreamAnswer {
  const since = guard.shown(a.since);
  const hhmm = new Intl.DateTimeFormat('en-GB', { timeZone: guard.timeZone, hour: '2-digit', minute: '2-digit' }).format(since);
  const retryAfter = Math.max(1, Math.ceil((a.retryAt - Date.now()) / 1000));
  const envelope = gatewayFailure('supplier_down', `The supplier cannot be reached since ${hhmm}; retrying.`, { since, retryAfter });
  return { status: 503, envelope, code: FAILURE_CODE, ms: 0 };
}

function observed(target: UpstreamTarget, built: BuiltRequest, answer: UpstreamAnswer): UpstreamAnswer {
  if (target.observe) {
    const reason = answer.status === 200 ? undefined : (answer.envelope as { gateway?: { reason?: string } }).gateway?.reason;
    target.observe({
      operation: built.op ?? `${built.method} ${built.path}`,
      code: reason ?? String(answer.code),
      status: answer.status,
      ms: answer.ms,
    });
  }
  return answer;
}

/**
 * Signs and sends one request. Every way of failing comes back as an envelope with a sentence,
 * never as a thrown error. undici is used because a GET with a JSON body is part of the protocol and
 * fetch refuses to send one.
 */
async function sendUpstream(target: UpstreamTarget, built: BuiltRequest): Promise<UpstreamAnswer> {
  const started = Date.now();
  const qs = new URLSearchParams(built.query).toString();
  const url = `${target.baseUrl}${built.path}${qs ? `?${qs}` : ''}`;
  const headers: Record<string, string> = {
    ...target.headers,
    ...signHeaders({ appKey: target.appKey, appSecret: target.appSecret, query: built.query, body: built.body }),
    accept: 'application/json',
  };
  if (built.body) headers['content-type'] = 'application/json';
  const seconds = Math.round(target.timeoutMs / 100) / 10;
  const done = (status: number, envelope: Record<string, unknown>, text?: string): UpstreamAnswer => ({
    status,
    envelope,
    code: typeof envelope.code === 'number' ? envelope.code : FAILURE_CODE,
    text,
    ms: Date.now() - started,
  });
  try {
    const res = await request(url, {
      method: built.method as 'GET',
      headers,
      body: built.body || undefined,
      dispatcher: agent,
      // undici closes the connection after a GET that carries a body (some servers would not read it);
      // this protocol sends GET bodies on purpose and its servers read them: keep the connection.
      // Without this every list call paid a new TCP connection.
      reset: false,
      // The limit is undici's own timers (headers within the timeout, then no pause in the body longer
      // than it), not an AbortSignal: a signal per call (its timer, its listeners) cost ~40 µs of the
      // gateway's own time on every call (bench/gateway-overhead.ts).
      headersTimeout: target.timeoutMs,
      bodyTimeout: target.timeoutMs,
    });
    const text = await res.body.text();
    // A good envelope as the upstream writes it starts with its code: on the answer's path only that
    // is read, and the whole JSON (0.1 ms for a page of 20 goods) is parsed if and when someone needs
    // it (a write's audit, the mirror, the SKU index), after the answer. The answer is passed on as sent.
    const head = res.statusCode === 200 ? ENVELOPE_HEAD.exec(text.slice(0, 64)) : null;
    if (head) {
      let envelope: Record<string, unknown> | undefined;
      return {
        status: 200,
        code: Number(head[1]),
        text,
        ms: Date.now() - started,
        get envelope() {
          if (envelope) return envelope;
          try {
            envelope = JSON.parse(text) as Record<string, unknown>;
          } catch {
            envelope = gatewayFailure('bad_response', 'The supplier sent an answer that is not the expected JSON envelope.');
          }
          return envelope;
        },
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const isEnvelope = typeof json === 'object' && json !== null && typeof (json as { code?: unknown }).code === 'number';
    if (res.statusCode !== 200) {
      const upstreamMsg = isEnvelope ? String((json as { msg?: unknown }).msg ?? '') : '';
      return done(
        502,
        gatewayFailure('bad_status', `The supplier answered with HTTP ${res.statusCode}${upstreamMsg ? `: ${upstreamMsg}` : ''}.`, {
          status: res.statusCode,
        }),
      );
    }
    if (!isEnvelope) {
      return done(502, gatewayFailure('bad_response', 'The supplier sent an answer that is not the expected JSON envelope.'));
    }
    return done(200, json as Record<string, unknown>, text);
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    const code = err.code ?? err.cause?.code;
    if (e instanceof undiciErrors.HeadersTimeoutError || e instanceof undiciErrors.BodyTimeoutError) {
      return done(
        504,
        gatewayFailure(
          'timeout',
          `The supplier did not answer within ${seconds} s. Nothing is known about the outcome; check before retrying a change.`,
        ),
      );
    }
    if (
      code === 'ECONNREFUSED' ||
      code === 'ENOTFOUND' ||
      code === 'EAI_AGAIN' ||
      code === 'ECONNRESET' ||
      code === 'EHOSTUNREACH' ||
      e instanceof undiciErrors.SocketError
    ) {
      return done(502, gatewayFailure('unreachable', `The supplier could not be reached (${code ?? 'connection failed'}).`));
    }
    return done(502, gatewayFailure('unreachable', 'The supplier could not be reached.'));
  }
}
