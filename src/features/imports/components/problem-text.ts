import type { TFunction } from 'i18next';
import { reasonWords } from '../../cart';
import type { CheckedOrder, Problem } from '../check';
import { columnName } from '../column-name';

/** A problem of a checked order in the person's language, with its row ("Row 5: …"). */
export function problemText(t: TFunction, p: Problem, order: CheckedOrder, lang: string): string {
  const row = p.row === null ? undefined : order.rows.find((r) => r.row === p.row);
  const value = p.column && row ? row.values[p.column] : '';
  const column = p.column ? columnName(t, p.column) : '';
  let text: string;
  if (p.code === 'form') text = t(`cart:form.${p.key}`);
  else if (p.code === 'notSold')
    text = p.key ? t(`cart:reason.${p.key}`, { left: p.left, region: order.address?.province ?? '' }) : reasonWords(t, p.reason, lang);
  else text = t(`imports:problem.${p.code}`, { column, value, count: 'count' in p ? p.count : undefined });
  return p.row === null ? text : t('imports:problem.row', { row: p.row, text });
}
