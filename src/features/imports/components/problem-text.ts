import type { TFunction } from 'i18next';
import { reasonWords } from '../../cart';
import type { CheckedOrder, Problem } from '../check';
import { columnName } from '../column-name';
import { addressGroups } from '../sheet/rows';

/** Rows by their numbers: "Row 7", "Rows 7, 8" / "第 7 行", "第 7、8 行". */
export const rowsText = (t: TFunction, rows: number[], lang: string) =>
  t('imports:table.rows', { count: rows.length, rows: rows.join(lang === 'en' ? ', ' : '、') });

/**
 * A problem of a checked order in the person's language, with its row ("Row 5: …"); `bare` leaves the
 * row out (a field of that row says it). An order whose rows go to different people is said once, for
 * the order, naming each group of rows by its consignee.
 */
export function problemText(t: TFunction, p: Problem, order: CheckedOrder, lang: string, bare = false): string {
  if (p.code === 'sharedNumber') {
    const groups = addressGroups(order.rows).map((g) =>
      t('imports:problem.sharedGroup', {
        rows: rowsText(t, g, lang),
        name: order.rows.find((r) => r.row === g[0])?.values.consignee ?? '',
      }),
    );
    return t('imports:problem.sharedNumber', { sn: order.orderSn, groups: groups.join(lang === 'en' ? '; ' : '；') });
  }
  if (p.code === 'saleConflict') {
    // Each row that says an amount, with it: the person sees which rows disagree.
    const amounts = order.rows.filter((r) => r.values.sale).map((r) => `${rowsText(t, [r.row], lang)} ${r.values.sale}`);
    return t('imports:problem.saleConflict', { sn: order.orderSn, amounts: amounts.join(lang === 'en' ? '; ' : '；') });
  }
  const row = p.row === null ? undefined : order.rows.find((r) => r.row === p.row);
  const value = p.column && row ? row.values[p.column] : '';
  const column = p.column ? columnName(t, p.column) : '';
  let text: string;
  if (p.code === 'form') text = t(`cart:form.${p.key}`);
  else if (p.code === 'notSold')
    text = p.key ? t(`cart:reason.${p.key}`, { left: p.left, region: order.address?.province ?? '' }) : reasonWords(t, p.reason, lang);
  else text = t(`imports:problem.${p.code}`, { column, value, count: 'count' in p ? p.count : undefined });
  return p.row === null || bare ? text : t('imports:problem.row', { row: p.row, text });
}
