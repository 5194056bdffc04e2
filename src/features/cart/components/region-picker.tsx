import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { regionsQuery } from '../api/regions';

const entries = (list: Record<string, string>, prefix: string) =>
  Object.entries(list)
    .filter(([code]) => code.startsWith(prefix))
    .sort(([a], [b]) => a.localeCompare(b));

export interface Region {
  province: string;
  city: string;
  area: string;
}

/**
 * Province, city and district, each picked from the list of the one above it (the browser's own
 * select: quick to scroll on phones). Values are the full Chinese names, as orders carry them.
 */
export function RegionPicker({
  value,
  onChange,
  errors = {},
}: {
  value: Region;
  onChange: (next: Region) => void;
  errors?: Partial<Record<keyof Region, string>>;
}) {
  const { t } = useTranslation('cart');
  const areas = useQuery(regionsQuery());
  const data = areas.data;
  const provinces = data ? entries(data.province_list, '') : [];
  const pCode = provinces.find(([, n]) => n === value.province)?.[0];
  const cities = data && pCode ? entries(data.city_list, pCode.slice(0, 2)) : [];
  const cCode = cities.find(([, n]) => n === value.city)?.[0];
  const districts = data && cCode ? entries(data.county_list, cCode.slice(0, 4)) : [];

  const field = (key: keyof Region, label: string, list: [string, string][], disabled: boolean, next: (name: string) => Region) => {
    // A saved name the list does not know (an older division) stays shown rather than silently dropped.
    const names = list.map(([, n]) => n);
    const extra = value[key] && !names.includes(value[key]) ? [value[key]] : [];
    return (
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          select
          fullWidth
          size="small"
          label={label}
          value={value[key]}
          disabled={disabled}
          onChange={(e) => onChange(next(e.target.value))}
          error={!!errors[key]}
          helperText={errors[key]}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{areas.isPending ? t('address.loadingRegions') : t('address.pick')}</option>
          {[...extra, ...names].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </TextField>
      </Grid>
    );
  };

  return (
    <>
      {field('province', t('address.province'), provinces, !data, (province) => ({ province, city: '', area: '' }))}
      {field('city', t('address.city'), cities, !data || !pCode, (city) => ({ ...value, city, area: '' }))}
      {field('area', t('address.area'), districts, !data || !cCode, (area) => ({ ...value, area }))}
    </>
  );
}
