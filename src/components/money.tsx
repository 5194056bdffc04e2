import Typography from '@mui/material/Typography';
import type { TypographyProps } from '@mui/material/Typography';
import type { Fen } from '../../contract';
import { formatFen } from '../lib/money';
import { useLang } from '../lib/use-lang';

/** An amount in fen shown in yuan, in the person's number format. */
export function Money({ fen, ...props }: { fen: Fen | null | undefined } & Omit<TypographyProps, 'children'>) {
  const lang = useLang();
  return (
    <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }} {...props}>
      {formatFen(fen, lang)}
    </Typography>
  );
}
