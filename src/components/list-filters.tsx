import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import SearchIcon from '@mui/icons-material/Search';
import { source as sourceEnum } from '../../contract/enums/source';
import { SEARCH_WORDS_MAX } from '../../contract/constants';
import { useLang } from '../lib/use-lang';
import { SelectField, TextInput } from './fields';
import { sourcesQuery } from './sources-query';

export { sourcesQuery };

export const SearchField = memo(function SearchField({
  label,
  value,
  onChange,
  maxLength = SEARCH_WORDS_MAX,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  maxLength?: number;
}) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={onChange}
      maxLength={maxLength}
      inputMode="search"
      start={<SearchIcon fontSize="small" />}
      sx={{ flex: 1, minWidth: 180 }}
    />
  );
});

/** A channel picker; known channels are named in the person's language, others as the supplier names them. */
export const SourceSelect = memo(function SourceSelect({ value, onChange }: { value: number; onChange: (source: number) => void }) {
  const { t } = useTranslation('app');
  const lang = useLang();
  const sources = useQuery(sourcesQuery());
  const known = sources.data ?? [];
  return (
    <SelectField
      label={t('filters.source')}
      value={String(value)}
      onChange={(v) => onChange(Number(v))}
      choices={[
        { value: '0', label: t('filters.allSources') },
        ...known.map((s) => ({ value: String(s.id), label: sourceEnum.has(s.id) ? sourceEnum.label(s.id, lang) : s.name })),
        // A channel from the address that the supplier does not list stays visible, said to be unknown.
        ...(value && sources.data && !known.some((s) => s.id === value)
          ? [{ value: String(value), label: t('filters.unknownSource', { id: value }) }]
          : []),
      ]}
      sx={{ minWidth: 150 }}
    />
  );
});

export type ShippingFilter = '' | '0' | '1';

export const ShippingSelect = memo(function ShippingSelect({
  value,
  onChange,
}: {
  value: ShippingFilter;
  onChange: (v: ShippingFilter) => void;
}) {
  const { t } = useTranslation('app');
  return (
    <SelectField
      label={t('filters.shipping')}
      value={value}
      onChange={(v) => onChange(v as ShippingFilter)}
      choices={[
        { value: '', label: t('filters.any') },
        { value: '1', label: t('goods.freeShipping') },
        { value: '0', label: t('goods.paidShipping') },
      ]}
      sx={{ minWidth: 130 }}
    />
  );
});
