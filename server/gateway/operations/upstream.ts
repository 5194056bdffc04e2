import { Agent, request, errors as undiciErrors } from 'undici';
import { FAILURE_CODE, operations, pathParams, type OperationDef } from '../../../contract';
import { signHeaders } from '../../signing';
import type { UpstreamTarget } from '../config';
import type { InputDetail } from '../../lib/issues';

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
  | 'conflict';

export type GatewayEnvelope = {
  code: number;
  msg: string;
  data: null;
  /** Present only on answers the gateway made itself. */
  gateway: { reason: GatewayFailure; field?: string; status?: number } & Partial<Omit<InputDetail, 'field'>>;
};

/** Extra detail of a gateway answer: the field at fault, the upstream HTTP status, the input rule (and its limit). */
export type FailureExtra = { field?: string; status?: number } & Partial<Omit<InputDetail, 'field'>>;

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
 * Signs and sends one request (sendUpstream), then tells `target.observe` (the log, the metrics and
 * /readyz: server/gateway/service) the operation, the envelope's code or the gateway's reason, and the time.
 */
export async function callUpstream(target: UpstreamTarget, built: BuiltRequest): Promise<UpstreamAnswer> {
  const answer = await sendUpstream(target, built);
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
