import { Suspense, useState, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import { lazyNamed, useMenuTrigger } from '../lib/lazy';
import type { SavedView } from './saved-views-popup';

const load = (key: string): SavedView[] => {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as SavedView[]).filter((x) => typeof x?.name === 'string' && typeof x?.search === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Named filter sets of a list, kept in this browser: a view is the list's URL query (filters, sort,
 * page size), so coming back to it is a navigation.
 */
// The menu and the naming dialog load on first open (or on hover / focus just before).
const SavedViewsPopup = lazyNamed(() => import('./saved-views-popup'), 'SavedViewsPopup');

export const SavedViews = memo(function SavedViews({ storageKey }: { storageKey: string }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const key = `supply-desk.views.${storageKey}`;
  const [views, setViews] = useState<SavedView[]>(() => load(key));
  const menu = useMenuTrigger(SavedViewsPopup.preload);
  const store = (next: SavedView[]) => {
    setViews(next);
    localStorage.setItem(key, JSON.stringify(next));
  };
  // Paging is not part of a view: it starts on page 1. The address is read when a view is saved, not
  // followed with useLocation: that drew this button again with every filter change.
  const current = () => {
    const p = new URLSearchParams(window.location.search);
    p.delete('page');
    p.delete('goods');
    p.delete('order');
    return p.toString();
  };
  return (
    <>
      <Button startIcon={<BookmarkBorderIcon />} {...menu.trigger} sx={{ whiteSpace: 'nowrap' }}>
        {t('views.title')}
      </Button>
      {menu.loaded && (
        <Suspense fallback={null}>
          <SavedViewsPopup
            anchor={menu.anchor}
            onClose={menu.close}
            views={views}
            onStore={store}
            current={current}
            onOpen={(v) => void navigate({ pathname: window.location.pathname, search: v.search ? `?${v.search}` : '' })}
          />
        </Suspense>
      )}
    </>
  );
});
