import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../../components/page-header';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { CatalogueList } from '../list-chunk';
// Straight to the hook, not through the account face (its app bar tools come after the first paint).
import { useCan } from '../../account/session';
import { MerchantStrip } from '../../overview';

/**
 * The catalogue: its title paints first; the filters and the list (their own chunk, requested at
 * start-up in parallel with this one: src/app/boot.ts) follow in the background as one block, so
 * nothing on screen moves. Merchants, who land here, get their figures above it (a lazy strip).
 */
export function CataloguePage() {
  const { t } = useTranslation('catalogue');
  const can = useCan();
  return (
    <Stack spacing={2}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <AfterFirstPaint>
        {can.feature('strip.read') && (
          // Its room is kept while it loads, so the list below does not move when it comes.
          <Box sx={{ minHeight: { xs: 200, sm: 92 } }} data-testid="merchant-strip-room">
            <Suspense fallback={null}>
              <MerchantStrip />
            </Suspense>
          </Box>
        )}
        <Suspense fallback={null}>
          <CatalogueList />
        </Suspense>
      </AfterFirstPaint>
    </Stack>
  );
}
