import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatFen } from '../../../lib/money';
import { useLang } from '../../../lib/use-lang';

export interface ChannelFreight {
  source: number;
  label: string;
  freight: number;
}

/** What the order will cost and what the balance will be: goods + freight per channel = total; balance now and after. */
export function MoneySummary({ goods, channels, balance }: { goods: number; channels: ChannelFreight[]; balance: number | undefined }) {
  const { t } = useTranslation('cart');
  const lang = useLang();
  const freight = channels.reduce((s, c) => s + c.freight, 0);
  const total = goods + freight;
  const after = balance === undefined ? undefined : balance - total;
  const row = (label: string, fen: number | undefined, testId: string, strong = false, indent = false) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, pl: indent ? 2 : 0 }}>
      <Typography
        variant={strong ? 'subtitle1' : 'body2'}
        color={indent ? 'textSecondary' : undefined}
        sx={{ fontWeight: strong ? 700 : undefined }}
      >
        {label}
      </Typography>
      <Typography
        variant={strong ? 'subtitle1' : 'body2'}
        data-testid={testId}
        data-fen={fen}
        sx={{
          fontVariantNumeric: 'tabular-nums',
          fontWeight: strong ? 700 : undefined,
          color: fen !== undefined && fen < 0 ? 'error.main' : undefined,
        }}
      >
        {fen === undefined ? '…' : formatFen(fen, lang)}
      </Typography>
    </Stack>
  );
  return (
    <Box data-testid="money-summary">
      <Stack spacing={0.75}>
        {row(t('money.goods'), goods, 'sum-goods')}
        {row(t('money.freight'), freight, 'sum-freight')}
        {channels.map((c) => (
          <Box key={c.source}>{row(t('money.freightOf', { channel: c.label }), c.freight, `freight-${c.source}`, false, true)}</Box>
        ))}
        <Divider />
        {row(t('money.total'), total, 'sum-total', true)}
        {row(t('money.balanceNow'), balance, 'balance-now')}
        {row(t('money.balanceAfter'), after, 'balance-after')}
      </Stack>
      {after !== undefined && after < 0 && (
        <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="short-balance">
          {t('money.short', { missing: formatFen(-after, lang) })}
        </Alert>
      )}
    </Box>
  );
}
