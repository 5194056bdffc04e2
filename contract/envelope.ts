import { z } from 'zod';

import { SUCCESS_CODE } from './constants';

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.looseObject({
    code: z.number().int(),
    msg: z.string(),
    data: data.optional(),
    id: z.string().optional(),
    message: z.string().optional(),
  });

export interface Envelope<T> {
  code: number;
  msg: string;
  data?: T;
  id?: string;
  message?: string;
}

export const isSuccess = (e: Pick<Envelope<unknown>, 'code'>): boolean => e.code === SUCCESS_CODE;
