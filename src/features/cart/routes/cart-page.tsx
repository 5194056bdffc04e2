import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, RequestReference } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { callOp } from '../../../lib/bff';
import { formatFen } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useLang } from '../../../lib/use-lang';
import { balanceQuery, useCan } from '../../account';
import { invalidateOrderData } from '../../orders';
import { addressesQuery, cartKeys, cartQuery, closeDraft, draftQuery, freshQuery, useSaveCart, useSaveDraft } from '../api/cart';
import { placeOrder, joinFresh, skusOf, type PlaceResult } from '../checkout';
import { AddressStep } from '../components/address-step';
import { addressFormSchema, EMPTY_ADDRESS, type AddressValues } from '../components/address-form';
import { AvailabilityStep, sellableSkus } from '../components/availability-step';
import { LinesStep, qtyOk } from '../components/lines-step';
import { PrecheckStep, readPrecheck } from '../components/precheck-step';
import { parseSaleCell } from '../../../../contract/schemas/sale';

const STEPS = ['lines', 'address', 'availability', 'precheck', 'submit'] as const;

/** The cart and its checkout, for people who place orders. */
export function CartPage() {
  const can = useCan();
  const { t } = useTranslation('app');
  if (!can.op('order.submit'))
    return (
      <Alert severity="warning" sx={{ my: 4 }}>
        {t('errors.forbidden')}
      </Alert>
    );
  return <Checkout />;
}

/** Lines, address, availability, pre-check, submit. */
function Checkout() {
  const { t } = useTranslation('cart');
  const lang = useLang();
  const text = useErrorText();
  const can = useCan();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const qc = useQueryClient();
  const navigate = useNavigate();

  const cart = useQuery(cartQuery());
  const lines = cart.data?.lines ?? [];
  const goodsIds = [...new Set(lines.map((l) => l.goodsId))].sort((a, b) => a - b);
  const fresh = useQuery(freshQuery(goodsIds));
  const views = joinFresh(lines, fresh.data);
  const saveCart = useSaveCart();
  const draft = useQuery(draftQuery());
  const { mutate: writeDraft } = useSaveDraft();
  const book = useQuery(addressesQuery());
  const balance = useQuery({ ...balanceQuery(), enabled: can.op('account.balance') });

  const [step, setStep] = useState(0);
  const [strict, setStrict] = useState(false);
  // What the buyer paid, as typed (yuan): fen once, here at the form's edge; empty is no amount.
  const [saleText, setSaleText] = useState('');
  const sale = parseSaleCell(saleText);
  const form = useForm<AddressValues>({ resolver: zodResolver(addressFormSchema), defaultValues: EMPTY_ADDRESS, mode: 'onTouched' });

  // What was typed comes back from the draft once (a reload, another tab), then is written back as it changes.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !draft.data) return;
    restored.current = true;
    if (draft.data.address) form.reset({ ...EMPTY_ADDRESS, ...draft.data.address }, { keepDefaultValues: true });
    setStrict(draft.data.strictMode ?? false);
  }, [draft.data, form]);
  const address = form.watch();
  const addressKey = JSON.stringify(address);
  useEffect(() => {
    if (!restored.current) return;
    const timer = setTimeout(() => writeDraft({ address: JSON.parse(addressKey) as AddressValues, strictMode: strict }), 600);
    return () => clearTimeout(timer);
  }, [addressKey, strict, writeDraft]);

  const setLines = (next: typeof lines) => saveCart.mutate({ lines: next });
  const remove = (sku: number) => setLines(lines.filter((l) => l.sku !== sku));
  const setQty = (sku: number, n: number) => setLines(lines.map((l) => (l.sku === sku ? { ...l, number: n } : l)));
  const acceptPrice = (sku: number, price: number) => setLines(lines.map((l) => (l.sku === sku ? { ...l, price } : l)));

  const orderAddress = addressFormSchema.safeParse(address);
  const spu = lines.map((l) => ({ sku: l.sku, number: l.number }));
  const availability = useQuery({
    queryKey: [...cartKeys.all, 'available', spu, orderAddress.data],
    queryFn: ({ signal }) => callOp('order.availableCheck', { spu, address: orderAddress.data! }, { signal }),
    enabled: step === 2 && orderAddress.success && spu.length > 0,
    staleTime: 0,
    gcTime: 60_000,
  });
  const priced = lines.map((l) => ({ sku: l.sku, number: l.number, price: l.price }));
  const precheck = useQuery({
    queryKey: [...cartKeys.all, 'precheck', priced, orderAddress.data],
    queryFn: ({ signal }) => callOp('order.beforeCheck', { spu: priced, address: orderAddress.data! }, { signal }),
    enabled: step >= 3 && orderAddress.success && spu.length > 0,
    staleTime: 0,
    gcTime: 60_000,
  });
  const pre = precheck.data ? readPrecheck(precheck.data, views, lang) : null;

  // Submitting: one attempt at a time; every attempt of this checkout carries the draft's order number.
  const [result, setResult] = useState<PlaceResult | null>(null);
  const [placing, setPlacing] = useState(false);
  const busy = useRef(false);
  const submit = async () => {
    if (busy.current || !draft.data || !orderAddress.success || sale === null) return;
    busy.current = true;
    setPlacing(true);
    setResult(null);
    const orderSn = draft.data.orderSn;
    try {
      const r = await placeOrder({ orderSn, spu: priced, address: orderAddress.data, strictMode: strict, sale });
      if (r.kind === 'failed') {
        setResult(r);
        return;
      }
      // The order exists (paid, or kept for a short balance): its lines leave the cart and the draft closes.
      const placed = r.order ? skusOf(r.order) : new Set(priced.map((p) => p.sku));
      const left = (qc.getQueryData(cartKeys.cart()) as typeof cart.data)?.lines.filter((l) => !placed.has(l.sku)) ?? [];
      saveCart.mutate({ lines: left });
      await closeDraft(orderSn).catch(() => undefined);
      await Promise.all([
        invalidateOrderData(qc),
        qc.invalidateQueries({ queryKey: ['orders'] }),
        qc.invalidateQueries({ queryKey: ['account'] }),
        qc.invalidateQueries({ queryKey: cartKeys.draft() }),
      ]);
      if (r.kind === 'placed' && r.order) {
        void toast(r.already ? t('result.already') : t('result.placed'), { variant: 'success' });
        navigate(`/orders/${r.order.sn}`);
        return;
      }
      setResult(r);
    } finally {
      busy.current = false;
      setPlacing(false);
    }
  };

  const goTo = async (next: number) => {
    if (next >= 1 && (lines.length === 0 || !views.every(qtyOk))) return setStep(0);
    if (next >= 2 && !(await form.trigger())) return setStep(1);
    setStep(next);
  };

  if (cart.isError) return <ErrorState error={cart.error} onRetry={() => void cart.refetch()} />;
  if (result && result.kind !== 'failed') {
    return (
      <Stack spacing={2}>
        <PageHeader title={t('title')} />
        {result.kind === 'short' ? (
          <Alert severity="warning" data-testid="result-short">
            {t('result.short')} <RouterLink to="/orders/failed">{t('result.toFailed')}</RouterLink>
          </Alert>
        ) : (
          <Alert severity="success" data-testid="result-placed">
            {t('result.placedNoSn', { sn: draft.data?.orderSn ?? '' })} <RouterLink to="/orders">{t('result.toOrders')}</RouterLink>
          </Alert>
        )}
        <Button component={RouterLink} to="/catalogue" sx={{ alignSelf: 'flex-start' }}>
          {t('backToCatalogue')}
        </Button>
      </Stack>
    );
  }

  const sellableNow = step === 2 ? sellableSkus(availability.data).size : (pre?.sellable.length ?? 0);
  const pendingPrice = pre?.unsellable.some((u) => /价格已变动/.test(u.reason)) ?? false;
  const canNext =
    step === 0
      ? lines.length > 0 && views.every(qtyOk)
      : step === 2
        ? !!availability.data && sellableNow > 0
        : step === 3
          ? !!pre && pre.sellable.length > 0 && !pendingPrice && !precheck.isFetching
          : true;

  return (
    <Stack spacing={2}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {lines.length === 0 && cart.data ? (
        <EmptyState title={t('empty')} />
      ) : (
        <>
          {wide ? (
            <Stepper nonLinear activeStep={step}>
              {STEPS.map((s, i) => (
                <Step key={s} completed={i < step}>
                  <StepButton onClick={() => void goTo(i)} disabled={placing}>
                    {t(`steps.${s}`)}
                  </StepButton>
                </Step>
              ))}
            </Stepper>
          ) : (
            <Typography variant="subtitle2" aria-live="polite">
              {t('stepOf', { n: step + 1, count: STEPS.length, name: t(`steps.${STEPS[step]}`) })}
            </Typography>
          )}
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} component="section" aria-label={t(`steps.${STEPS[step]}`)}>
            {!cart.data ? (
              <LinearProgress aria-label={t('app:common.loading')} />
            ) : step === 0 ? (
              <>
                {fresh.isError && <ErrorState error={fresh.error} onRetry={() => void fresh.refetch()} />}
                <LinesStep views={views} loading={fresh.isPending} onQty={setQty} onRemove={remove} />
              </>
            ) : step === 1 ? (
              <AddressStep form={form} book={book.data?.list ?? []} />
            ) : step === 2 ? (
              <AvailabilityStep views={views} province={address.province} check={availability} onRemove={remove} />
            ) : step === 3 ? (
              <PrecheckStep views={views} check={precheck} balance={balance.data} onRemove={remove} onAccept={acceptPrice} />
            ) : (
              <Stack spacing={2}>
                {pre && (
                  <Typography data-testid="submit-summary">
                    {t('submit.summary', {
                      count: pre.sellable.length,
                      total: formatFen(pre.goods + pre.channels.reduce((sum, c) => sum + c.freight, 0), lang),
                    })}
                  </Typography>
                )}
                <FormControlLabel
                  control={<Switch checked={strict} onChange={(e) => setStrict(e.target.checked)} />}
                  label={t('submit.strict')}
                />
                <Typography variant="body2" color="textSecondary">
                  {strict ? t('submit.strictOn') : t('submit.strictOff')}
                </Typography>
                <TextField
                  label={t('submit.sale')}
                  value={saleText}
                  onChange={(e) => setSaleText(e.target.value)}
                  error={sale === null}
                  helperText={sale === null ? t('submit.saleBad') : t('submit.saleHelp')}
                  slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'checkout-sale' } }}
                  sx={{ maxWidth: 360 }}
                />
                <Typography variant="caption" color="textSecondary">
                  {t('submit.number', { sn: draft.data?.orderSn ?? '…' })}
                </Typography>
                {result?.kind === 'failed' && (
                  <Alert severity={result.uncertain ? 'warning' : 'error'} data-testid="submit-error">
                    {result.uncertain ? t('result.uncertain') : text(result.error)}
                    <RequestReference error={result.error} />
                  </Alert>
                )}
                <Button
                  variant="contained"
                  size="large"
                  loading={placing}
                  disabled={!draft.data || !orderAddress.success || lines.length === 0 || sale === null}
                  onClick={() => void submit()}
                  sx={{ alignSelf: 'flex-start' }}
                  data-testid="place-order"
                >
                  {result?.kind === 'failed' ? t('submit.retry') : t('submit.place')}
                </Button>
              </Stack>
            )}
          </Paper>
          <Stack direction="row" sx={{ gap: 1, justifyContent: 'space-between' }}>
            <Button disabled={step === 0 || placing} onClick={() => setStep(step - 1)}>
              {t('back')}
            </Button>
            {step < STEPS.length - 1 && (
              <Button variant="contained" disabled={!canNext} onClick={() => void goTo(step + 1)} data-testid="next-step">
                {t('next')}
              </Button>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
