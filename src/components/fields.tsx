import { useId, type ReactNode, memo } from 'react';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

/*
 * The small outlined fields of filter bars. MUI's TextField links its menu-style Select (and with it
 * Menu, Popover, Modal and the focus trap) even for a plain text box; these are built from the same
 * parts without it, and choices use the browser's own select: quick, accessible, and native on phones.
 */

interface FieldBase {
  label: string;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

export const TextInput = memo(function TextInput({
  label,
  value,
  onChange,
  error,
  disabled,
  sx,
  start,
  end,
  inputMode,
  ariaLabel,
  maxLength,
}: FieldBase & {
  value: string;
  error?: boolean;
  /** The contract's limit: the box takes no more characters than the server would. */
  maxLength?: number;
  onChange: (value: string) => void;
  /** Shown inside the box before / after the text: an icon, ¥, %. */
  start?: ReactNode;
  end?: ReactNode;
  inputMode?: 'text' | 'decimal' | 'numeric' | 'search';
  ariaLabel?: string;
}) {
  const id = useId();
  return (
    <FormControl size="small" variant="outlined" error={error} disabled={disabled} sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        startAdornment={start !== undefined ? <InputAdornment position="start">{start}</InputAdornment> : undefined}
        endAdornment={end !== undefined ? <InputAdornment position="end">{end}</InputAdornment> : undefined}
        inputProps={{ inputMode, 'aria-label': ariaLabel, maxLength }}
      />
    </FormControl>
  );
});

interface Choice {
  value: string;
  label: string;
}

/** One choice out of a list, in the browser's select. The label stays raised: a select always shows a value. */
export const SelectField = memo(function SelectField({
  label,
  value,
  onChange,
  choices,
  disabled,
  sx,
}: FieldBase & { value: string; onChange: (value: string) => void; choices: readonly Choice[] }) {
  const id = useId();
  return (
    <FormControl size="small" variant="outlined" disabled={disabled} sx={sx}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)} input={<OutlinedInput label={label} notched />}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
});
