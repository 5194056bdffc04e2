import { z } from 'zod';

/**
 * Support's exceptions (`/bff/exceptions`, issue 52): orders going wrong, found by the gateway from the
 * order mirror, each taken by one person, noted and resolved (or closed by the gateway when its cause
 * went away and nobody had taken it).
 */

/**
 * - `late`: a child not shipped EXCEPTION_LATE_HOURS after payment;
 * - `cancelled`: a child the supplier cancelled before shipping it;
 * - `returned`: a child's parcel refused and sent back;
 * - `failed`: an order whose placement failed (not paid) and was not retried or refunded for EXCEPTION_FAILED_HOURS;
 * - `stalled`: a parcel in transit whose trace has had no new event for EXCEPTION_STALLED_HOURS.
 */
export const EXCEPTION_KINDS = ['late', 'stalled', 'cancelled', 'returned', 'failed'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];
export const EXCEPTION_STATES = ['open', 'taken', 'resolved'] as const;
export type ExceptionState = (typeof EXCEPTION_STATES)[number];
/** What a list may ask for: a state, or `unresolved` (open or taken: the work queue's landing). */
export const EXCEPTION_LIST_STATES = [...EXCEPTION_STATES, 'unresolved'] as const;
export type ExceptionListState = (typeof EXCEPTION_LIST_STATES)[number];
/** Exceptions per page at most. */
export const EXCEPTIONS_MAX_PAGE = 500;
/** A note's length in characters. */
export const EXCEPTION_NOTE_MAX = 1000;

export const exceptionNote = z.object({
  /** When it was written (ms, business clock), and by whom (user name). */
  at: z.number().int(),
  by: z.string(),
  text: z.string(),
});
export type ExceptionNote = z.infer<typeof exceptionNote>;

export const exceptionCase = z.object({
  id: z.number().int(),
  kind: z.enum(EXCEPTION_KINDS),
  /** The platform's order number, the shop's (merchant's) order number, the channel child's ('' for a failed order). */
  orderSn: z.string(),
  shopOrderSn: z.string(),
  childSn: z.string(),
  /** Since when it is one (ms, business clock), and how many whole hours ago that is (until resolved). */
  since: z.number().int(),
  ageHours: z.number().int(),
  state: z.enum(EXCEPTION_STATES),
  /** Who has it (user name); null while nobody took it. */
  takenBy: z.string().nullable(),
  notes: z.array(exceptionNote),
  /** When it was resolved (ms, business clock); null while not. */
  resolvedAt: z.number().int().nullable(),
  /** Who resolved it: a user name, or '' when it closed by itself (its cause went away); null while not resolved. */
  resolvedBy: z.string().nullable(),
});
export type ExceptionCase = z.infer<typeof exceptionCase>;

export const exceptionsAnswer = z.object({ list: z.array(exceptionCase), count: z.number().int() });
export type ExceptionsAnswer = z.infer<typeof exceptionsAnswer>;

/**
 * `GET /bff/exceptions`: of a kind and a state (default: all kinds, open ones; `unresolved`: open or
 * taken), oldest first, a page.
 * With `order` (a platform order number): that order's cases only, of every state unless `state` says one
 * (what the order drawer shows).
 */
export const exceptionsQuery = z
  .object({
    kind: z.enum(EXCEPTION_KINDS, { error: `kind must be one of ${EXCEPTION_KINDS.join(', ')}` }).optional(),
    state: z.enum(EXCEPTION_LIST_STATES, { error: `state must be one of ${EXCEPTION_LIST_STATES.join(', ')}` }).optional(),
    order: z
      .string()
      .regex(/^\d{6,32}$/, 'order must be a platform order number (digits)')
      .optional(),
    page: z.coerce
      .number({ error: 'page must be a whole number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(100_000, 'page must be at most 100000')
      .default(1),
    size: z.coerce
      .number({ error: 'size must be a whole number' })
      .int('size must be a whole number')
      .min(1, 'size must be 1 or more')
      .max(EXCEPTIONS_MAX_PAGE, `size must be at most ${EXCEPTIONS_MAX_PAGE}`)
      .default(50),
  })
  .strict();
export type ExceptionsQuery = z.infer<typeof exceptionsQuery>;

const noteText = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(EXCEPTION_NOTE_MAX, `must be at most ${EXCEPTION_NOTE_MAX} characters`);

/** `POST /bff/exceptions/:id/notes`. */
export const exceptionNoteInput = z.object({ text: noteText }).strict();
/** `POST /bff/exceptions/:id/resolve`: what was done, in words. */
export const exceptionResolveInput = z.object({ note: noteText }).strict();

/**
 * The live event of exceptions that opened, changed hands or closed (bus topic `exceptions.changed`,
 * server/gateway/exceptions/events.ts): a nudge to read the list again. At most 200 ids each; `more`
 * when there were more.
 */
export interface ExceptionEvent {
  opened: number[];
  changed: number[];
  closed: number[];
  more?: boolean;
}
