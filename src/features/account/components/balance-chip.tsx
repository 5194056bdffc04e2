import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import { formatFen } from '../../../lib/money';
import { useLang } from '../../../lib/use-lang';
import { useCan } from '../session';
import { balanceQuery } from '../api/money';

/** The balance at the supplier in the app bar, for the roles that may read it; it links to the cash flow where that is allowed. */
export function BalanceChip() {
  const can = useCan();
  if (!can.op('account.balance')) return null;
  return <Balance withLink={can.op('account.cashFlow')} />;
}

function Balance({ withLink }: { withLink: boolean }) {
  const { t } = useTranslation('money');
  const lang = useLang();
  const balance = useQuery(balanceQuery());
  const label = balance.data !== undefined ? formatFen(balance.data, lang) : balance.isError ? t('balanceUnknown') : '…';
  const title = balance.isError ? t('balanceError') : t('balanceHint');
  return (
    <Chip
      icon={<AccountBalanceWalletOutlinedIcon />}
      variant="outlined"
      color={balance.isError ? 'warning' : 'default'}
      label={label}
      title={title}
      aria-label={`${t('balance')}: ${label}`}
      data-testid="balance"
      data-fen={balance.data}
      {...(withLink ? { component: RouterLink, to: '/cash-flow', clickable: true } : {})}
      sx={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0, '& .MuiChip-label': { px: { xs: 0.75, sm: 1.5 } } }}
    />
  );
}
