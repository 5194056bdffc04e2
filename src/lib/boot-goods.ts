import { BOOT_GOODS_ID } from '../../contract/constants';

/**
 * Takes away the catalogue's first goods that the HTML painted on a phone (server/first-list.ts):
 * once React's cards are drawn in their place (in the same frame, from a layout effect), or when the
 * page shows something else there (the table, nothing found, an error, another page).
 */
export function removeBootGoods() {
  document.getElementById(BOOT_GOODS_ID)?.remove();
}
