import { useId, memo } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useLang } from '../lib/use-lang';
import { formatCount } from '../lib/money';

interface Props {
  /** 1-based page. */
  page: number;
  size: number;
  /** Rows that can be reached by paging (already capped by the caller where the upstream caps). */
  /** Rows that can be paged to (the supplier stops at page 50). */
  count: number;
  /** All rows that match, when more than can be paged to. */
  total?: number;
  sizes: readonly number[];
  onChange: (page: number, size: number) => void;
}

/**
 * Paging for every list: rows per page, the rows shown, first/previous/next/last. Written here rather
 * than MUI's TablePagination, whose action buttons carry tooltips and with them the popper engine
 * (about 9 kB gzip on the first page).
 */
export const Pager = memo(function Pager({ page, size, count, total = count, sizes, onChange }: Props) {
  const { t } = useTranslation('app');
  const lang = useLang();
  const id = useId();
  const last = Math.max(1, Math.ceil(count / size));
  const current = Math.min(Math.max(1, page), last);
  const from = count === 0 ? 0 : (current - 1) * size + 1;
  const to = Math.min(count, current * size);
  const n = (v: number) => formatCount(v, lang);
  const go = (p: number) => onChange(Math.min(Math.max(1, p), last), size);
  const button = (label: string, target: number, disabled: boolean, icon: React.ReactNode) => (
    <IconButton size="small" aria-label={label} title={label} disabled={disabled} onClick={() => go(target)}>
      {icon}
    </IconButton>
  );
  return (
    <Stack
      component="nav"
      aria-label={t('pager.label')}
      direction="row"
      sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', columnGap: 2, px: 2, py: 1 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography component="label" htmlFor={id} variant="body2">
          {t('goods.perPage')}
        </Typography>
        <NativeSelect
          id={id}
          value={size}
          onChange={(e) => onChange(1, Number(e.target.value))}
          disableUnderline
          sx={{ fontSize: 'body2.fontSize' }}
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
      </Stack>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} aria-live="polite">
        {count === 0 ? t('goods.noRows') : t('goods.displayedRows', { from: n(from), to: n(to), count: n(total) })}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        {button(t('pager.first'), 1, current <= 1, <FirstPageIcon fontSize="small" />)}
        {button(t('pager.previous'), current - 1, current <= 1, <ChevronLeftIcon fontSize="small" />)}
        <Typography variant="body2" sx={{ px: 1, fontVariantNumeric: 'tabular-nums' }}>
          {t('pager.page', { page: n(current), pages: n(last) })}
        </Typography>
        {button(t('pager.next'), current + 1, current >= last, <ChevronRightIcon fontSize="small" />)}
        {button(t('pager.last'), last, current >= last, <LastPageIcon fontSize="small" />)}
      </Stack>
    </Stack>
  );
});
