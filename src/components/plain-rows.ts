import type { Theme } from '@mui/material/styles';
import { sourceTagStyles } from './source-chip';

/**
 * Table body rows as plain `tr`/`td` elements with class names (`gt-row`, `gt-cell`, `gt-num`…), styled
 * once for the whole table (its `sx`) with the values MUI's TableRow, TableCell (small), Typography
 * and Link use; the goods table and the order list draw their rows so. A row of MUI components
 * was about 75 components (each cell, text and link a styled component that serialises its styles on
 * every render): drawing the 20 rows of a new filter took ~50 ms of the wait in a CPU profile.
 */
export const PLAIN_ROWS = (theme: Theme) => {
  const { palette, typography } = theme;
  const border = `1px solid ${
    palette.mode === 'light' ? theme.lighten(theme.alpha(palette.divider, 1), 0.88) : theme.darken(theme.alpha(palette.divider, 1), 0.68)
  }`;
  return {
    '& .gt-row': { color: 'inherit', display: 'table-row', verticalAlign: 'middle', outline: 0 },
    '& .gt-row:hover': { backgroundColor: palette.action.hover },
    '& .gt-row.gt-selected': {
      backgroundColor: theme.alpha(palette.primary.main, palette.action.selectedOpacity),
      '&:hover': {
        backgroundColor: theme.alpha(palette.primary.main, `${palette.action.selectedOpacity} + ${palette.action.hoverOpacity}`),
      },
    },
    '& .gt-cell': {
      ...typography.body2,
      display: 'table-cell',
      verticalAlign: 'inherit',
      borderBottom: border,
      textAlign: 'left',
      padding: '6px 16px',
      color: palette.text.primary,
    },
    '& .gt-check': { width: 24, padding: '0 12px 0 16px', '& > *': { padding: 0 } },
    '& .gt-num': { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
    '& .gt-nowrap': { whiteSpace: 'nowrap' },
    '& .gt-sticky': {
      position: 'sticky',
      right: 0,
      backgroundColor: palette.background.paper,
      boxShadow: `inset 1px 0 0 ${palette.divider}`,
      zIndex: 1,
    },
    '& .gt-title': { minWidth: 200 },
    '& .gt-stack': { display: 'flex', flexDirection: 'column' },
    '& .gt-img': { borderRadius: `${theme.shape.borderRadius}px`, objectFit: 'cover', display: 'block' },
    '& .gt-text': { margin: 0, ...typography.body2, fontWeight: 500 },
    '& .gt-caption': { margin: 0, ...typography.caption, color: palette.text.secondary },
    '& .gt-link': {
      margin: 0,
      ...typography.body2,
      fontWeight: 500,
      textAlign: 'left',
      color: palette.primary.main,
      textDecoration: 'none',
      '&:hover': { textDecoration: 'underline' },
      position: 'relative',
      WebkitTapHighlightColor: 'transparent',
      backgroundColor: 'transparent',
      outline: 0,
      border: 0,
      borderRadius: 0,
      padding: 0,
      cursor: 'pointer',
      userSelect: 'none',
      verticalAlign: 'middle',
      appearance: 'none',
      '&:focus-visible': { outline: 'auto' },
    },
    ...sourceTagStyles(theme),
  } as const;
};
