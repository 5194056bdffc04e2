import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { GOODS_COLUMNS, type GoodsColumn } from './goods-table';

/** The shown columns of a list, remembered in this browser under `storageKey`. */
export function useRememberedColumns(storageKey: string) {
  const key = `supply-desk.columns.${storageKey}`;
  const [columns, setColumns] = useState<Set<GoodsColumn>>(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
      if (Array.isArray(saved)) return new Set(saved.filter((c): c is GoodsColumn => (GOODS_COLUMNS as readonly string[]).includes(c)));
    } catch {
      /* fall through to all columns */
    }
    return new Set(GOODS_COLUMNS);
  });
  const update = (next: Set<GoodsColumn>) => {
    setColumns(next);
    localStorage.setItem(key, JSON.stringify([...next]));
  };
  return [columns, update] as const;
}

export function ColumnsMenu({ columns, onChange }: { columns: ReadonlySet<GoodsColumn>; onChange: (next: Set<GoodsColumn>) => void }) {
  const { t } = useTranslation('app');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button startIcon={<ViewColumnIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        {t('columnsMenu')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {GOODS_COLUMNS.map((c) => (
          <MenuItem
            key={c}
            onClick={() => {
              const next = new Set(columns);
              if (next.has(c)) next.delete(c);
              else next.add(c);
              onChange(next);
            }}
          >
            <Checkbox edge="start" checked={columns.has(c)} tabIndex={-1} disableRipple size="small" />
            <ListItemText primary={t(`goods.columns.${c}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
