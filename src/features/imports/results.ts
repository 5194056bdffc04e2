import type { TFunction } from 'i18next';
import type { ImportJob } from '../../../contract';
import { columnName } from './column-name';
import { outcomeNote } from './refusal-words';
import { COLUMNS } from './sheet/columns';

/**
 * The results sheet of a job: every row of the sheet (placed or not) in sheet order, with its cells
 * as read, the outcome in words, the platform's order number, the freight and the amount (yuan).
 * A row keeps the order number its sheet gave it: one placed under another (given its own on the
 * page, as when two customers shared a number) says under which in its outcome; a row dropped on the
 * page is a row not sent, and says so.
 * Every cell is text; the writers (sheet/write.ts) make any that a spreadsheet would run harmless.
 */
export function resultRows(job: ImportJob, t: TFunction, lang = 'zh-CN'): { header: string[]; rows: string[][] } {
  const header = [
    t('imports:result.row'),
    ...COLUMNS.map((c) => columnName(t, c)),
    t('imports:result.outcome'),
    t('imports:result.platformSn'),
    t('imports:result.freight'),
    t('imports:result.amount'),
  ];
  const yuan = (fen: number | null) => (fen === null ? '' : (fen / 100).toFixed(2));
  const lines: { row: number; cells: string[] }[] = [];
  for (const o of job.orders) {
    const state = t(`imports:job.order.${o.state}`);
    // A refusal in the sheet's language (the page's), amounts in yuan, from its parts as the gateway read them; other notes as they came.
    const note = outcomeNote(t, o, lang);
    const msg = note ? `: ${note}` : '';
    o.rows.forEach((r, i) =>
      lines.push({
        row: r.row,
        cells: [
          String(r.row),
          ...COLUMNS.map((c) => r.cells[c] ?? ''),
          state + (r.cells.orderSn && r.cells.orderSn !== o.orderSn ? t('imports:result.moved', { sn: o.orderSn }) : '') + msg,
          o.platformSn ?? '',
          i === 0 ? yuan(o.freight) : '',
          i === 0 ? yuan(o.amount ?? (o.state === 'placed' ? o.goods + o.freight : null)) : '',
        ],
      }),
    );
  }
  for (const s of job.skipped)
    lines.push({
      row: s.row.row,
      cells: [
        String(s.row.row),
        ...COLUMNS.map((c) => s.row.cells[c] ?? ''),
        t('imports:result.skipped', { reason: s.reason }),
        '',
        '',
        '',
      ],
    });
  lines.sort((a, b) => a.row - b.row);
  return { header, rows: lines.map((l) => l.cells) };
}
