import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useNavigate } from 'react-router-dom';
import { useHotkeys } from 'react-hotkeys-hook';
import IconButton from '@mui/material/IconButton';
import SearchIcon from '@mui/icons-material/Search';
import type { Order } from '../../../contract';
import { lazyNamed, useLatch } from '../../lib/lazy';
import type { PaletteItem } from './items';
import { focusSearch, GO_PAGES, moveRow, openRow, selectRow, type GoKey } from './keys';

// The palette and the sheet load when first opened (or when the button is pointed at).
const Palette = lazyNamed(() => import('./palette'), 'Palette');
const ShortcutSheet = lazyNamed(() => import('./shortcut-sheet'), 'ShortcutSheet');

export interface KeyboardToolsProps {
  /** The pages this person may open, named in their language. */
  pages: { to: string; label: string }[];
  /** The commands this person may give, worded with the palette's texts; `showShortcuts` opens the shortcut sheet. */
  commands: (t: TFunction<'keyboard'>, showShortcuts: () => void) => PaletteItem[];
  orderAgain?: (o: Order) => void;
  newAfterSale?: boolean;
  clock?: boolean;
  /** The `g` sequences whose page this person may open. */
  goKeys: GoKey[];
}

/** A popup (dialog, menu, drawer) is open: the page's shortcuts wait. */
const popupOpen = () => document.querySelector('.MuiModal-root:not(.MuiModal-hidden)') !== null;

/**
 * The app bar's search button and the keyboard: Ctrl+K / ⌘K opens the palette, `?` the shortcut
 * sheet, `g` then a letter goes to a page, and on lists `/`, `j`, `k`, Enter and `x`. None fires
 * while typing in a field (react-hotkeys-hook leaves form fields alone), nor over an open popup.
 */
export function KeyboardTools({ pages, commands, orderAgain, newAfterSale, clock, goKeys }: KeyboardToolsProps) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const [palette, setPalette] = useState(false);
  const [sheet, setSheet] = useState(false);
  const paletteLoaded = useLatch(palette);
  const sheetLoaded = useLatch(sheet);
  const page = { ignoreEventWhen: popupOpen };

  useHotkeys('mod+k', () => setPalette(true), { preventDefault: true, enableOnFormTags: true, enableOnContentEditable: true });
  // '?' is Shift+/ on most keyboards: matched by the character it makes, whatever the modifiers.
  useHotkeys('?', () => setSheet(true), { useKey: true, ignoreModifiers: true, ...page });
  useHotkeys(
    goKeys.map((k) => `g>${k}`),
    (_e, h) => {
      if (popupOpen()) return; // (sequences do not consult ignoreEventWhen)
      const key = h.hotkey.split('>').pop() as GoKey;
      void navigate(GO_PAGES[key]);
    },
    page,
    [goKeys],
  );
  useHotkeys('/', (e) => focusSearch() && e.preventDefault(), { useKey: true, ...page });
  useHotkeys('j', (e) => moveRow(1) && e.preventDefault(), page);
  useHotkeys('k', (e) => moveRow(-1) && e.preventDefault(), page);
  useHotkeys('enter', (e) => openRow() && e.preventDefault(), page);
  useHotkeys('x', (e) => selectRow() && e.preventDefault(), page);

  const label = t('search.open');
  return (
    <>
      <IconButton
        aria-label={label}
        title={label}
        onClick={() => setPalette(true)}
        onPointerEnter={Palette.preload}
        onFocus={Palette.preload}
        data-testid="palette-button"
      >
        <SearchIcon />
      </IconButton>
      {paletteLoaded && (
        <Suspense fallback={null}>
          <Palette
            open={palette}
            onClose={() => setPalette(false)}
            pages={pages}
            commands={(tk) => commands(tk, () => setSheet(true))}
            orderAgain={orderAgain}
            newAfterSale={newAfterSale}
            clock={clock}
          />
        </Suspense>
      )}
      {sheetLoaded && (
        <Suspense fallback={null}>
          <ShortcutSheet open={sheet} onClose={() => setSheet(false)} goKeys={goKeys} />
        </Suspense>
      )}
    </>
  );
}
