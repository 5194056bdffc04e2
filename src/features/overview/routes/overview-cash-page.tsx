import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { formatCount, formatFen } from '../../../lib/money';
import { DEFAULT_TIME_ZONE, formatMillis, zoneName } from '../../../lib/time';
import { pagerToUrl, read } from '../../../lib/url-view';
import { useLang } from '../../../lib/use-lang';
import { CashRowsView } from '../../account';
import { overviewCashQuery } from '../api/queries';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SIZES = [20, 50, 100] as const;

/**
 * The cash-flow lines behind the overview's paid out or paid back (`/overview/cash-flow?direction=&from=&to=`),
 * read from the order mirror, so that the list holds exactly what the figure adds up, whether or not
 * the mirror has read the latest lines yet: the cash-flow page's columns, a line saying where the rows
 * come from and as of when, and the way to the supplier's list as it is now.
 */
export function OverviewCashPage() {
  const { t } = useTranslation('overview');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const direction = read.oneOf(params, 'direction', ['1', '2'] as const, '1');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = read.int(params, 'page', 1);
  const size = read.oneOf(params, 'size', SIZES, 20);
  const valid = DAY.test(from) && DAY.test(to) && from <= to;
  const list = useQuery({ ...overviewCashQuery({ direction, from, to, page, size }), enabled: valid });
  const onPage = pagerToUrl(setParams, size);
  const supplierList = `/cash-flow?${new URLSearchParams({ direction, from, to })}`;
  return (
    <Stack spacing={2}>
      <PageHeader
        title={t(direction === '1' ? 'cash.out' : 'cash.in')}
        subtitle={valid ? t('cash.days', { from, to, zone: zoneName(DEFAULT_TIME_ZONE, lang) }) : undefined}
        actions={
          <Button component={RouterLink} to="/overview" startIcon={<ArrowBackIcon />}>
            {t('list.back')}
          </Button>
        }
      />
      {!valid ? (
        <Alert severity="info">{t('cash.bad')}</Alert>
      ) : list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Typography variant="body2" color="textSecondary" data-testid="mirror-read">
              {list.data ? (list.data.readAt ? t('cash.read', { time: formatMillis(list.data.readAt, lang) }) : t('cash.notRead')) : ' '}
            </Typography>
            <Button
              component={RouterLink}
              to={supplierList}
              size="small"
              sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
            >
              {t('cash.all')}
            </Button>
          </Stack>
          <Typography variant="body1" data-testid="cash-count">
            {list.data
              ? t('cash.count', { count: list.data.total, money: formatFen(list.data.money, lang), n: formatCount(list.data.total, lang) })
              : ' '}
          </Typography>
          <Suspense fallback={null}>
            <CashRowsView
              rows={list.data?.list}
              total={list.data?.total ?? 0}
              loading={list.isFetching}
              page={page}
              size={size}
              onPage={onPage}
            />
          </Suspense>
        </>
      )}
    </Stack>
  );
}
