import { BOOT_GOODS_ID, BOOT_PERIOD_ID } from '../../contract/constants';

/** What the HTML painted of a landing's first list (server/first-list.ts), by the page it is of. */
export const BOOT_PAINT = { [BOOT_GOODS_ID]: '/catalogue', [BOOT_PERIOD_ID]: '/overview' } as const;

/**
 * Takes away what the HTML painted of a landing's first list: the catalogue's first goods on a phone,
 * the overview's line of days on a wide screen. Once React has drawn its own in their place (in the
 * same frame, from a layout effect), or when the page shows something else there (the table, nothing
 * found, an error, another period, another page).
 */
export function removeBootPaint(id: keyof typeof BOOT_PAINT) {
  document.getElementById(id)?.remove();
}
