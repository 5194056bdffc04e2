import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { Order } from '../../../../contract';
import { ColumnsChooser, useRememberedColumnSet } from '../../../components/columns-menu';
import { EmptyState } from '../../../components/empty-state';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { saveOrdersCsv } from '../export';
import { OrderDrawer, useOrderDrawer } from './order-drawer';
import { ORDER_COLUMNS, OrdersTable } from './orders-table';

/**
 * Orders from a list other than the upstream's (the overview's, read from the order mirror) with the
 * order page's columns (remembered with its choice), paging, CSV file and drawer. `loadAll` reads
 * every row for the file, page by page.
 */
export function OrderRowsView({
  rows,
  total,
  loading,
  page,
  size,
  onPage,
  loadAll,
  fileName,
}: {
  rows: Order[] | undefined;
  total: number | undefined;
  loading: boolean;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
  loadAll: (onProgress: (done: number, of: number) => void) => Promise<Order[]>;
  fileName: string;
}) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  const text = useErrorText();
  const [openSn, openOrder] = useOrderDrawer();
  const [columns, setColumns] = useRememberedColumnSet('orders', ORDER_COLUMNS);
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null);
  const exportCsv = async () => {
    setExporting({ done: 0, total: 1 });
    try {
      const all = await loadAll((done, of) => setExporting({ done, total: of }));
      void toast(t('list.exported', { count: saveOrdersCsv(all, t, lang, fileName) }), { variant: 'success' });
    } catch (e) {
      void toast(text(e), { variant: 'error' });
    } finally {
      setExporting(null);
    }
  };
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" color="textSecondary" aria-live="polite" data-testid="order-count">
          {total !== undefined ? t('list.results', { count: total }) : ' '}
        </Typography>
        <Stack direction="row" spacing={1}>
          <ColumnsChooser all={ORDER_COLUMNS} columns={columns} label={(c) => t(`columns.${c}`)} onChange={setColumns} />
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => void exportCsv()}
            loading={exporting !== null}
            disabled={!total}
          >
            {t('list.export')}
          </Button>
        </Stack>
      </Stack>
      {exporting && (
        <Stack>
          <Typography variant="caption">{t('list.exporting', exporting)}</Typography>
          <LinearProgress variant="determinate" value={(exporting.done / exporting.total) * 100} aria-label={t('list.export')} />
        </Stack>
      )}
      {total === 0 ? (
        <Paper variant="outlined">
          <EmptyState title={t('list.empty')} />
        </Paper>
      ) : (
        <OrdersTable
          rows={rows}
          rowCount={total ?? 0}
          loading={loading}
          page={page}
          size={size}
          onPage={onPage}
          columns={columns}
          onOpen={openOrder}
        />
      )}
      <OrderDrawer sn={openSn} onClose={() => openOrder(null)} />
    </Stack>
  );
}
