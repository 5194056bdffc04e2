import { z } from 'zod';

/** Money as the upstream sends it: integer fen (1/100 yuan). Converted to yuan only for display and in forms. */
export type Fen = number;
export const fen = z.number().int().describe('integer fen');

/** Entity timestamps (created, delivered, refunded…): Unix seconds. */
export type UnixSeconds = number;
export const unixSeconds = z.number().int().nonnegative().describe('Unix seconds');

/** Signature timestamps and message push times: Unix milliseconds. */
export type UnixMillis = number;
export const unixMillis = z.number().int().nonnegative().describe('Unix milliseconds');

/** Rates such as promotion_rate: a percentage as a float (43.3 means 43.3 %). */
export type Percent = number;
export const percent = z.number().describe('percent');

/** Comma-separated list of integer ids, as several upstream inputs take them ("1,2,3"). */
export const idList = (max: number) =>
  z
    .string()
    .trim()
    .max(max * 21, `at most ${max} ids per call`)
    .regex(/^\d{1,20}(,\d{1,20})*$/, 'must be comma-separated numeric ids, e.g. "12,34"')
    .refine((s) => s.split(',').length <= max, `at most ${max} ids per call`);

export const splitIds = (s: string): number[] => s.split(',').map((x) => Number(x));
