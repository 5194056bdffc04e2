import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { GO_KEYS, type GoKey } from './keys';

/** One shortcut: its keys (each a <kbd>; `then` between the keys of a sequence) and what it does. */
function Row({ keys, sequence, what }: { keys: string[]; sequence?: boolean; what: string }) {
  const { t } = useTranslation('keyboard');
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, flexWrap: 'wrap' }}>
      <span>{what}</span>
      <span>
        {keys.map((k, i) => (
          <span key={k}>
            {i > 0 && (
              <Box component="span" sx={{ mx: 0.5, color: 'text.secondary' }}>
                {sequence ? t('sheet.then') : '+'}
              </Box>
            )}
            <Box
              component="kbd"
              sx={{ px: 0.75, py: 0.25, border: 1, borderColor: 'divider', borderRadius: 1, fontFamily: 'monospace', fontSize: '0.85em' }}
            >
              {k}
            </Box>
          </span>
        ))}
      </span>
    </Box>
  );
}

const GO_TEXT: Record<GoKey, string> = { o: 'goOrders', c: 'goCatalogue', l: 'goLibrary', a: 'goAfterSale', m: 'goMessages' };

/** Every shortcut, in the person's language: the ones that go to a page only where the person may open it. */
export function ShortcutSheet({ open, onClose, goKeys }: { open: boolean; onClose: () => void; goKeys: GoKey[] }) {
  const { t } = useTranslation('keyboard');
  const mod = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';
  const section = (title: string, rows: React.ReactNode) => (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows}
      </Box>
    </Box>
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="shortcuts-title" data-testid="shortcut-sheet">
      <DialogTitle id="shortcuts-title">{t('sheet.title')}</DialogTitle>
      {/* A region that may scroll on a phone: reachable from the keyboard. */}
      <DialogContent tabIndex={0} role="region" aria-labelledby="shortcuts-title">
        {section(
          t('sheet.everywhere'),
          <>
            <Row keys={[mod, 'K']} what={t('sheet.keys.palette')} />
            <Row keys={['?']} what={t('sheet.keys.sheet')} />
            {GO_KEYS.filter((k) => goKeys.includes(k)).map((k) => (
              <Row key={k} keys={['g', k]} sequence what={t(`sheet.keys.${GO_TEXT[k]}`)} />
            ))}
          </>,
        )}
        {section(
          t('sheet.lists'),
          <>
            <Row keys={['/']} what={t('sheet.keys.search')} />
            <Row keys={['j']} what={t('sheet.keys.next')} />
            <Row keys={['k']} what={t('sheet.keys.previous')} />
            <Row keys={['Enter']} what={t('sheet.keys.open')} />
            <Row keys={['x']} what={t('sheet.keys.select')} />
          </>,
        )}
        {section(
          t('sheet.palette'),
          <>
            <Row keys={['↑ ↓']} what={t('sheet.keys.paletteMove')} />
            <Row keys={['Enter']} what={t('sheet.keys.paletteOpen')} />
            <Row keys={[mod, 'Enter']} what={t('sheet.keys.paletteDrawer')} />
            <Row keys={['Esc']} what={t('sheet.keys.paletteClose')} />
          </>,
        )}
        <Typography variant="body2" color="textSecondary">
          {t('sheet.note')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('sheet.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
