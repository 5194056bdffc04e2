import type { TFunction } from 'i18next';
import type { ImportJob } from '../../../contract';
import { columnName } from './column-name';
import { COLUMNS } from './sheet/columns';

/**
 * The results sheet of a job: every row of the sheet (placed or not) in sheet order, with its cells
 * as read, the outcome in words, the platform's order number, the freight and the amount (yuan).
 * Every cell is text; the writers (sheet/write.ts) make any that a spreadsheet would run harmless.
 */
export function resultRows(job: ImportJob, t: TFunction): { header: string[]; rows: string[][] } {
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
    const outcome = t(`imports:job.order.${o.state}`) + (o.msg && o.state !== 'placed' ? `: ${o.msg}` : '');
    o.rows.forEach((r, i) =>
      lines.push({
        row: r.row,
        cells: [
          String(r.row),
          ...COLUMNS.map((c) => r.cells[c] ?? ''),
          outcome,
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
