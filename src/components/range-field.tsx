import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Range } from '../lib/url-view';

/**
 * A from–to pair typed in the unit people think in: yuan (¥ before) or percent (% after). Only
 * digits and one decimal point get in; the caller checks the order.
 */
export function RangeField({
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
  const adorn =
    unit === 'yuan'
      ? { startAdornment: <InputAdornment position="start">¥</InputAdornment> }
      : unit === 'percent'
        ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
        : {};
  const clean = (v: string) => v.replace(/[^\d.]/g, '').replace(/(\..*)\./g, '$1');
  return (
    <Stack spacing={0.5}>
      <Typography variant="caption" color={error ? 'error' : 'text.secondary'}>
        {label}
        {error ? ` · ${error}` : ''}
      </Typography>
      <Stack direction="row" spacing={1}>
        {(['from', 'to'] as const).map((k) => (
          <TextField
            key={k}
            size="small"
            label={k === 'from' ? fromLabel : toLabel}
            value={value[k]}
            disabled={disabled}
            error={!!error}
            onChange={(e) => onChange({ ...value, [k]: clean(e.target.value) })}
            slotProps={{
              htmlInput: { inputMode: 'decimal', 'aria-label': `${label} ${k === 'from' ? fromLabel : toLabel}` },
              input: adorn,
            }}
            sx={{ width: 130 }}
          />
        ))}
      </Stack>
    </Stack>
  );
}
