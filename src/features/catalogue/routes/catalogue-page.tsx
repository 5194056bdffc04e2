import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../../components/page-header';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { CatalogueList } from '../list-chunk';
import { MerchantStrip } from '../../overview';

/**
 * The catalogue: its title paints first; the filters and the list (their own chunk, requested at
 * start-up in parallel with this one: src/app/boot.ts) follow in the background as one block, so
 * nothing on screen moves. Merchants, who land here, get their figures above it (a lazy strip).
 */
export function CataloguePage() {
  const { t } = useTranslation('catalogue');
  return (
    <Stack spacing={2}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <AfterFirstPaint>
        {/* Merchants' figures (nothing for the other roles): its own small chunk. */}
        <Suspense fallback={null}>
          <MerchantStrip />
        </Suspense>
        <Suspense fallback={null}>
          <CatalogueList />
        </Suspense>
      </AfterFirstPaint>
    </Stack>
  );
}
