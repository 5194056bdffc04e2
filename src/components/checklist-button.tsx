import { Suspense, type ReactNode, memo } from 'react';
import Button from '@mui/material/Button';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { lazyNamed, useMenuTrigger } from '../lib/lazy';
import type { ChecklistItem } from './checklist-menu';

export type { ChecklistItem };

// The menu machinery (popover, modal, focus handling) loads on first open, or on hover / focus just before.
const ChecklistMenu = lazyNamed(() => import('./checklist-menu'), 'ChecklistMenu');

/** A button that opens a list of checkboxes: columns to show, brands to filter by. */
export const ChecklistButton = memo(function ChecklistButton({
  children,
  icon,
  items,
  onToggle,
  header,
  empty,
  variant = 'text',
  order,
}: {
  children: ReactNode;
  icon?: ReactNode;
  items: readonly ChecklistItem[];
  onToggle: (value: string) => void;
  header?: string;
  empty?: string;
  /** `outlined` with a drop-down arrow where it stands among fields as a filter. */
  variant?: 'text' | 'outlined';
  /** The menu's order, applied when it opens (e.g. a collator, whose data need not load with the page). */
  order?: (a: ChecklistItem, b: ChecklistItem) => number;
}) {
  const menu = useMenuTrigger(ChecklistMenu.preload);
  return (
    <>
      <Button
        startIcon={icon}
        variant={variant}
        endIcon={variant === 'outlined' ? <ArrowDropDownIcon /> : undefined}
        {...menu.trigger}
        sx={
          variant === 'outlined'
            ? {
                whiteSpace: 'nowrap',
                color: 'text.primary',
                borderColor: 'divider',
                minHeight: 40,
                maxWidth: 320,
              }
            : { whiteSpace: 'nowrap' }
        }
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{children}</span>
      </Button>
      {menu.loaded && (
        <Suspense fallback={null}>
          <ChecklistMenu
            anchor={menu.anchor}
            onClose={menu.close}
            items={order ? [...items].sort(order) : items}
            onToggle={onToggle}
            header={header}
            empty={empty}
          />
        </Suspense>
      )}
    </>
  );
});
