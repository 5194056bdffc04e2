import { EXCEPTION_KINDS, EXCEPTION_LIST_STATES, type ExceptionKind, type ExceptionListState } from '../../../contract/schemas/exceptions';
import { read } from '../../lib/url-view';

export const EXCEPTION_PAGE_SIZES = [20, 50, 100] as const;

/**
 * The work queue's exceptions as URL state (`/queue?kind=late&state=open&page=2&size=50`: what the
 * overview's exception counts open). Absent or nonsense: all kinds, those not resolved (open or taken:
 * what waits, and who has it), the first page of 20.
 */
export interface ExceptionsView {
  kind: ExceptionKind | '';
  state: ExceptionListState;
  page: number;
  size: number;
}

export function parseExceptionsView(p: URLSearchParams): ExceptionsView {
  return {
    kind: read.oneOf<ExceptionKind | ''>(p, 'kind', EXCEPTION_KINDS, ''),
    state: read.oneOf<ExceptionListState>(p, 'state', EXCEPTION_LIST_STATES, 'unresolved'),
    page: read.int(p, 'page', 1),
    size: read.oneOf(p, 'size', EXCEPTION_PAGE_SIZES, 20),
  };
}

/** The address with this view (defaults left out), keeping the rest of it (an open order or after-sale). */
export function exceptionsViewToParams(v: ExceptionsView, keep: URLSearchParams): URLSearchParams {
  const p = new URLSearchParams(keep);
  for (const k of ['kind', 'state', 'page', 'size']) p.delete(k);
  if (v.kind) p.set('kind', v.kind);
  if (v.state !== 'unresolved') p.set('state', v.state);
  if (v.page !== 1) p.set('page', String(v.page));
  if (v.size !== 20) p.set('size', String(v.size));
  return p;
}

/** The gateway's query (`GET /bff/exceptions`): every part said. */
export function exceptionsViewToQuery(v: ExceptionsView): string {
  const p = new URLSearchParams({ state: v.state, page: String(v.page), size: String(v.size) });
  if (v.kind) p.set('kind', v.kind);
  return p.toString();
}
