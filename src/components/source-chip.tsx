import Chip from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';
import { source as sourceEnum } from '../../contract/enums/source';
import type { Lang } from '../../contract/enums';
import { useLang } from '../lib/use-lang';

type TagColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';
const COLORS: Record<number, TagColor> = {
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

/**
 * The same channel word for long lists (every row or card of a page): a plain `span` whose look,
 * MUI's small outlined Chip, comes from `sourceTagStyles` set once on the list around it, so a page of
 * rows does not render, serialise and insert a styled component per row.
 */
export function SourceTag({ source, lang }: { source: number; lang: Lang }) {
  return <span className={`sd-tag sd-tag-${COLORS[source] ?? 'default'}`}>{sourceEnum.label(source, lang)}</span>;
}

/** The styles of `SourceTag`, for the `sx` of the list that holds the tags (values of MUI's Chip). */
export function sourceTagStyles(theme: Theme) {
  const { palette, typography } = theme;
  const colored = (['primary', 'secondary', 'error', 'info', 'success', 'warning'] as const).map((c) => [
    `& .sd-tag-${c}`,
    { color: palette[c].main, borderColor: theme.alpha(palette[c].main, 0.7) },
  ]);
  return {
    '& .sd-tag': {
      maxWidth: '100%',
      display: 'inline-flex',
      alignItems: 'center',
      boxSizing: 'border-box',
      height: 24,
      padding: '0 7px',
      borderRadius: '12px',
      border: `1px solid ${palette.mode === 'light' ? palette.grey[400] : palette.grey[700]}`,
      fontFamily: typography.fontFamily,
      fontSize: typography.pxToRem(12),
      lineHeight: 1.5,
      color: palette.text.primary,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      verticalAlign: 'middle',
    },
    ...Object.fromEntries(colored),
  };
}
