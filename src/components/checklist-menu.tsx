import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';

/** One choice of a ChecklistButton. */
export interface ChecklistItem {
  value: string;
  label: string;
  checked: boolean;
}

/**
 * The menu of a ChecklistButton (loaded on first open): one item per choice, toggled in place. Each
 * item is itself the checkbox (`menuitemcheckbox` with `aria-checked`); the box drawn in it is a
 * picture, not a second control inside the first.
 */
export function ChecklistMenu({
  anchor,
  onClose,
  items,
  onToggle,
  header,
  empty,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  items: readonly ChecklistItem[];
  onToggle: (value: string) => void;
  header?: string;
  empty?: string;
}) {
  return (
    <Menu
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      slotProps={{ paper: { sx: { maxHeight: 420 } }, list: header ? { 'aria-label': header } : undefined }}
    >
      {header && (
        // A caption, not an item: outside the menu's roles.
        <Typography component="li" role="none" variant="caption" color="textSecondary" sx={{ display: 'block', px: 2, py: 1 }}>
          {header}
        </Typography>
      )}
      {items.length === 0 && empty && <MenuItem disabled>{empty}</MenuItem>}
      {items.map((item) => (
        <MenuItem key={item.value} onClick={() => onToggle(item.value)} role="menuitemcheckbox" aria-checked={item.checked}>
          <ListItemIcon sx={{ color: item.checked ? 'primary.main' : undefined }}>
            {item.checked ? <CheckBoxIcon fontSize="small" /> : <CheckBoxOutlineBlankIcon fontSize="small" />}
          </ListItemIcon>
          <ListItemText primary={item.label} />
        </MenuItem>
      ))}
    </Menu>
  );
}
