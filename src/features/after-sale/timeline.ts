import type { AfterSaleRecord } from '../../../contract';
import { afterSaleServiceType } from '../../../contract/enums';

export type StepKey =
  'applied' | 'reviewed' | 'agreed' | 'refused' | 'awaitingMail' | 'mailed' | 'received' | 'refunded' | 'exchanged' | 'closed';
export type StepState = 'done' | 'current' | 'todo';
export interface Step {
  key: StepKey;
  state: StepState;
}

/** Status codes of the contract's enum (after-sale-status.ts). */
const S = { review: 1, awaitingMail: 2, done: 3, refused: 4, mailed: 5, closed: 6 } as const;

/**
 * Does this request send goods back? Known by its service code (a refund does not), else by what
 * the record shows (it waited for, or has, mailing info).
 */
export function sendsGoodsBack(r: Pick<AfterSaleRecord, 'serviceTypeCode' | 'status' | 'sendData'>): boolean {
  if (r.serviceTypeCode === '40') return false;
  if (afterSaleServiceType.has(r.serviceTypeCode)) return true;
  return r.status === S.awaitingMail || r.status === S.mailed || !!r.sendData?.company;
}

/**
 * The steps of a request as far as its record tells: applied, reviewed, agreed or refused, waiting
 * for mailing, mailed, received, refunded or exchanged, closed. Steps reached are done, the next one
 * is current, the rest to do.
 */
export function timeline(r: Pick<AfterSaleRecord, 'serviceTypeCode' | 'status' | 'approvedResult' | 'sendData' | 'refundFee'>): Step[] {
  const back = sendsGoodsBack(r);
  const exchange = r.serviceTypeCode === '20' || (back && r.status === S.done && !r.refundFee);
  if (r.status === S.refused || r.approvedResult === 2) {
    return mark(['applied', 'reviewed', 'refused', 'closed'], 4);
  }
  const keys: StepKey[] = back
    ? ['applied', 'reviewed', 'agreed', 'awaitingMail', 'mailed', 'received', exchange ? 'exchanged' : 'refunded', 'closed']
    : ['applied', 'reviewed', 'agreed', 'refunded', 'closed'];
  let reached: number;
  switch (r.status) {
    case S.review:
      reached = 1;
      break;
    case S.awaitingMail:
      // Agreed: a return now waits for mailing info; a refund is being paid.
      reached = 3;
      break;
    case S.mailed:
      reached = 5;
      break;
    case S.done:
    case S.closed:
      reached = keys.length;
      break;
    default:
      reached = 1;
  }
  return mark(keys, reached);
}

function mark(keys: StepKey[], reached: number): Step[] {
  return keys.map((key, i) => ({ key, state: i < reached ? 'done' : i === reached ? 'current' : 'todo' }));
}
