import { memo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { queryOptions } from '@tanstack/react-query';
import { callOp } from '../lib/bff';
import { STALE } from '../lib/stale';
import { SelectField } from './fields';

/** Children of a category (parent 0 = the top level) of one channel, from GetCategory. */
export const categoryChildrenQuery = (source: number, parent: number) =>
  queryOptions({
    queryKey: ['categories', source, parent] as const,
    queryFn: ({ signal }) => callOp('category.children', { source, parent_id: parent }, { signal }),
    staleTime: STALE.reference,
    enabled: source > 0,
  });

function Level({
  source,
  parent,
  level,
  value,
  onPick,
}: {
  source: number;
  parent: number;
  level: number;
  value: number | undefined;
  onPick: (id: number | undefined) => void;
}) {
  const { t } = useTranslation('app');
  const q = useQuery(categoryChildrenQuery(source, parent));
  const options = q.data ?? [];
  if (q.isSuccess && options.length === 0) return null;
  return (
    <SelectField
      label={t('category.level', { level })}
      value={value !== undefined && options.some((o) => o.id === value) ? String(value) : ''}
      onChange={(v) => onPick(v === '' ? undefined : Number(v))}
      choices={[{ value: '', label: t('category.any') }, ...options.map((c) => ({ value: String(c.id), label: c.title }))]}
      sx={{ minWidth: 150 }}
      disabled={q.isPending}
    />
  );
}

/**
 * Categories picked level by level (GetCategory), deepest last; each level appears once its parent is
 * picked. Drawn again only when the channel, the picked path (by its ids, not the array) or the
 * callback changes.
 */
export const CategoryPicker = memo(
  function CategoryPicker({ source, path, onChange }: { source: number; path: number[]; onChange: (path: number[]) => void }) {
    const { t } = useTranslation('app');
    if (!source) {
      return (
        <Typography variant="body2" color="textSecondary" sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}>
          {t('category.pickChannel')}
        </Typography>
      );
    }
    const parents = [0, ...path].slice(0, 3);
    return (
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {parents.map((parent, i) => (
          <Level
            key={`${i}-${parent}`}
            source={source}
            parent={parent}
            level={i + 1}
            value={path[i]}
            onPick={(id) => onChange(id === undefined ? path.slice(0, i) : [...path.slice(0, i), id])}
          />
        ))}
      </Stack>
    );
  },
  (a, b) => a.source === b.source && a.onChange === b.onChange && a.path.join() === b.path.join(),
);
