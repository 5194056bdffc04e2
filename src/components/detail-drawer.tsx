import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';

/**
 * A record's detail over a list (product, order, after-sale): slides in from the right, links to the
 * record's own page, closes with a button or Escape. Named by its heading (`labelledBy`) or a label.
 */
export function DetailDrawer({
  open,
  onClose,
  pageHref,
  openPageLabel,
  closeLabel,
  width,
  labelledBy,
  label,
  children,
}: {
  open: boolean;
  onClose: () => void;
  pageHref: string;
  openPageLabel: string;
  closeLabel: string;
  width: number;
  labelledBy?: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the app bar, which sits above the navigation drawer.
      sx={{ zIndex: (th) => th.zIndex.modal }}
      slotProps={{ paper: { 'aria-labelledby': labelledBy, 'aria-label': label, sx: { width: { xs: '100%', md: width } } } }}
    >
      {open && (
        <Box sx={{ p: { xs: 2, md: 3 } }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1 }}>
            <Button component={RouterLink} to={pageHref} startIcon={<OpenInNewIcon />} size="small">
              {openPageLabel}
            </Button>
            <IconButton onClick={onClose} aria-label={closeLabel} title={closeLabel}>
              <CloseIcon />
            </IconButton>
          </Stack>
          {children}
        </Box>
      )}
    </Drawer>
  );
}
