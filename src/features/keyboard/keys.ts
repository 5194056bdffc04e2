/** `g` then a letter goes to a page: orders, catalogue, library, after-sale, messages. */
export const GO_KEYS = ['o', 'c', 'l', 'a', 'm'] as const;
export type GoKey = (typeof GO_KEYS)[number];
export const GO_PAGES: Record<GoKey, string> = { o: '/orders', c: '/catalogue', l: '/library', a: '/after-sale', m: '/messages' };

/**
 * The rows of the list on the page: table body rows and cards that carry `data-list-row`, skipping
 * the placeholders drawn while loading. Found in the page's main region, so drawers are left alone.
 */
function rows(): HTMLElement[] {
  const main = document.querySelector('main');
  if (!main) return [];
  return [...main.querySelectorAll<HTMLElement>('tbody tr, [data-list-row]')].filter(
    (r) => r.getAttribute('aria-hidden') !== 'true' && r.offsetParent !== null && !r.closest('[data-keys-skip]'),
  );
}

const current = (list: HTMLElement[]) => list.findIndex((r) => r === document.activeElement || r.contains(document.activeElement));

/** Moves the focus to the next (+1) or previous (-1) row; the first from nowhere. Resolves whether there was a row. */
export function moveRow(step: 1 | -1): boolean {
  const list = rows();
  if (list.length === 0) return false;
  const at = current(list);
  const next = list[at < 0 ? (step > 0 ? 0 : list.length - 1) : Math.min(list.length - 1, Math.max(0, at + step))]!;
  if (!next.hasAttribute('tabindex')) next.setAttribute('tabindex', '-1');
  next.focus();
  next.scrollIntoView({ block: 'nearest' });
  return true;
}

/** The row that has the focus (itself, not a control in it), if any. */
function focusedRow(): HTMLElement | undefined {
  const list = rows();
  return list[current(list)];
}

/** Opens the focused row: its own opener, else its first link, else its first button. */
export function openRow(): boolean {
  const row = focusedRow();
  if (!row || row !== document.activeElement) return false;
  const opener = row.querySelector<HTMLElement>('[data-row-open], a[href], button:not([disabled])');
  if (opener) opener.click();
  else row.click();
  return true;
}

/** Ticks or unticks the focused row's checkbox. */
export function selectRow(): boolean {
  const box = focusedRow()?.querySelector<HTMLInputElement>('input[type="checkbox"]:not([disabled])');
  box?.click();
  return !!box;
}

/** Puts the cursor in the list's search (the page's first search box, or the first field of its search region). */
export function focusSearch(): boolean {
  const field = document.querySelector<HTMLInputElement>(
    'main input[inputmode="search"], main input[type="search"], main [role="search"] input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"])',
  );
  field?.focus();
  field?.select();
  return !!field;
}
