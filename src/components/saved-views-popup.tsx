import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';

/** A named filter set of a list: the list's URL query. */
export interface SavedView {
  name: string;
  search: string;
}

/** The menu of saved views and the dialog that names a new one (loaded on first open). */
export function SavedViewsPopup({
  anchor,
  onClose,
  views,
  onOpen,
  onStore,
  current,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  views: readonly SavedView[];
  onOpen: (view: SavedView) => void;
  onStore: (next: SavedView[]) => void;
  /** The list's query as a view keeps it (no page, no open product). */
  current: () => string;
}) {
  const { t } = useTranslation('app');
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const trimmed = name.trim();
  return (
    <>
      <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
        {views.length === 0 && (
          <MenuItem disabled>
            <Typography variant="body2">{t('views.none')}</Typography>
          </MenuItem>
        )}
        {views.map((v) => (
          <MenuItem
            key={v.name}
            onClick={() => {
              onClose();
              onOpen(v);
            }}
          >
            <ListItemText primary={v.name} />
            <IconButton
              size="small"
              edge="end"
              aria-label={t('views.delete', { name: v.name })}
              onClick={(e) => {
                e.stopPropagation();
                onStore(views.filter((x) => x.name !== v.name));
              }}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            onClose();
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
            onStore([...views.filter((v) => v.name !== trimmed), { name: trimmed, search: current() }]);
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
