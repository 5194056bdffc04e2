import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useNavigate } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useColorMode } from './color-mode';
import { LANGUAGES, rememberLanguage } from './i18n';
import { LookControls } from './look-controls';
import { BalanceChip, UserMenu, useCan } from '../features/account';
import { SandboxClock } from '../features/orders';
import { CartBadge, linesOfOrder, useAddToCart } from '../features/cart';
import { GO_KEYS, GO_PAGES, KeyboardTools, type PaletteItem } from '../features/keyboard';
import { toast } from '../lib/toast';
import { useErrorText } from '../lib/use-error-text';
import { NAV_ITEMS, allowed } from './nav';
import { MessagesBadge } from '../features/messages';
import { metaQuery } from './meta';
import { BusinessNow } from './business-now';
import type { Order } from '../../contract';

// The app bar's tools, which the first paint does not show (layout.tsx draws them right after it):
// a chunk of their own, asked for at start-up (src/app/boot.ts) beside the first page.

/** Balance, clock, language and theme: in the app bar on wide screens, in the navigation drawer on phones and tablets. */
export function ShellTools() {
  const meta = useQuery(metaQuery);
  return (
    <>
      <BusinessNow />
      <SandboxClock sandbox={meta.data?.mode === 'sandbox'} />
      <BalanceChip />
      <LookControls />
    </>
  );
}

/** Sandbox or upstream, beside the app's name. */
export function ModeChip() {
  const { t } = useTranslation('app');
  const meta = useQuery(metaQuery);
  const roomy = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  if (!meta.data) return null;
  return (
    <Chip
      size="small"
      color={meta.data.mode === 'sandbox' ? 'warning' : 'success'}
      variant="outlined"
      // A native title, not MUI's Tooltip: the shell stays free of the popper engine.
      title={meta.data.mode === 'sandbox' ? t('mode.sandboxHint') : undefined}
      // Sandbox mode shows every time on the business clock (src/lib/clock.ts): the bar says so.
      // On a phone the bar has no room for the whole label: "Sandbox" there (the hint and the drawer's clock say the rest).
      label={
        meta.data.mode === 'sandbox'
          ? meta.data.clock?.kind === 'business' && roomy
            ? t('mode.sandboxBusiness')
            : t('mode.sandbox')
          : t('mode.upstream', { host: meta.data.upstream })
      }
      data-testid="mode-chip"
    />
  );
}

/** The search button and the keyboard shortcuts, with what this person may reach and do. */
function Keyboard() {
  const { t, i18n } = useTranslation('app');
  const { mode, toggle } = useColorMode();
  const can = useCan();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const cart = useAddToCart();
  const items = NAV_ITEMS.filter((item) => allowed(item, can));
  const pages = items.map((item) => ({ to: item.to, label: t(item.label) }));
  const other = LANGUAGES.find((l) => l !== i18n.language) ?? 'en';
  const commands = (tk: TFunction<'keyboard'>, showShortcuts: () => void): PaletteItem[] => [
    {
      key: 'command:language',
      group: 'actions',
      label: tk('actions.language', { name: t(`language.${other}`) }),
      run: () => {
        rememberLanguage(other);
        void i18n.changeLanguage(other);
      },
    },
    { key: 'command:theme', group: 'actions', label: tk(mode === 'light' ? 'actions.dark' : 'actions.light'), run: toggle },
    { key: 'command:shortcuts', group: 'actions', label: tk('actions.shortcuts'), run: showShortcuts },
  ];
  const orderAgain = can.op('order.submit')
    ? (o: Order) =>
        void cart.add(linesOfOrder(o)).then(
          () => {
            void toast(i18n.t('keyboard:actions.orderAgainDone', { thirdSn: o.thirdSn }), { variant: 'success' });
            void navigate('/cart');
          },
          (e: unknown) =>
            void toast(i18n.t('keyboard:actions.orderAgainFailed', { thirdSn: o.thirdSn, error: errorText(e) }), { variant: 'error' }),
        )
    : undefined;
  const goKeys = GO_KEYS.filter((k) => items.some((item) => item.to === GO_PAGES[k]));
  const meta = useQuery(metaQuery);
  return (
    <KeyboardTools
      pages={pages}
      commands={commands}
      orderAgain={orderAgain}
      newAfterSale={can.op('afterSale.apply')}
      clock={meta.data?.mode === 'sandbox' && can.feature('sandbox.clock')}
      goKeys={goKeys}
    />
  );
}

/** The right end of the app bar: the tools on wide screens, then search, messages, cart and account. */
export function BarEnd({ wide }: { wide: boolean }) {
  return (
    <>
      {wide && <ShellTools />}
      <Keyboard />
      <MessagesBadge />
      <CartBadge />
      <UserMenu />
    </>
  );
}

export { LiveEvents } from '../features/messages';
