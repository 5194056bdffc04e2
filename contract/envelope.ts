import { z } from 'zod';

/** `code` of a successful upstream answer. */
export const SUCCESS_CODE = 1;
/** `code` this project uses (and the sandbox sends) for business and signature failures (upstream-api.md §12). */
export const FAILURE_CODE = 0;

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
