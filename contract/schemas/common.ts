import { z } from 'zod';

/** Page and limit as the upstream lists take them. `maxPage` caps what the real service honours (page 50). */
export const paging = (maxLimit: number) => ({
  page: z.coerce.number({ error: 'page is required: a whole number from 1' }).int('page must be a whole number').min(1, 'page starts at 1'),
  limit: z.coerce
    .number({ error: 'limit is required: a whole number from 1' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(maxLimit, `limit may be at most ${maxLimit}`),
});

/** The 7 address fields of an order (upstream-api.md §7.6). */
export const addressSchema = z.object({
  consignee: z.string().trim().min(1, 'consignee is required'),
  phone: z
    .string()
    .trim()
    .regex(/^1\d{10}$/, 'phone must be an 11-digit mainland mobile number'),
  province: z.string().trim().min(1, 'province is required'),
  city: z.string().trim().min(1, 'city is required'),
  area: z.string().trim().min(1, 'area (district) is required'),
  street: z.string().trim().min(1, 'street is required'),
  description: z.string().trim().min(1, 'address detail is required'),
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

/** A {from, to} section of NewList / ApiGoodsList. */
export const section = z
  .object({ from: z.coerce.number().optional(), to: z.coerce.number().optional() })
  .refine((s) => s.from === undefined || s.to === undefined || s.from <= s.to, 'from must not exceed to');
