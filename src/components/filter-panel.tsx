import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import FilterListIcon from '@mui/icons-material/FilterList';
import { lazyNamed, useLatch } from '../lib/lazy';

const FilterDrawer = lazyNamed(() => import('./filter-drawer'), 'FilterDrawer');

/** Phones get cards and a filter sheet; the breakpoint is the one the layout uses for them. */
export function usePhone() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

/**
 * The filter area of every list, one style everywhere. Wide screens: one row of whole controls that
 * wraps, never squeezes (each keeps its own width). Phones: the search box and one button with the
 * count of active filters, which opens the rest in a sheet, so the first screen shows results.
 */
export function FilterPanel({
  search,
  active,
  children,
  below,
  tools,
}: {
  /** Stays on screen on a phone. */
  search?: ReactNode;
  /** How many filters (other than the search) are set: shown on the phone's filter button. */
  active: number;
  /** The filter controls. */
  children: ReactNode;
  /** A second block under the row, e.g. the range fields (in the sheet on a phone). */
  below?: ReactNode;
  /** Buttons about the list rather than filters (saved views, columns, export): beside the filters. */
  tools?: ReactNode;
}) {
  const { t } = useTranslation('app');
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const loaded = useLatch(open);
  if (phone) {
    return (
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {search}
          <Badge badgeContent={active} color="primary" overlap="rectangular">
            <Button
              variant="outlined"
              startIcon={<FilterListIcon />}
              onClick={() => setOpen(true)}
              onPointerEnter={FilterDrawer.preload}
              aria-label={active ? t('filters.openCount', { count: active }) : t('filters.open')}
              sx={{ whiteSpace: 'nowrap', minHeight: 40 }}
            >
              {t('filters.button')}
            </Button>
          </Badge>
        </Stack>
        {tools && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {tools}
          </Stack>
        )}
        {loaded && (
          <Suspense fallback={null}>
            <FilterDrawer open={open} onClose={() => setOpen(false)} title={t('filters.title')} doneLabel={t('filters.done')}>
              {children}
              {below}
            </FilterDrawer>
          </Suspense>
        )}
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack
          direction="row"
          // Whole controls wrap onto the next line; none is squeezed below its own width.
          sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center', '& > *': { flexShrink: 0 } }}
        >
          {search}
          {children}
          {tools}
        </Stack>
        {below}
      </Stack>
    </Paper>
  );
}
