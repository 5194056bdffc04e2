import type { z } from 'zod';

/** "limit: limit may be at most 500; address.phone: …" — the field at fault first, then what is wrong. */
export function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const where = i.path.map(String).join('.');
      if (i.code === 'unrecognized_keys') return `unknown field ${(i as { keys: string[] }).keys.join(', ')}${where ? ` in ${where}` : ''}`;
      return where ? `${where}: ${i.message}` : i.message;
    })
    .join('; ');
}

/**
 * Why an input was refused, for the SPA to say in the person's language (the English `msg` stays for
 * API clients). One rule per failure; `limit` where the rule has one (characters, items or a bound).
 */
export type InputRule =
  | 'required'
  | 'too_long'
  | 'too_short'
  | 'too_small'
  | 'too_big'
  | 'too_many'
  | 'not_a_number'
  | 'not_whole'
  | 'invalid_choice'
  | 'bad_format'
  | 'unknown_field'
  | 'range_order'
  /** A day before 2000-01-01 or more than a year ahead (the overview's periods). */
  | 'day_range'
  | 'bad_json'
  | 'too_large'
  | 'taken'
  | 'self_change'
  | 'last_admin'
  | 'wrong_password'
  | 'not_found'
  /** A goods' own minimum profit rate for goods outside the selection library (the goods watch). */
  | 'not_in_library'
  | 'invalid';

export interface InputDetail {
  field?: string;
  rule: InputRule;
  limit?: number;
}

const at = (raw: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), raw);

/** The first issue of a refused input as field + rule (+ limit). `raw` (the input as sent) tells "missing" from "wrong type". */
export function issueDetail(error: z.ZodError, raw?: unknown): InputDetail {
  const i = error.issues[0];
  if (!i) return { rule: 'invalid' };
  const path = [...i.path, ...(i.code === 'unrecognized_keys' ? (i as { keys: string[] }).keys.slice(0, 1) : [])];
  const field = path.map(String).join('.') || undefined;
  const base = { ...(field ? { field } : {}) };
  const n = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined);
  switch (i.code) {
    case 'too_big': {
      const limit = n((i as { maximum?: unknown }).maximum);
      const origin = (i as { origin?: string }).origin;
      return { ...base, rule: origin === 'string' ? 'too_long' : origin === 'array' ? 'too_many' : 'too_big', limit };
    }
    case 'too_small': {
      const limit = n((i as { minimum?: unknown }).minimum);
      const origin = (i as { origin?: string }).origin;
      if (origin === 'string')
        return limit !== undefined && limit <= 1 ? { ...base, rule: 'required' } : { ...base, rule: 'too_short', limit };
      if (origin === 'array' && limit !== undefined && limit <= 1) return { ...base, rule: 'required' };
      return { ...base, rule: 'too_small', limit };
    }
    case 'invalid_type': {
      const expected = (i as { expected?: string }).expected;
      if (raw !== undefined && at(raw, i.path) === undefined) return { ...base, rule: 'required' };
      if (expected === 'int') return { ...base, rule: 'not_whole' };
      if (expected === 'number' || expected === 'bigint') return { ...base, rule: 'not_a_number' };
      return { ...base, rule: 'invalid' };
    }
    case 'invalid_value':
      return { ...base, rule: 'invalid_choice' };
    case 'invalid_format':
      return { ...base, rule: 'bad_format' };
    case 'unrecognized_keys':
      return { ...base, rule: 'unknown_field' };
    case 'custom': {
      const rule = (i as { params?: { rule?: unknown } }).params?.rule;
      return { ...base, rule: rule === 'range_order' || rule === 'required' ? rule : 'invalid' };
    }
    default:
      return { ...base, rule: 'invalid' };
  }
}
