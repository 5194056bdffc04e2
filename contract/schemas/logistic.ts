import { z } from 'zod';
import { unixSeconds } from '../units';

export const trace = z.looseObject({
  list: z.array(z.looseObject({ message: z.string(), source: z.string(), time: unixSeconds })),
  info: z.looseObject({ name: z.string(), no: z.string() }),
});
export type Trace = z.infer<typeof trace>;

export const courier = z.looseObject({ name: z.string(), sn: z.string() });
export type Courier = z.infer<typeof courier>;
