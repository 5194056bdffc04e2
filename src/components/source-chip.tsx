import Chip from '@mui/material/Chip';
import { source as sourceEnum } from '../../contract/enums/source';
import { useLang } from '../lib/use-lang';

const COLORS: Record<number, 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning'> = {
  1: 'info',
  2: 'error',
  6: 'warning',
  7: 'secondary',
};

/** A supplier channel as a word, never a bare number. */
export function SourceChip({ source }: { source: number }) {
  const lang = useLang();
  return <Chip size="small" variant="outlined" color={COLORS[source] ?? 'default'} label={sourceEnum.label(source, lang)} />;
}
