import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { TFunction } from 'i18next';
import type { Shipment } from '../../../../contract/schemas/shipments';
import type { Lang } from '../../../../contract/enums';
import { SourceTag } from '../../../components/source-chip';
import { PLAIN_ROWS } from '../../../components/plain-rows';
import { copyToClipboard } from '../../../lib/copy';
import { DEFAULT_TIME_ZONE, formatMillis, formatSeconds, zoneName } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';

/**
 * The packages' own classes on top of the plain rows (src/components/plain-rows.ts): order and
 * tracking numbers in monospace and whole, the goods lines free to wrap, times that may break between
 * day and hour. At 1440 px the seven columns fit in both languages; on a phone each package is a card.
 */
const SHIPMENT_ROWS = {
  '& .sh-code': { fontFamily: 'monospace', fontSize: 13, whiteSpace: 'nowrap' },
  '& .gt-caption.sh-code': { fontSize: 12 },
  '& .gt-cell, & .MuiTableCell-root': { paddingLeft: '10px', paddingRight: '10px' },
  '& .gt-cell:first-of-type, & .MuiTableCell-root:first-of-type': { paddingLeft: '16px' },
  '& .gt-cell:last-of-type, & .MuiTableCell-root:last-of-type': { paddingRight: '16px' },
  '& .sh-time': { minWidth: 84 },
  '& .sh-lines': { minWidth: 200, margin: 0, padding: 0, listStyle: 'none' },
  '& .sh-tracking': { display: 'flex', alignItems: 'center', gap: '2px' },
  '& .sh-not-yet': { color: 'text.secondary' },
} as const;
const ROW_STYLES = [PLAIN_ROWS, SHIPMENT_ROWS];

export interface RowTexts {
  t: TFunction<'shipments'>;
  lang: Lang;
}

/** A tracking number with a button that copies it (the shop's back-end wants it pasted). */
export function Tracking({ no, t }: { no: string; t: TFunction<'shipments'> }) {
  return (
    <span className="sh-tracking">
      <span className="sh-code" data-testid="shipment-tracking">
        {no}
      </span>
      <IconButton
        size="small"
        aria-label={t('row.copy', { no })}
        title={t('row.copy', { no })}
        onClick={() => void copyToClipboard(no, t('row.copied', { no }), t('row.copyFailed'))}
      >
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </span>
  );
}

export function Lines({ s, t }: { s: Shipment; t: TFunction<'shipments'> }) {
  return (
    <ul className="sh-lines">
      {s.lines.map((l, i) => (
        <li key={i}>
          {/* A name that already ends with its spec (some goods are named so) says it once. */}
          {t('row.line', { name: l.name, spec: l.spec && !l.name.endsWith(l.spec) ? l.spec : '', quantity: l.quantity }).replace(
            /\s+×/,
            ' ×',
          )}
        </li>
      ))}
    </ul>
  );
}

const ShipmentRow = memo(function ShipmentRow({ s, t, lang }: { s: Shipment } & RowTexts) {
  return (
    <tr
      className="gt-row"
      data-testid="shipment-row"
      data-id={s.id}
      data-shop-sn={s.shopOrderSn}
      data-state={s.exportedAt === null ? 'new' : 'exported'}
    >
      <td className="gt-cell">
        <div className="gt-stack">
          <span className="sh-code">{s.shopOrderSn}</span>
          <RouterLink
            className="gt-link gt-caption sh-code"
            to={`/orders/${encodeURIComponent(s.orderSn)}`}
            aria-label={t('row.openOrder', { sn: s.orderSn })}
          >
            {s.orderSn}
          </RouterLink>
        </div>
      </td>
      <td className="gt-cell">
        <SourceTag source={s.channel} lang={lang} />
      </td>
      <td className="gt-cell" data-testid="shipment-courier">
        {s.courierName || s.courierCode}
      </td>
      <td className="gt-cell">
        <Tracking no={s.trackingNo} t={t} />
      </td>
      <td className="gt-cell sh-time">{formatSeconds(s.shippedAt, lang)}</td>
      <td className="gt-cell">
        <Lines s={s} t={t} />
      </td>
      <td className="gt-cell sh-time" data-testid="shipment-exported">
        {s.exportedAt === null ? <span className="sh-not-yet">{t('row.notYet')}</span> : formatMillis(s.exportedAt, lang)}
      </td>
    </tr>
  );
});

/** The packages at desktop widths: one row each, with its order, channel, courier, number, time, goods and hand-over. */
export function ShipmentsTable({ rows, loading }: { rows: Shipment[] | undefined; loading: boolean }) {
  const { t } = useTranslation('shipments');
  const lang = useLang();
  const zone = zoneName(DEFAULT_TIME_ZONE, lang);
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{loading && rows && <LinearProgress aria-label={t('list.label')} />}</Box>
      <TableContainer>
        <Table size="small" aria-label={t('list.label')} sx={ROW_STYLES}>
          <TableHead>
            <TableRow>
              <TableCell>
                <div className="gt-stack">
                  <span>{t('columns.shopOrderSn')}</span>
                  <span className="gt-caption">{t('columns.orderSn')}</span>
                </div>
              </TableCell>
              <TableCell>{t('columns.channel')}</TableCell>
              <TableCell>{t('columns.courier')}</TableCell>
              <TableCell>{t('columns.trackingNo')}</TableCell>
              <TableCell title={zone}>{t('columns.shippedAt')}</TableCell>
              <TableCell>{t('columns.lines')}</TableCell>
              <TableCell title={zone}>{t('columns.exportedAt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows
              ? rows.map((s) => <ShipmentRow key={s.id} s={s} t={t} lang={lang} />)
              : Array.from({ length: 6 }, (_, i) => (
                  <TableRow key={i} aria-hidden>
                    <TableCell colSpan={7}>
                      <Skeleton width="70%" />
                    </TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** The same packages on a phone: a card each, the numbers on lines of their own so nothing is wider than the screen. */
export function ShipmentCards({ rows, loading }: { rows: Shipment[] | undefined; loading: boolean }) {
  const { t } = useTranslation('shipments');
  const lang = useLang();
  if (!rows) return <Skeleton variant="rounded" height={240} />;
  return (
    <Box sx={ROW_STYLES}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('list.label')} />}</Box>
      <Box component="ul" aria-label={t('list.label')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {rows.map((s) => (
          <Paper
            component="li"
            variant="outlined"
            key={s.id}
            sx={{ p: 1.5, typography: 'body2', minWidth: 0 }}
            data-testid="shipment-row"
            data-id={s.id}
            data-shop-sn={s.shopOrderSn}
            data-state={s.exportedAt === null ? 'new' : 'exported'}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <span className="sh-code" style={{ fontWeight: 600, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                {s.shopOrderSn}
              </span>
              <SourceTag source={s.channel} lang={lang} />
            </Box>
            <RouterLink
              className="gt-link gt-caption sh-code"
              style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}
              to={`/orders/${encodeURIComponent(s.orderSn)}`}
              aria-label={t('row.openOrder', { sn: s.orderSn })}
            >
              {s.orderSn}
            </RouterLink>
            <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, mt: 0.5 }}>
              <span data-testid="shipment-courier">{s.courierName || s.courierCode}</span>
              <Tracking no={s.trackingNo} t={t} />
            </Box>
            <Lines s={s} t={t} />
            <Box sx={{ color: 'text.secondary', typography: 'caption', mt: 0.5 }}>
              {t('columns.shippedAt')} {formatSeconds(s.shippedAt, lang)} ·{' '}
              <span data-testid="shipment-exported">
                {s.exportedAt === null ? t('row.notYetLong') : t('row.handedOver', { time: formatMillis(s.exportedAt, lang) })}
              </span>
            </Box>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
