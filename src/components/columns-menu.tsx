import { useCallback, useState, memo } from 'react';
import { useTranslation } from 'react-i18next';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { GOODS_COLUMNS, type GoodsColumn } from './goods-table';
import { ChecklistButton } from './checklist-button';

/** The shown columns of a list, remembered in this browser under `storageKey` (any list's column names). */
export function useRememberedColumnSet<C extends string>(storageKey: string, all: readonly C[]) {
  const key = `supply-desk.columns.${storageKey}`;
  const [columns, setColumns] = useState<Set<C>>(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
      if (Array.isArray(saved)) return new Set(saved.filter((c): c is C => (all as readonly string[]).includes(c)));
    } catch {
      /* fall through to all columns */
    }
    return new Set(all);
  });
  // Stable, so a memoised columns button is not drawn again with every render of its list.
  const update = useCallback(
    (next: Set<C>) => {
      setColumns(next);
      localStorage.setItem(key, JSON.stringify([...next]));
    },
    [key],
  );
  return [columns, update] as const;
}

/** The shown goods columns of a goods list. */
export const useRememberedColumns = (storageKey: string) => useRememberedColumnSet<GoodsColumn>(storageKey, GOODS_COLUMNS);

/** A "Columns" button for any list: one checkbox per optional column, labelled by the caller. */
export function ColumnsChooser<C extends string>({
  all,
  columns,
  label,
  onChange,
}: {
  all: readonly C[];
  columns: ReadonlySet<C>;
  label: (c: C) => string;
  onChange: (next: Set<C>) => void;
}) {
  const { t } = useTranslation('app');
  return (
    <ChecklistButton
      icon={<ViewColumnIcon />}
      items={all.map((c) => ({ value: c, label: label(c), checked: columns.has(c) }))}
      onToggle={(value) => {
        const c = value as C;
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

export const ColumnsMenu = memo(function ColumnsMenu({
  columns,
  onChange,
}: {
  columns: ReadonlySet<GoodsColumn>;
  onChange: (next: Set<GoodsColumn>) => void;
}) {
  const { t } = useTranslation('app');
  return <ColumnsChooser all={GOODS_COLUMNS} columns={columns} label={(c) => t(`goods.columns.${c}`)} onChange={onChange} />;
});
