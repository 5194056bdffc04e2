import { Suspense, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import { lazyNamed, useLatch } from '../lib/lazy';

export interface ChecklistItem {
  value: string;
  label: string;
  checked: boolean;
}

// The menu machinery (popover, modal, focus handling) loads on first open, or on hover / focus just before.
const ChecklistMenu = lazyNamed(() => import('./checklist-menu'), 'ChecklistMenu');

/** A button that opens a list of checkboxes: columns to show, brands to filter by. */
export function ChecklistButton({
  children,
  icon,
  items,
  onToggle,
  header,
  empty,
  ariaLabel,
}: {
  children: ReactNode;
  icon?: ReactNode;
  items: readonly ChecklistItem[];
  onToggle: (value: string) => void;
  header?: string;
  empty?: string;
  ariaLabel?: string;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const loaded = useLatch(!!anchor);
  return (
    <>
      <Button
        startIcon={icon}
        onClick={(e) => setAnchor(e.currentTarget)}
        onPointerEnter={ChecklistMenu.preload}
        onFocus={ChecklistMenu.preload}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        aria-label={ariaLabel}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {children}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ChecklistMenu anchor={anchor} onClose={() => setAnchor(null)} items={items} onToggle={onToggle} header={header} empty={empty} />
        </Suspense>
      )}
    </>
  );
}
