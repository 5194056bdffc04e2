import { useTranslation } from 'react-i18next';
import type { Lang } from '../../contract/enums';

/** The current UI language, as the enum labels of the contract name it. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh-CN';
}
