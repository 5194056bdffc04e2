import { useTranslation } from 'react-i18next';
import { queryOptions, useQuery } from '@tanstack/react-query';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { source as sourceEnum } from '../../contract/enums/source';
import { callOp } from '../lib/bff';
import { STALE } from '../lib/stale';
import { useLang } from '../lib/use-lang';

/** The channels on sale (GetSource): every goods list filters by them. */
export const sourcesQuery = () =>
  queryOptions({
    queryKey: ['sources'] as const,
    queryFn: ({ signal }) => callOp('source.list', {}, { signal }),
    staleTime: STALE.reference,
  });

export function SearchField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ flex: 1, minWidth: 180 }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A channel picker; known channels are named in the person's language, others as the supplier names them. */
export function SourceSelect({ value, onChange }: { value: number; onChange: (source: number) => void }) {
  const { t } = useTranslation('app');
  const lang = useLang();
  const sources = useQuery(sourcesQuery());
  return (
    <TextField
      select
      size="small"
      label={t('filters.source')}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 150 }}
    >
      <MenuItem value={0}>{t('filters.allSources')}</MenuItem>
      {(sources.data ?? []).map((s) => (
        <MenuItem key={s.id} value={s.id}>
          {sourceEnum.has(s.id) ? sourceEnum.label(s.id, lang) : s.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export type ShippingFilter = '' | '0' | '1';

export function ShippingSelect({ value, onChange }: { value: ShippingFilter; onChange: (v: ShippingFilter) => void }) {
  const { t } = useTranslation('app');
  return (
    <TextField
      select
      size="small"
      label={t('filters.shipping')}
      value={value}
      onChange={(e) => onChange(e.target.value as ShippingFilter)}
      sx={{ minWidth: 130 }}
    >
      <MenuItem value="">{t('filters.any')}</MenuItem>
      <MenuItem value="1">{t('goods.freeShipping')}</MenuItem>
      <MenuItem value="0">{t('goods.paidShipping')}</MenuItem>
    </TextField>
  );
}
