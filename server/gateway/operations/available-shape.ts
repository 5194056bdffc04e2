import type { UpstreamAnswer } from './upstream';

/**
 * `order.availableCheck` comes in two shapes (upstream-api.md §12): the documented one, `data` an
 * array of `{code, available, ban}` (one item per group of lines), and an older one that the Java
 * SDK (`CheckBanGoods`) and the Yunshop plugin (`data.data.available`) still read,
 * `data: {code, msg, data: {available, ban}}`. The check of a sheet and the checkout both depend on
 * the answer, so the gateway accepts either and hands the page the array; an older answer whose
 * inner code is a failure becomes a failure envelope with its message.
 */
export function availableAsArray(answer: UpstreamAnswer): UpstreamAnswer {
  const env = answer.envelope as { code?: unknown; msg?: unknown; data?: unknown };
  if (env.code !== 1 || Array.isArray(env.data)) return answer;
  const data = env.data;
  if (data === null || typeof data !== 'object') return answer;
  const outer = data as { code?: unknown; msg?: unknown; data?: unknown; available?: unknown; ban?: unknown };
  const inner = (outer.data !== null && typeof outer.data === 'object' ? outer.data : outer) as { available?: unknown; ban?: unknown };
  const ids = (v: unknown) => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n)) : null);
  const available = ids(inner.available);
  const ban = ids(inner.ban);
  const innerCode = typeof outer.code === 'number' || typeof outer.code === 'string' ? Number(outer.code) : 1;
  if (innerCode !== 1 && available === null && ban === null) {
    const msg = typeof outer.msg === 'string' && outer.msg ? outer.msg : String(env.msg ?? '');
    return rewritten(answer, { ...env, code: 0, msg, data: null });
  }
  if (available === null && ban === null) return answer;
  const item = { available: available ?? [], ban: ban ?? [] };
  return rewritten(answer, { ...env, data: [item] });
}

/** The answer with another envelope: passed on as that (not as the upstream's text), its code with it. */
function rewritten(answer: UpstreamAnswer, envelope: Record<string, unknown>): UpstreamAnswer {
  const out = { ...answer, envelope, text: undefined };
  if ('code' in answer) (out as { code?: unknown }).code = envelope.code;
  return out;
}
