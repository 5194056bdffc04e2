import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../../components/page-header';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { CatalogueList } from '../list-chunk';

/**
 * The catalogue: its title paints first; the filters and the list (their own chunk, requested at
 * start-up in parallel with this one: src/app/boot.ts) follow in the background as one block, so
 * nothing on screen moves. `top` comes above them in the same commit: the merchant's figures, whose
 * room is kept from then on (src/app/router.tsx).
 */
export function CataloguePage({ top }: { top?: ReactNode }) {
  const { t } = useTranslation('catalogue');
  return (
    <Stack spacing={2}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <AfterFirstPaint>
        {top}
        <Suspense fallback={null}>
          <CatalogueList />
        </Suspense>
      </AfterFirstPaint>
    </Stack>
  );
}
