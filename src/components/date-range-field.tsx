import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';

export interface DayRange {
  /** "2026-11-22" or ''. */
  from: string;
  to: string;
}

/**
 * A range of days in the browser's own date pickers (native on phones, keyboard-friendly, no
 * picker library in the download). The caller turns the days into instants in the person's zone.
 */
export function DateRangeField({
  fromLabel,
  toLabel,
  value,
  onChange,
  error,
  hint,
}: {
  fromLabel: string;
  toLabel: string;
  value: DayRange;
  onChange: (next: DayRange) => void;
  /** Shown under the pair, and both boxes turn red. */
  error?: string;
  /** A word on how the days are read (the time zone). */
  hint?: string;
}) {
  const id = useId();
  const field = (k: 'from' | 'to', label: string) => (
    <FormControl size="small" variant="outlined" error={!!error} sx={{ width: { xs: '100%', sm: 170 } }}>
      <InputLabel htmlFor={`${id}-${k}`} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={`${id}-${k}`}
        type="date"
        label={label}
        notched
        value={value[k]}
        onChange={(e) => onChange({ ...value, [k]: e.target.value })}
        inputProps={{ max: k === 'from' && value.to ? value.to : undefined, min: k === 'to' && value.from ? value.from : undefined }}
      />
    </FormControl>
  );
  return (
    <Stack spacing={0.5}>
      {/* One above the other on phones: side by side, the browser's date boxes (which do not shrink
          below their date and picker icon) ran into the padding of the card around them. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {field('from', fromLabel)}
        {field('to', toLabel)}
      </Stack>
      {(error || hint) && <FormHelperText error={!!error}>{error ?? hint}</FormHelperText>}
    </Stack>
  );
}
