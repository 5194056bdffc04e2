import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GoodsDetail } from '../../../../contract';
import { formatCount, formatFen } from '../../../lib/money';
import { useLang } from '../../../lib/use-lang';

type Specs = GoodsDetail['specs'];

/**
 * SKU options as a matrix of specs: with two spec names, rows are the first and columns the second,
 * each cell the price and stock of that option; otherwise one row per option.
 */
export function SkuMatrix({ specs }: { specs: Specs }) {
  const { t } = useTranslation('catalogue');
  const lang = useLang();
  const names = [...specs.names].sort((a, b) => a.sort - b.sort);
  const valuesOf = (nameId: number) => specs.values.filter((v) => v.spec_name_id === nameId).sort((a, b) => a.sort - b.sort);
  const cell = (o: Specs['options'][number] | undefined) =>
    o ? (
      <>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatFen(o.agreement_price, lang)}
        </Typography>
        <Typography variant="caption" color={o.stock > 0 ? 'textSecondary' : 'error'}>
          {o.stock > 0 ? `${t('detail.stock')} ${formatCount(o.stock, lang)}` : t('detail.outOfStock')}
        </Typography>
      </>
    ) : (
      '—'
    );
  const optionFor = (...valueIds: number[]) =>
    specs.options.find((o) => valueIds.every((id) => o.spec_value_ids.split(/[_,]/).includes(String(id))));

  if (names.length === 2) {
    const [rowName, colName] = names as [(typeof names)[number], (typeof names)[number]];
    return (
      <TableContainer>
        <Table size="small" aria-label={t('detail.skus')}>
          <TableHead>
            <TableRow>
              <TableCell>
                {rowName.name} × {colName.name}
              </TableCell>
              {valuesOf(colName.id).map((c) => (
                <TableCell key={c.id}>{c.name}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {valuesOf(rowName.id).map((r) => (
              <TableRow key={r.id}>
                <TableCell component="th" scope="row">
                  {r.name}
                </TableCell>
                {valuesOf(colName.id).map((c) => (
                  <TableCell key={c.id} data-testid="sku-cell">
                    {cell(optionFor(r.id, c.id))}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={t('detail.skus')}>
        <TableHead>
          <TableRow>
            <TableCell>{names.map((n) => n.name).join(' / ') || t('detail.sku')}</TableCell>
            <TableCell>{t('detail.price')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {specs.options.map((o) => (
            <TableRow key={o.id}>
              <TableCell>{o.spec_value_names}</TableCell>
              <TableCell data-testid="sku-cell">{cell(o)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
