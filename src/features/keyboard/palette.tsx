import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import useAutocomplete from '@mui/material/useAutocomplete';
import { useTheme } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import type { Order, SearchResults } from '../../../contract';
import type { PhoneTailAnswer } from '../../../contract/schemas/phone-tail';
import { afterSaleReason, afterSaleStatus, goodsStatus, orderStatus, source } from '../../../contract/enums';
import { bffFetch } from '../../lib/bff';
import { formatFen } from '../../lib/money';
import { formatMillis, formatSeconds } from '../../lib/time';
import { useDebounced } from '../../lib/use-debounced';
import { useErrorText } from '../../lib/use-error-text';
import { useLang } from '../../lib/use-lang';
import { loadMessagesTexts } from '../messages';
import { CLOCK_STEPS, useMoveClock } from '../orders';
import {
  afterSaleTargets,
  drawerAddress,
  goodsTargets,
  messageTargets,
  orderTargets,
  phoneTailOf,
  type PaletteGroup,
  type PaletteItem,
} from './items';
import { recentItems, recentSearches, rememberItem, rememberSearch } from './recent';
import { messageTime } from '../../lib/clock';

export interface PaletteProps {
  open: boolean;
  onClose: () => void;
  /** The pages this person may open, named in their language. */
  pages: { to: string; label: string }[];
  /** Commands this person may give (language, theme, the shortcut sheet…), worded with the palette's texts. */
  commands: (t: TFunction<'keyboard'>) => PaletteItem[];
  /** Puts an order's goods into the cart again (people who may order), resolving once done. */
  orderAgain?: (o: Order) => void;
  /** The person may ask for an after-sale: orders found offer a new request. */
  newAfterSale?: boolean;
  /** The sandbox's business clock may be moved by this person. */
  clock?: boolean;
}

const RECORDS: PaletteGroup[] = ['phoneOrders', 'orders', 'exceptions', 'afterSales', 'goods', 'messages'];
/** Orders listed for a phone's last four digits (the newest; the heading says when there are more). */
const PHONE_TAIL_ORDERS = 10;
/** Pause in typing before the gateway is asked (the request before is cancelled). */
const DEBOUNCE_MS = 200;

const matches = (label: string, typed: string) => label.toLowerCase().includes(typed.toLowerCase());

/**
 * The command palette: pages, commands, and records found by `/bff/search` as one types, grouped by
 * kind with their counts. Enter opens the chosen line; Ctrl+Enter (⌘+Enter) opens a record in its
 * drawer over the current list. Recently opened records and searches come first while nothing is typed.
 */
export function Palette({ open, onClose, pages, commands: commandsOf, orderAgain, newAfterSale, clock }: PaletteProps) {
  const { t, i18n } = useTranslation('keyboard');
  const moveClock = useMoveClock();
  const commands = [
    ...commandsOf(t),
    ...(clock
      ? CLOCK_STEPS.map((s) => ({
          key: `command:clock-${s.key}`,
          group: 'actions' as const,
          label: t(`actions.clock.${s.key}`),
          run: () => moveClock.mutate(s.seconds),
        }))
      : []),
  ];
  const lang = useLang();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [input, setInput] = useState('');
  const typed = input.trim();
  const q = useDebounced(typed, DEBOUNCE_MS);
  const [messageWords, setMessageWords] = useState(false);
  useEffect(() => {
    void loadMessagesTexts(i18n).then(() => setMessageWords(true));
  }, [i18n]);
  // A fresh start each time it opens, the cursor in the search (after the dialog took the focus in).
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!open) return;
    setInput('');
    const frame = requestAnimationFrame(() => field.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);

  // Four digits (or "phone 1234"): the orders whose consignee's phone ends so, from the order mirror.
  const byTail = phoneTailOf(q);
  const search = useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => bffFetch<SearchResults>(`/search?${new URLSearchParams({ q }).toString()}`, { signal }),
    enabled: open && q.length > 0 && !byTail?.only,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const byPhone = useQuery({
    queryKey: ['orders-by-phone-tail', byTail?.tail],
    queryFn: ({ signal }) =>
      bffFetch<PhoneTailAnswer>(
        `/orders/by-phone-tail?${new URLSearchParams({ tail: byTail!.tail, size: String(PHONE_TAIL_ORDERS) }).toString()}`,
        {
          signal,
        },
      ),
    enabled: open && byTail !== undefined,
    staleTime: 30_000,
  });
  const results = typed && search.data && search.data.q === q ? search.data : undefined;
  const phoneResults = typed && byTail && byPhone.data?.tail === byTail.tail ? byPhone.data : undefined;
  // An order number typed whole: that order's exceptions not yet resolved (support's cases, GET /bff/exceptions).
  const exactOrder = results?.orders?.list.find((o) => o.sn === q || o.thirdSn === q);
  // The exceptions' query and words (their feature, and its texts) load only once an order is found
  // whole: the palette itself stays small.
  const [caseTools, setCaseTools] = useState<typeof import('../exceptions')>();
  useEffect(() => {
    if (exactOrder && !caseTools)
      void Promise.all([import('../exceptions'), i18n.loadNamespaces('exceptions')]).then(
        ([m]) => setCaseTools(m),
        () => {},
      );
  }, [exactOrder, caseTools, i18n]);
  const caseQuery = exactOrder && caseTools ? caseTools.orderExceptionsQuery(exactOrder.sn) : undefined;
  const cases = useQuery({
    queryKey: caseQuery?.queryKey ?? ['exceptions', 'order', ''],
    queryFn: caseQuery?.queryFn ?? skipToken,
    staleTime: caseQuery?.staleTime,
    enabled: open && caseQuery !== undefined,
  });
  const openCases =
    exactOrder && caseTools && cases.data ? cases.data.list.filter((k) => k.orderSn === exactOrder.sn && k.state !== 'resolved') : [];

  const lng = lang as 'en' | 'zh-CN';
  const money = (fen: number) => formatFen(fen, lang);
  // A few dozen lines at most, made again as one types.
  const counts = new Map<PaletteGroup, { count: number; more: boolean }>();
  const items = (() => {
    const out: PaletteItem[] = [];
    const add = (group: PaletteGroup, list: PaletteItem[], more = false) => {
      if (list.length === 0) return;
      counts.set(group, { count: list.length, more });
      out.push(...list);
    };
    const pageItems = pages.map((p) => ({
      key: `page:${p.to}`,
      group: 'pages' as const,
      label: t('hit.page', { name: p.label }),
      to: p.to,
    }));
    if (!typed) {
      add(
        'recent',
        recentItems().map((r) => ({ ...r, group: 'recent' as const })),
      );
      add(
        'searches',
        recentSearches().map((s) => ({ key: `search:${s}`, group: 'searches' as const, label: t('hit.search', { q: s }), query: s })),
      );
      add('pages', pageItems);
      add('actions', commands);
      return out;
    }
    if (phoneResults)
      add(
        'phoneOrders',
        phoneResults.list.map((o) => ({
          key: `phone:${o.sn}`,
          group: 'phoneOrders' as const,
          label: t('hit.phoneOrder', { thirdSn: o.thirdSn, consignee: o.consignee }),
          detail: t('hit.phoneOrderDetail', {
            status: orderStatus.label(o.status, lng),
            total: money(o.total),
            when: formatSeconds(o.createdTime, lang),
          }),
          ...orderTargets({ sn: o.sn } as Order),
        })),
        phoneResults.count > phoneResults.list.length,
      );
    if (results?.orders) {
      add(
        'orders',
        results.orders.list.map((o) => {
          const channels = [...new Set(o.children.map((c) => c.source))].map((s) => source.label(s, lng)).join(lng === 'en' ? ', ' : '、');
          return {
            key: `order:${o.sn}`,
            group: 'orders' as const,
            label: t('hit.order', { thirdSn: o.thirdSn }),
            detail: t('hit.orderDetail', {
              status: orderStatus.label(o.status, lng),
              total: money(o.goodsFee + o.logisticFee),
              channels,
              when: formatSeconds(o.createdTime, lang),
            }),
            ...orderTargets(o),
          };
        }),
        results.orders.more,
      );
    }
    add(
      'exceptions',
      openCases.map((k) => ({
        key: `exception:${k.id}`,
        group: 'exceptions' as const,
        label: t('hit.exception', { kind: t(`exceptions:kinds.${k.kind}`), orderSn: k.shopOrderSn || k.orderSn }),
        detail: t(k.takenBy ? 'hit.exceptionTaken' : 'hit.exceptionOpen', {
          by: k.takenBy,
          age: caseTools!.ageWords(i18n.getFixedT(null, 'exceptions'), k.ageHours),
        }),
        ...orderTargets({ sn: k.orderSn } as Order),
      })),
    );
    if (results?.afterSales)
      add(
        'afterSales',
        results.afterSales.list.map((r) => ({
          key: `afterSale:${r.id}`,
          group: 'afterSales' as const,
          label: t('hit.afterSale', { id: r.id, orderSn: r.orderSn }),
          detail: t('hit.afterSaleDetail', {
            status: afterSaleStatus.label(r.status, lng),
            reason: afterSaleReason.label(r.reasonsTypeCode, lng),
            amount: money(r.goodsFee + r.logisticFee),
          }),
          ...afterSaleTargets(r),
        })),
        results.afterSales.more,
      );
    if (results?.goods)
      add(
        'goods',
        results.goods.list.map((g) => ({
          key: `goods:${g.id}`,
          group: 'goods' as const,
          label: t('hit.goods', { title: g.title }),
          // Found by a SKU id typed in full: that SKU, its spec and price.
          detail: g.sku
            ? t('hit.goodsSkuDetail', {
                sku: g.sku.id,
                spec: g.sku.spec,
                price: money(g.sku.agreementPrice),
                id: g.id,
                status: goodsStatus.label(g.status, lng),
              })
            : t('hit.goodsDetail', {
                id: g.id,
                price: money(g.agreement_price),
                channel: source.label(g.source, lng),
                status: goodsStatus.label(g.status, lng),
              }),
          ...goodsTargets(g),
        })),
        results.goods.more,
      );
    if (results?.messages)
      add(
        'messages',
        results.messages.list.map((m) => ({
          key: `message:${m.seq}`,
          group: 'messages' as const,
          label: t('hit.message', {
            kind: messageWords ? t(`messages:types.${m.type}`, { defaultValue: m.type }) : m.type,
            orderSn: String(m.data.orderSn ?? ''),
          }),
          detail: t('hit.messageDetail', { when: formatMillis(messageTime(m), lang) }),
          ...messageTargets(m),
        })),
        results.messages.more,
      );
    add(
      'pages',
      pageItems.filter((p) => matches(p.label, typed)),
    );
    // What may be done with the first orders found.
    const firstOrders = results?.orders?.list.slice(0, 3) ?? [];
    const again = orderAgain
      ? firstOrders.map((o) => ({
          key: `again:${o.sn}`,
          group: 'actions' as const,
          label: t('actions.orderAgain', { thirdSn: o.thirdSn }),
          run: () => orderAgain(o),
        }))
      : [];
    const request = newAfterSale
      ? firstOrders.map((o) => ({
          key: `request:${o.sn}`,
          group: 'actions' as const,
          label: t('actions.newAfterSale', { thirdSn: o.thirdSn }),
          to: `/after-sale?${new URLSearchParams({ new: o.thirdSn }).toString()}`,
        }))
      : [];
    add('actions', [...again, ...request, ...commands.filter((c) => matches(c.label, typed))]);
    return out;
  })();

  const choose = (item: PaletteItem, inDrawer: boolean) => {
    if (item.query !== undefined) {
      setInput(item.query);
      return;
    }
    onClose();
    if (item.run) {
      item.run();
      return;
    }
    const to = inDrawer && item.drawer ? drawerAddress(item.drawer, location) : item.to;
    if (!to) return;
    if (RECORDS.includes(item.group) || item.group === 'recent') {
      rememberItem({ key: item.key, label: item.label, detail: item.detail, to: item.to, drawer: item.drawer });
      if (typed) rememberSearch(typed);
    }
    void navigate(to);
  };

  const ac = useAutocomplete<PaletteItem, false, false, false>({
    id: 'palette',
    componentName: 'Palette',
    options: items,
    open: true,
    value: null,
    inputValue: input,
    onInputChange: (_e, v, reason) => {
      if (reason !== 'reset') setInput(v);
    },
    onChange: (_e, v) => {
      if (v) choose(v, false);
    },
    groupBy: (o) => o.group,
    getOptionLabel: (o) => o.label,
    isOptionEqualToValue: (a, b) => a.key === b.key,
    filterOptions: (x) => x,
    autoHighlight: true,
    clearOnBlur: false,
    disableCloseOnSelect: true,
    handleHomeEndKeys: true,
  });
  // Keys reach the hook's handler on the root: Ctrl+Enter is taken before it (the MUI way to say "handled").
  const rootProps = ac.getRootProps({
    onKeyDown: (e: KeyboardEvent<HTMLDivElement> & { defaultMuiPrevented?: boolean }) => {
      // The highlighted line, as the combobox announces it (also when highlighted on its own, as the first).
      const active = (e.target as HTMLElement).getAttribute('aria-activedescendant');
      const index = active ? document.getElementById(active)?.dataset.optionIndex : undefined;
      const item = index === undefined ? undefined : items[Number(index)];
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && item) {
        e.preventDefault();
        e.defaultMuiPrevented = true;
        choose(item, true);
      }
      // The hook would keep Escape to itself (its list is always open here): it closes the palette.
      if (e.key === 'Escape') {
        e.defaultMuiPrevented = true;
        onClose();
      }
    },
  });
  const inputProps = ac.getInputProps();

  const total = items.length;
  const waiting = typed.length > 0 && (typed !== q || search.isFetching || byPhone.isFetching || cases.isFetching);
  const failed = typed ? [search, byPhone].find((s) => s.isError) : undefined;
  const status = failed
    ? t('palette.failed', { error: errorText(failed.error) })
    : typed && !waiting && total === 0
      ? t('palette.none', { q: typed })
      : '';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="palette-title"
      slotProps={{ paper: { sx: { alignSelf: phone ? 'stretch' : 'flex-start', mt: phone ? 0 : 8 } } }}
      data-testid="palette"
    >
      <Typography id="palette-title" component="h2" sx={visuallyHidden}>
        {t('palette.title')}
      </Typography>
      <Box {...rootProps} sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <SearchIcon color="action" aria-hidden />
        <InputBase
          fullWidth
          inputRef={field}
          placeholder={t('palette.placeholder')}
          inputProps={{ ...inputProps, 'aria-label': t('palette.label'), maxLength: 100 }}
        />
        {/* Phones have no Esc key. */}
        <IconButton edge="end" onClick={onClose} aria-label={t('sheet.close')} title={t('sheet.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ height: 4 }}>{waiting && <LinearProgress aria-label={t('palette.searching')} />}</Box>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {typed && !waiting ? t([...counts.values()].some((c) => c.more) ? 'palette.countMore' : 'palette.count', { count: total }) : ''}
      </Box>
      {status && (
        <Typography role="alert" sx={{ px: 2, py: 1.5 }} color={failed ? 'error' : 'textSecondary'}>
          {status}
        </Typography>
      )}
      <Box
        component="ul"
        {...ac.getListboxProps()}
        aria-label={t('palette.label')}
        sx={{ listStyle: 'none', m: 0, p: 0, overflowY: 'auto', maxHeight: phone ? 'none' : '60vh', flex: phone ? 1 : undefined }}
      >
        {ac.groupedOptions.map((g) => {
          const group = g.group as PaletteGroup;
          const c = counts.get(group);
          const name = t(`groups.${group}`, { tail: byTail?.tail ?? '' });
          const heading = c?.more
            ? t('palette.groupMore', { name, count: c.count })
            : t('palette.group', { name, count: c?.count ?? g.options.length });
          return (
            <li key={g.key} role="presentation">
              <Typography
                id={`palette-group-${group}`}
                variant="overline"
                component="div"
                color="textSecondary"
                sx={{ px: 2, pt: 1, display: 'block', lineHeight: 2 }}
              >
                {heading}
              </Typography>
              <Box component="ul" role="group" aria-labelledby={`palette-group-${group}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {g.options.map((option, i) => {
                  const { key, ...props } = ac.getOptionProps({ option, index: g.index + i });
                  return (
                    <Box
                      component="li"
                      key={key}
                      {...props}
                      data-testid="palette-option"
                      data-group={group}
                      sx={{
                        px: 2,
                        py: 1,
                        cursor: 'pointer',
                        overflowWrap: 'anywhere',
                        '&.Mui-focused, &[data-focus="true"]': { bgcolor: 'action.selected' },
                        '&:hover': { bgcolor: 'action.hover' },
                      }}
                    >
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {option.label}
                      </Typography>
                      {option.detail && (
                        <Typography variant="caption" color="textSecondary" component="div">
                          {option.detail}
                        </Typography>
                      )}
                    </Box>
                  );
                })}
              </Box>
            </li>
          );
        })}
      </Box>
      <Typography
        variant="caption"
        color="textSecondary"
        sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider', display: { xs: 'none', sm: 'block' } }}
      >
        {t('palette.hint')}
      </Typography>
    </Dialog>
  );
}
