import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { GOODS_COLUMNS, type GoodsColumn } from './goods-table';
import { ChecklistButton } from './checklist-button';

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
  return (
    <ChecklistButton
      icon={<ViewColumnIcon />}
      items={GOODS_COLUMNS.map((c) => ({ value: c, label: t(`goods.columns.${c}`), checked: columns.has(c) }))}
      onToggle={(value) => {
        const c = value as GoodsColumn;
        const next = new Set(columns);
        if (next.has(c)) next.delete(c);
        else next.add(c);
        onChange(next);
      }}
    >
      {t('columnsMenu')}
    </ChecklistButton>
  );
}
