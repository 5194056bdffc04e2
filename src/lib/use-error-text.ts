import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { OpError } from './bff';

/** Any failure as a sentence in the person's language (texts live in the `app` namespace). */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof OpError) {
    if (error.kind === 'upstream') return error.message ? t('app:errors.upstream', { msg: error.message }) : t('app:errors.upstreamNoMsg');
    return t(`app:errors.${error.kind}`, { msg: error.message });
  }
  return t('app:common.unknownError');
}

export function useErrorText() {
  const { t } = useTranslation('app');
  return (error: unknown) => errorText(t, error);
}
