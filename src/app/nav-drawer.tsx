import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';

/** The navigation on narrow screens: a drawer that slides over the page (loaded on first open). */
export function NavDrawer({
  open,
  onClose,
  width,
  label,
  children,
}: {
  open: boolean;
  onClose: () => void;
  width: number;
  /** Names the drawer for screen readers. */
  label: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      slotProps={{ paper: { 'aria-label': label } }}
      sx={{ '& .MuiDrawer-paper': { width } }}
    >
      {children}
    </Drawer>
  );
}
