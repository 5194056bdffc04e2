import { memo } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Range } from '../lib/url-view';
import { TextInput } from './fields';

/**
 * A from–to pair typed in the unit people think in: yuan (¥ before) or percent (% after). Only
 * digits and one decimal point get in; the caller checks the order.
 */
export const RangeField = memo(function RangeField({
  label,
  unit,
  value,
  onChange,
  fromLabel,
  toLabel,
  error,
  disabled,
}: {
  label: string;
  unit: 'yuan' | 'percent' | '';
  value: Range;
  onChange: (next: Range) => void;
  fromLabel: string;
  toLabel: string;
  error?: string;
  disabled?: boolean;
}) {
  const clean = (v: string) => v.replace(/[^\d.]/g, '').replace(/(\..*)\./g, '$1');
  return (
    <Stack spacing={0.5}>
      <Typography variant="caption" color={error ? 'error' : 'textSecondary'}>
        {label}
        {error ? ` · ${error}` : ''}
      </Typography>
      <Stack direction="row" spacing={1}>
        {(['from', 'to'] as const).map((k) => (
          <TextInput
            key={k}
            label={k === 'from' ? fromLabel : toLabel}
            value={value[k]}
            disabled={disabled}
            error={!!error}
            onChange={(v) => onChange({ ...value, [k]: clean(v) })}
            inputMode="decimal"
            ariaLabel={`${label} ${k === 'from' ? fromLabel : toLabel}`}
            start={unit === 'yuan' ? '¥' : undefined}
            end={unit === 'percent' ? '%' : undefined}
            sx={{ width: 130 }}
          />
        ))}
      </Stack>
    </Stack>
  );
});
