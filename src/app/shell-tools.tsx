import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useColorMode } from './color-mode';
import { LANGUAGES, rememberLanguage, type Language } from './i18n';
import { BalanceChip, UserMenu } from '../features/account';
import { SandboxClock } from '../features/orders';
import { CartBadge } from '../features/cart';
import { MessagesBadge } from '../features/messages';
import { metaQuery } from './meta';
import { SelectField } from '../components/fields';

// The app bar's tools, which the first paint does not show (layout.tsx draws them right after it):
// a chunk of their own, asked for at start-up (src/app/boot.ts) beside the first page.

/** Balance, clock, language and theme: in the app bar on wide screens, in the navigation drawer on phones and tablets. */
export function ShellTools() {
  const { t, i18n } = useTranslation('app');
  const { mode, toggle } = useColorMode();
  const meta = useQuery(metaQuery);
  return (
    <>
      <SandboxClock sandbox={meta.data?.mode === 'sandbox'} />
      <BalanceChip />
      <SelectField
        label={t('language.label')}
        value={i18n.language}
        onChange={(lang) => {
          rememberLanguage(lang as Language);
          void i18n.changeLanguage(lang);
        }}
        choices={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
        sx={{ minWidth: 120 }}
      />
      <IconButton
        onClick={toggle}
        aria-label={mode === 'light' ? t('theme.dark') : t('theme.light')}
        title={mode === 'light' ? t('theme.dark') : t('theme.light')}
      >
        {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
      </IconButton>
    </>
  );
}

/** Sandbox or upstream, beside the app's name. */
export function ModeChip() {
  const { t } = useTranslation('app');
  const meta = useQuery(metaQuery);
  if (!meta.data) return null;
  return (
    <Chip
      size="small"
      color={meta.data.mode === 'sandbox' ? 'warning' : 'success'}
      variant="outlined"
      // A native title, not MUI's Tooltip: the shell stays free of the popper engine.
      title={meta.data.mode === 'sandbox' ? t('mode.sandboxHint') : undefined}
      label={meta.data.mode === 'sandbox' ? t('mode.sandbox') : t('mode.upstream', { host: meta.data.upstream })}
    />
  );
}

/** The right end of the app bar: the tools on wide screens, then messages, cart and account. */
export function BarEnd({ wide }: { wide: boolean }) {
  return (
    <>
      {wide && <ShellTools />}
      <MessagesBadge />
      <CartBadge />
      <UserMenu />
    </>
  );
}

export { LiveEvents } from '../features/messages';
