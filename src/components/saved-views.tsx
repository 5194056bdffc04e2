import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';

interface SavedView {
  name: string;
  search: string;
}

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
export function SavedViews({ storageKey }: { storageKey: string }) {
  const { t } = useTranslation('app');
  const location = useLocation();
  const navigate = useNavigate();
  const key = `supply-desk.views.${storageKey}`;
  const [views, setViews] = useState<SavedView[]>(() => load(key));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const store = (next: SavedView[]) => {
    setViews(next);
    localStorage.setItem(key, JSON.stringify(next));
  };
  // Paging is not part of a view: it starts on page 1.
  const current = () => {
    const p = new URLSearchParams(location.search);
    p.delete('page');
    p.delete('goods');
    return p.toString();
  };
  const trimmed = name.trim();
  return (
    <>
      <Button startIcon={<BookmarkBorderIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu">
        {t('views.title')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {views.length === 0 && (
          <MenuItem disabled>
            <Typography variant="body2">{t('views.none')}</Typography>
          </MenuItem>
        )}
        {views.map((v) => (
          <MenuItem
            key={v.name}
            onClick={() => {
              setAnchor(null);
              void navigate({ pathname: location.pathname, search: v.search ? `?${v.search}` : '' });
            }}
          >
            <ListItemText primary={v.name} />
            <IconButton
              size="small"
              edge="end"
              aria-label={t('views.delete', { name: v.name })}
              onClick={(e) => {
                e.stopPropagation();
                store(views.filter((x) => x.name !== v.name));
              }}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setName('');
            setNaming(true);
          }}
        >
          {t('views.save')}
        </MenuItem>
      </Menu>
      <Dialog open={naming} onClose={() => setNaming(false)} maxWidth="xs" fullWidth>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!trimmed) return;
            store([...views.filter((v) => v.name !== trimmed), { name: trimmed, search: current() }]);
            setNaming(false);
          }}
        >
          <DialogTitle>{t('views.save')}</DialogTitle>
          <DialogContent>
            <TextField
              fullWidth
              label={t('views.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 40 } }}
              sx={{ mt: 1 }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setNaming(false)}>{t('views.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!trimmed}>
              {t('views.confirm')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
