import { SUCCESS_CODE } from '../../contract/constants';
import type { OpData, OpId, OpInput } from '../../contract';

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
  | 'forbidden';

export class OpError extends Error {
  override name = 'OpError';
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly opId: string,
    readonly field?: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

const KNOWN_KINDS = new Set<FailureKind>([
  'timeout',
  'unreachable',
  'bad_status',
  'bad_response',
  'invalid_input',
  'unknown_operation',
  'internal',
]);

/**
 * Calls one upstream operation through the gateway. Resolves with `data` of a `code: 1` envelope;
 * anything else rejects with an OpError that carries the msg.
 */
export async function callOp<K extends OpId>(id: K, input: OpInput<K>, init: { signal?: AbortSignal } = {}): Promise<OpData<K>> {
  let res: Response;
  try {
    res = await fetch(`/bff/op/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input ?? {}),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new OpError('network', 'The gateway could not be reached.', id);
  }
  let body: { code?: number; msg?: string; data?: unknown; gateway?: { reason?: string; field?: string } } | undefined;
  try {
    body = (await res.json()) as typeof body;
  } catch {
    body = undefined;
  }
  if (res.status === 401) throw new OpError('unauthorized', body?.msg ?? 'Not signed in.', id);
  if (res.status === 403) throw new OpError('forbidden', body?.msg ?? 'Not allowed.', id);
  if (!body || typeof body.code !== 'number') throw new OpError('bad_response', `Unexpected answer (HTTP ${res.status}).`, id);
  if (body.gateway?.reason) {
    const kind = KNOWN_KINDS.has(body.gateway.reason as FailureKind) ? (body.gateway.reason as FailureKind) : 'internal';
    throw new OpError(kind, body.msg ?? '', id, body.gateway.field, body.code);
  }
  if (body.code !== SUCCESS_CODE) throw new OpError('upstream', body.msg || '', id, undefined, body.code);
  return body.data as OpData<K>;
}

/** Lists come as `{list}` from most operations and as a bare array from a few; accept both. */
export function listItems<T>(data: { list?: T[] } | T[] | null | undefined): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : (data.list ?? []);
}
