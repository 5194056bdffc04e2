import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ErrorState } from '../../../components/error-state';
import { formatFen } from '../../../lib/money';
import { formatSeconds } from '../../../lib/time';
import { useLang } from '../../../lib/use-lang';
import { findOrderQuery } from '../api/queries';
import { AfterSaleEntry } from './after-sale-entry';

/** "New request": find the order by the merchant's or the platform's number, then pick the goods line. */
export function NewRequestDialog({
  open,
  onClose,
  onDone,
  initialNumber = '',
}: {
  open: boolean;
  onClose: () => void;
  onDone: (id: number) => void;
  /** An order number to look up at once (from the address: the palette's "new after-sale request for …"). */
  initialNumber?: string;
}) {
  const { t } = useTranslation('afterSale');
  const lang = useLang();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [typed, setTyped] = useState(initialNumber);
  const [number, setNumber] = useState(initialNumber);
  const found = useQuery({ ...findOrderQuery(number), enabled: number !== '' });
  const orders = found.data?.list ?? [];

  return (
    <Dialog open={open} onClose={onClose} fullScreen={phone} maxWidth="md" fullWidth aria-labelledby="as-new-title">
      <DialogTitle id="as-new-title">{t('newRequest.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ mb: 2, pt: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            setNumber(typed.trim());
          }}
        >
          <TextField
            size="small"
            label={t('newRequest.number')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            helperText={t('newRequest.numberHint')}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={!typed.trim()}>
              {t('newRequest.find')}
            </Button>
          </Box>
        </Stack>
        {found.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {found.isError && <ErrorState error={found.error} onRetry={() => void found.refetch()} />}
        {found.isSuccess && orders.length === 0 && <Typography color="textSecondary">{t('newRequest.none', { number })}</Typography>}
        {orders.map((o) => (
          <Box key={o.sn} sx={{ mb: 2 }} data-testid="found-order">
            <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
              {t('newRequest.order', { thirdSn: o.thirdSn, sn: o.sn, time: formatSeconds(o.createdTime, lang) })}
            </Typography>
            <Divider sx={{ my: 1 }} />
            {o.children.flatMap((c) =>
              c.goods.map((g) => (
                <Stack
                  key={g.sn}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  sx={{ py: 1, alignItems: { sm: 'center' } }}
                  data-testid="found-line"
                >
                  {g.image && (
                    <Box component="img" src={g.image} alt="" sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1 }} />
                  )}
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ overflowWrap: 'anywhere' }}>{g.name}</Typography>
                    <Typography variant="body2" color="textSecondary">
                      {t('newRequest.line', { skuName: g.skuName, sku: g.sku, number: g.number, price: formatFen(g.price, lang) })}
                    </Typography>
                  </Box>
                  <AfterSaleEntry
                    line={{
                      orderSn: o.thirdSn,
                      sku: g.sku,
                      lineSn: g.sn,
                      name: g.name,
                      skuName: g.skuName,
                      image: g.image,
                      price: g.price,
                      number: g.number,
                      freight: c.logisticFee,
                      address: { ...o.address, description: o.address.description ?? '' },
                    }}
                    onDone={onDone}
                  />
                </Stack>
              )),
            )}
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('newRequest.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
