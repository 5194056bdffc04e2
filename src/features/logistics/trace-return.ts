/**
 * A parcel refused at the door and sent back, in the courier's own (Chinese) events: the supplier's
 * trace says `收件人拒收，包裹退回商家` when it turns back and `退回包裹已由商家签收…` when it is back.
 */
const REFUSED = /拒收|拒签|退回|退件|退货中/;
const BACK = /(退回|退件).*(已签收|签收)|(商家|发件人|寄件人)已?签收/;

/** Whether a parcel's trace (newest first) says it was refused and goes back, or is back. Null: neither. */
export function traceReturn(list: readonly { message: string }[]): 'returning' | 'back' | null {
  if (list.some((e) => BACK.test(e.message) && REFUSED.test(e.message))) return 'back';
  if (list.some((e) => REFUSED.test(e.message))) return 'returning';
  return null;
}
