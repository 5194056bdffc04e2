import { z } from 'zod';
import { PHONE_PATTERN } from '../constants';
import { MAX_RANGE_VALUE, num } from '../input';

/** Page and limit as the upstream lists take them. `maxPage` caps what the real service honours (page 50). */
export const paging = (maxLimit: number) => ({
  page: num(
    z
      .number({ error: 'page is required: a whole number from 1' })
      .int('page must be a whole number')
      .min(1, 'page starts at 1')
      .max(100_000, 'page may be at most 100000'),
  ),
  limit: num(
    z
      .number({ error: 'limit is required: a whole number from 1' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(maxLimit, `limit may be at most ${maxLimit}`),
  ),
});

/** The 7 address fields of an order (upstream-api.md §7.6). */
export const addressSchema = z.object({
  consignee: z.string().trim().min(1, 'consignee is required').max(50, 'consignee may be at most 50 characters'),
  phone: z
    .string()
    .trim()
    .max(24, 'phone may be at most 24 characters')
    .regex(PHONE_PATTERN, 'phone must be a mainland mobile (11 digits) or a landline with its area code'),
  province: z.string().trim().min(1, 'province is required').max(50, 'province may be at most 50 characters'),
  city: z.string().trim().min(1, 'city is required').max(50, 'city may be at most 50 characters'),
  area: z.string().trim().min(1, 'area (district) is required').max(50, 'area may be at most 50 characters'),
  street: z.string().trim().min(1, 'street is required').max(100, 'street may be at most 100 characters'),
  description: z.string().trim().min(1, 'address detail is required').max(200, 'address detail may be at most 200 characters'),
});
export type Address = z.infer<typeof addressSchema>;

/** Address as the upstream echoes it back: every field a string, some possibly empty. */
export const addressOut = z.looseObject({
  consignee: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  street: z.string(),
  description: z.string().optional(),
});

/** A bound of a range filter (yuan, percent or seconds): never negative, as `range_from` / `range_to`. */
export const rangeValue = (name: string) =>
  num(
    z
      .number({ error: `${name} must be a number` })
      .min(0, `${name} must not be negative`)
      .max(MAX_RANGE_VALUE, `${name} may be at most ${MAX_RANGE_VALUE}`),
  );

/** A {from, to} section of NewList / ApiGoodsList. */
export const section = z
  .object({ from: rangeValue('from').optional(), to: rangeValue('to').optional() })
  .strict()
  .refine((s) => s.from === undefined || s.to === undefined || s.from <= s.to, {
    message: 'from must not exceed to',
    params: { rule: 'range_order' },
  });
