import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useColorMode } from './color-mode';
import { LANGUAGES, rememberLanguage, type Language } from './i18n';
import { SelectField } from '../components/fields';

/** The language and the colour mode, each remembered in this browser: in the app bar, the navigation drawer and on the sign-in page. */
export function LookControls() {
  const { t, i18n } = useTranslation('app');
  const { mode, toggle } = useColorMode();
  return (
    <>
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
