import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableRowsIcon from '@mui/icons-material/TableRows';
import GridViewIcon from '@mui/icons-material/GridView';

// Made once, so the memoised buttons see the same props between renders.
const TABLE_ICON = <TableRowsIcon fontSize="small" />;
const CARDS_ICON = <GridViewIcon fontSize="small" />;
const SELECTED_SX = { bgcolor: 'action.selected' } as const;

/** Table or cards: the two buttons of a goods list's view (catalogue, library). */
export const ViewToggle = memo(function ViewToggle({ shown, onPick }: { shown: string; onPick: (v: 'table' | 'cards') => void }) {
  const { t } = useTranslation('app');
  return (
    <Stack direction="row" role="group" aria-label={t('goods.view.label')}>
      {(
        [
          ['table', t('goods.view.table'), TABLE_ICON],
          ['cards', t('goods.view.cards'), CARDS_ICON],
        ] as const
      ).map(([v, label, icon]) => (
        <IconButton
          key={v}
          aria-label={label}
          title={label}
          aria-pressed={shown === v}
          color={shown === v ? 'primary' : 'default'}
          onClick={() => onPick(v)}
          sx={shown === v ? SELECTED_SX : undefined}
        >
          {icon}
        </IconButton>
      ))}
    </Stack>
  );
});
