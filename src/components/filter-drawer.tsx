import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The filters of a list on a phone: a sheet from the bottom (loaded on first open). */
export function FilterDrawer({
  open,
  onClose,
  title,
  doneLabel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  doneLabel: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { 'aria-labelledby': 'filter-drawer-title', sx: { maxHeight: '85vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 } },
      }}
    >
      <Box sx={{ p: 2, overflowY: 'auto' }}>
        <Typography id="filter-drawer-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {/* Every control takes the sheet's width. */}
        <Stack spacing={2} sx={{ '& > *': { width: '100%', maxWidth: 'none' } }}>
          {children}
        </Stack>
        <Button variant="contained" fullWidth onClick={onClose} sx={{ mt: 3 }}>
          {doneLabel}
        </Button>
      </Box>
    </Drawer>
  );
}
