import { REQUEST_ID_HEADER, SUCCESS_CODE } from '../../contract/constants';
import type { OpData, OpId, OpInput } from '../../contract';
import { serverAnswered, serverAway } from './server-probe';

/** Why a call failed, so the UI can say it in the person's language. */
export type FailureKind =
  | 'upstream' // the supplier answered with code != 1; `message` is its msg
  | 'timeout'
  | 'unreachable'
  | 'bad_status'
  | 'bad_response'
  | 'invalid_input'
  | 'unknown_operation'
  | 'internal'
  | 'network' // the gateway itself could not be reached
  | 'unauthorized'
  | 'forbidden'
  | 'rate_limited'
  | 'cross_site'
  | 'not_found' // a record of the gateway's own that is not there, or not the person's
  | 'conflict' // a change the record's state does not allow now
  | 'supplier_down' // the supplier failed every call lately: the gateway is not asking it for a while (`since`, `retryAfter`)
  | 'not_done'; // a write's answer was lost, and reading showed the supplier did not do it

export class OpError extends Error {
  override name = 'OpError';
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly opId: string,
    readonly field?: string,
    readonly code?: number,
    /** Seconds to wait before trying again (sign-in limits). */
    readonly retryAfter?: number,
    /**
     * What the gateway said in machine-readable form: the rule an input broke (and its limit), the HTTP
     * status, and the request's id (`x-request-id`: the one its log line has, for support to look up).
     */
    readonly detail: {
      rule?: string;
      limit?: number;
      status?: number;
      httpStatus?: number;
      requestId?: string;
      /** `supplier_down`: since when the supplier fails (ms on the shown clock), and the seconds until the gateway asks it again. */
      since?: number;
      retryAfter?: number;
    } = {},
  ) {
    super(message);
  }
  get rule() {
    return this.detail.rule;
  }
  get requestId() {
    return this.detail.requestId;
  }
}

const GATEWAY_KINDS = new Set<FailureKind>([
  'timeout',
  'unreachable',
  'bad_status',
  'bad_response',
  'invalid_input',
  'unknown_operation',
  'internal',
  'unauthorized',
  'forbidden',
  'rate_limited',
  'cross_site',
  'not_found',
  'conflict',
  'supplier_down',
  'not_done',
]);

/** Told when a write's answer was lost and the gateway found by reading what the supplier did (main.tsx says so). */
const settledListeners = new Set<(opId: string) => void>();
export function onSettledWrite(listener: (opId: string) => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

interface Answer {
  code?: number;
  msg?: string;
  data?: unknown;
  /** The write's answer was lost and this one was found by reading (server/gateway/operations/settle.ts). */
  settled?: { found?: boolean };
  gateway?: { reason?: string; field?: string; rule?: string; limit?: number; status?: number; since?: number; retryAfter?: number };
}

/**
 * A JSON call to the gateway. Answers the gateway made itself (`gateway.reason`) and HTTP errors
 * become an OpError; anything else is returned as parsed JSON.
 */
export async function bffFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
  label = path,
): Promise<T> {
  return (await bffAnswer<T>(path, init, label)).body;
}

/** bffFetch's answer with the id the gateway gave the request. */
async function bffAnswer<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal },
  label: string,
): Promise<{ body: T; requestId?: string }> {
  return readAnswer<T>(await send(path, init, label), label);
}

/**
 * A file the gateway writes (a price sheet): its bytes and the answer's headers. A refusal (JSON) or a
 * failed call rejects with an OpError as bffFetch does.
 */
export async function bffFile(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
  label = path,
): Promise<{ blob: Blob; headers: Headers }> {
  const res = await send(path, init, label, '*/*');
  if (res.ok && !(res.headers.get('content-type') ?? '').includes('json')) return { blob: await res.blob(), headers: res.headers };
  await readAnswer(res, label);
  throw new OpError('bad_response', `Unexpected answer (HTTP ${res.status}).`, label);
}

/** The request itself: a network failure becomes an OpError (and the banner says the server is away). */
async function send(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal },
  label: string,
  accept = 'application/json',
): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`/bff${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { accept, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    // The banner says so calmly and probes until the server is back (queries then refetch).
    void serverAway();
    throw new OpError('network', 'The gateway could not be reached.', label);
  }
  serverAnswered();
  return res;
}

/** The gateway's JSON answer; its refusals and HTTP errors become an OpError. */
async function readAnswer<T>(res: Response, label: string): Promise<{ body: T; requestId?: string }> {
  let body: Answer | undefined;
  try {
    body = (await res.json()) as Answer;
  } catch {
    body = undefined;
  }
  const requestId = res.headers.get(REQUEST_ID_HEADER) ?? undefined;
  const reason = body?.gateway?.reason as FailureKind | undefined;
  if (reason || !res.ok) {
    const kind: FailureKind =
      reason && GATEWAY_KINDS.has(reason)
        ? reason
        : res.status === 401
          ? 'unauthorized'
          : res.status === 403
            ? 'forbidden'
            : 'bad_response';
    const retry = Number(res.headers.get('retry-after'));
    throw new OpError(
      kind,
      body?.msg ?? `HTTP ${res.status}`,
      label,
      body?.gateway?.field,
      body?.code,
      Number.isFinite(retry) && retry > 0 ? retry : undefined,
      {
        rule: body?.gateway?.rule,
        limit: typeof body?.gateway?.limit === 'number' ? body.gateway.limit : undefined,
        status: body?.gateway?.status,
        httpStatus: res.status,
        requestId,
        ...(typeof body?.gateway?.since === 'number' && { since: body.gateway.since }),
        ...(typeof body?.gateway?.retryAfter === 'number' && { retryAfter: body.gateway.retryAfter }),
      },
    );
  }
  if (!body)
    throw new OpError('bad_response', `Unexpected answer (HTTP ${res.status}).`, label, undefined, undefined, undefined, { requestId });
  return { body: body as T, requestId };
}

/**
 * Calls one upstream operation through the gateway. Resolves with `data` of a `code: 1` envelope;
 * anything else rejects with an OpError that carries the msg.
 */
export async function callOp<K extends OpId>(id: K, input: OpInput<K>, init: { signal?: AbortSignal } = {}): Promise<OpData<K>> {
  const { body, requestId } = await bffAnswer<Answer>(`/op/${id}`, { body: input ?? {}, signal: init.signal }, id);
  if (typeof body.code !== 'number')
    throw new OpError('bad_response', 'Unexpected answer.', id, undefined, undefined, undefined, { requestId });
  if (body.settled?.found) settledListeners.forEach((l) => l(id));
  if (body.code !== SUCCESS_CODE) throw new OpError('upstream', body.msg || '', id, undefined, body.code, undefined, { requestId });
  return body.data as OpData<K>;
}

/** Lists come as `{list}` from most operations and as a bare array from a few; accept both. */
export function listItems<T>(data: { list?: T[] } | T[] | null | undefined): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : (data.list ?? []);
}
