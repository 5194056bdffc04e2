import { Suspense, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { AfterSaleRecord } from '../../../../contract';
import { afterSaleApprovedResult } from '../../../../contract/enums';
import { ErrorState } from '../../../components/error-state';
import { lazyNamed } from '../../../lib/lazy';
import { formatFen } from '../../../lib/money';
import { formatSeconds } from '../../../lib/time';
import { copyToClipboard } from '../../../lib/copy';
import { useLang } from '../../../lib/use-lang';
import { useCan } from '../../account';
import { afterSaleDetailQuery, firmsQuery } from '../api/queries';
import { codeName, rememberedNamesQuery } from '../names';
import { sendsGoodsBack, timeline } from '../timeline';
import { StatusChip } from './status-chip';
import { TimelineView } from './timeline-view';

// The gallery and the mailing form (forms, validation, the uploader) load only when a record has them.
const Gallery = lazyNamed(() => import('./gallery'), 'Gallery');
const MailForm = lazyNamed(() => import('./mail-form'), 'MailForm');

const ADDRESS_KEYS = ['consignee', 'phone', 'province', 'city', 'area', 'street', 'description'] as const;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title} data-testid={testId}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '170px 1fr' }, columnGap: 2, rowGap: 0.75, m: 0 }}>
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" color="textSecondary" variant="body2">
            {k}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** An after-sale record in words: the request, its timeline, vouchers, contact, return address, mailing. */
export function AfterSaleDetailView({ id, headingLevel = 'h2' }: { id: number; headingLevel?: 'h1' | 'h2' }) {
  const { t } = useTranslation('afterSale');
  const lang = useLang();
  const can = useCan();
  const q = useQuery(afterSaleDetailQuery(id));
  const r = q.data;
  const mailed = !!r?.sendData?.company;
  const firms = useQuery({ ...firmsQuery(), enabled: mailed });
  const remembered = useQuery(rememberedNamesQuery(id));
  if (q.isLoading) return <Skeleton variant="rounded" height={400} />;
  if (q.isError || !r) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;

  const names = remembered.data ?? {};
  const waitsForMail = r.status === 2 && sendsGoodsBack(r);
  const seller = r.sellerInfo && r.sellerInfo.address ? r.sellerInfo : null;
  const sellerText = seller ? `${seller.realName} ${seller.phone} ${seller.address}` : '';
  const courier = mailed ? (firms.data?.find((f) => f.sn === r.sendData!.company)?.name ?? r.sendData!.company) : '';
  const user = (r.userInfo ?? {}) as Partial<Record<(typeof ADDRESS_KEYS)[number], string>>;
  const mainSn = r.orderSn3.split('_')[0];

  const copy = () => copyToClipboard(sellerText, t('detail.copied'), t('detail.copyFailed'));

  return (
    <Stack spacing={2} data-testid="after-sale-detail" data-status={r.status}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component={headingLevel} sx={{ fontWeight: 700 }}>
          {t('detail.title', { id: r.id })}
        </Typography>
        <StatusChip status={r.status} />
        <Typography variant="body2" color="textSecondary">
          {afterSaleApprovedResult.label(r.approvedResult ?? 0, lang)}
        </Typography>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Section title={t('detail.request')}>
          <Fields
            rows={[
              [t('fields.goods'), `${names.goods ? `${names.goods}${names.skuName ? ` · ${names.skuName}` : ''} · ` : ''}SKU ${r.sku}`],
              [
                t('fields.order'),
                <>
                  <Link component={RouterLink} to={`/orders/${mainSn}`}>
                    {r.orderSn}
                  </Link>{' '}
                  <Typography component="span" variant="caption" color="textSecondary">
                    ({r.orderSn3})
                  </Typography>
                </>,
              ],
              [t('fields.service'), codeName('service', r.serviceTypeCode, names, lang)],
              [t('fields.reason'), codeName('reason', r.reasonsTypeCode, names, lang)],
              [t('fields.description'), r.reasonsDescription || '—'],
              ...(r.pickTypeCode ? ([[t('fields.pick'), codeName('pick', r.pickTypeCode, names, lang)]] as [string, string][]) : []),
              ...(r.packageTypeCode
                ? ([[t('fields.package'), codeName('package', r.packageTypeCode, names, lang)]] as [string, string][])
                : []),
              ...(r.returnTypeCode
                ? ([[t('fields.return'), codeName('return', r.returnTypeCode, names, lang)]] as [string, string][])
                : []),
              [t('fields.num'), String(r.num)],
              [t('fields.goodsFee'), formatFen(r.goodsFee, lang)],
              [t('fields.logisticFee'), formatFen(r.logisticFee, lang)],
              [t('fields.refundFee'), r.refundFee ? formatFen(r.refundFee, lang) : t('detail.notYet')],
              [t('fields.created'), formatSeconds(r.createdTime, lang)],
            ]}
          />
        </Section>
        <Section title={t('detail.timeline')}>
          <TimelineView steps={timeline(r)} appliedAt={formatSeconds(r.createdTime, lang)} />
        </Section>
      </Box>
      <Section title={t('fields.vouchers')}>
        {r.vouchers?.length ? (
          <Suspense fallback={<Skeleton variant="rounded" height={96} />}>
            <Gallery urls={r.vouchers} label={t('fields.vouchers')} />
          </Suspense>
        ) : (
          <Typography variant="body2" color="textSecondary">
            {t('detail.noVouchers')}
          </Typography>
        )}
      </Section>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Section title={t('fields.contact')}>
          {ADDRESS_KEYS.some((k) => user[k]) ? (
            <Fields rows={ADDRESS_KEYS.filter((k) => user[k]).map((k) => [t(`contact.${k}`), user[k] ?? ''] as [string, string])} />
          ) : (
            <Typography variant="body2" color="textSecondary">
              {t('detail.noContact')}
            </Typography>
          )}
        </Section>
        {sendsGoodsBack(r) && (
          <Section title={t('detail.seller')} testId="seller-address">
            {seller ? (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Fields
                  rows={[
                    [t('detail.sellerName'), seller.realName],
                    [t('detail.sellerPhone'), seller.phone],
                    [t('detail.sellerAddress'), seller.address],
                  ]}
                />
                <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
                  {t('detail.copy')}
                </Button>
              </Stack>
            ) : (
              <Typography variant="body2" color="textSecondary">
                {t('detail.sellerLater')}
              </Typography>
            )}
          </Section>
        )}
      </Box>
      {mailed && <MailedSection r={r} courier={courier} />}
      {waitsForMail && (
        <Section title={t('mail.title')} testId="mail-section">
          {can.op('afterSale.mail') ? (
            <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
              <MailForm id={r.id} orderSn={r.orderSn} sku={r.sku} />
            </Suspense>
          ) : (
            <Typography variant="body2" color="textSecondary">
              {t('mail.notYours')}
            </Typography>
          )}
        </Section>
      )}
    </Stack>
  );
}

function MailedSection({ r, courier }: { r: AfterSaleRecord; courier: string }) {
  const { t } = useTranslation('afterSale');
  const s = r.sendData!;
  return (
    <Section title={t('detail.mailed')} testId="mailed">
      <Fields
        rows={[
          [t('mail.company'), courier],
          [t('mail.sn'), s.sn || '—'],
          [t('mail.description'), s.description || '—'],
        ]}
      />
      {s.vouchers?.length ? (
        <>
          <Divider sx={{ my: 1 }} />
          <Suspense fallback={<Skeleton variant="rounded" height={96} />}>
            <Gallery urls={s.vouchers} label={t('mail.vouchers')} />
          </Suspense>
        </>
      ) : null}
    </Section>
  );
}
