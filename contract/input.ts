import { z } from 'zod';

/**
 * Numbers in inputs: a JSON number, or a string of decimal digits (query strings carry numbers as
 * text). Nothing else becomes a number: not null, '', [], true, ' 1 ', '1e3' or '0x10' (which
 * `z.coerce.number` turns into 0, 0, 0, 1, 1, 1000 and 16).
 */
const DECIMAL = /^-?\d{1,16}(?:\.\d{1,12})?$/;

export const fromDecimalString = (v: unknown): unknown => (typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v);

/**
 * `schema` (a z.number() with its checks) that also takes decimal-digit strings, and nothing looser.
 * Typed as taking `number | string` (what callers may send), giving a number.
 */
export const num = <T extends z.ZodNumber>(schema: T) =>
  z.preprocess(fromDecimalString, schema) as unknown as z.ZodType<z.output<T>, number | string>;

/** Booleans from query strings: exactly "true" or "false" ("false" is false, unlike `z.coerce.boolean`). */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'], { error: 'must be true or false' })])
  .transform((v) => v === true || v === 'true');

/** Upper bound for range values (yuan, percent, Unix seconds of created_time): far above any real value, far below overflow. */
export const MAX_RANGE_VALUE = 10_000_000_000;
