import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ChecklistItem } from './checklist-button';

/** The menu of a ChecklistButton (loaded on first open): one checkbox per item, toggled in place. */
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
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose} slotProps={{ paper: { sx: { maxHeight: 420 } } }}>
      {header && <ListSubheader sx={{ lineHeight: 2.5 }}>{header}</ListSubheader>}
      {items.length === 0 && empty && <MenuItem disabled>{empty}</MenuItem>}
      {items.map((item) => (
        <MenuItem key={item.value} onClick={() => onToggle(item.value)} role="menuitemcheckbox" aria-checked={item.checked}>
          <Checkbox edge="start" checked={item.checked} tabIndex={-1} disableRipple size="small" />
          <ListItemText primary={item.label} />
        </MenuItem>
      ))}
    </Menu>
  );
}
