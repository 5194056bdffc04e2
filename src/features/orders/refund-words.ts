import type { TFunction } from 'i18next';
import type { GoodsLine, OrderRefund } from '../../../contract';
import type { Lang } from '../../../contract/enums';
import { formatFen } from '../../lib/money';
import { formatSeconds } from '../../lib/time';

/**
 * What a goods line says of its refunds (issue 48): "1 of 2 refunded, ¥10.30" while pieces are still
 * sold, "All 2 refunded" once none is, the money alone for a refund of the supplier's own (no pieces),
 * from the refunds the gateway's order mirror counts (each once). Without them (no mirror, not read
 * yet) a refund time on the line says only that a refund was seen, never that the line is refunded.
 * Null: nothing to say.
 */
export function lineRefundWords(
  line: Pick<GoodsLine, 'sn' | 'number' | 'refundTime'>,
  refunds: readonly OrderRefund[] | null | undefined,
  t: TFunction<'orders'>,
  lang: Lang,
): string | null {
  const mine = (refunds ?? []).filter((r) => r.lineSn === line.sn && r.money > 0);
  if (mine.length > 0) {
    const money = formatFen(
      mine.reduce((s, r) => s + r.money, 0),
      lang,
    );
    const pieces = mine.reduce((s, r) => s + r.pieces, 0);
    if (pieces === 0) return t('line.refundedMoney', { money });
    if (pieces >= line.number) return t('line.refundedAll', { of: line.number, money });
    return t('line.refundedSome', { n: pieces, of: line.number, money });
  }
  return line.refundTime > 0 ? t('line.refundSeen', { time: formatSeconds(line.refundTime, lang) }) : null;
}
