/**
 * Whether rows of a sheet go to one person at one address. One shop order number goes to one
 * address: rows that share a number but not a consignee or an address are two customers whose numbers
 * collided, never one order to merge. Shared by the page (it shows such rows row by row, to be given
 * their own number, dropped or made to agree on purpose) and the gateway (a job whose order holds such
 * rows is refused). No schema library: the page's sheet chunk imports it.
 */

/** The cells that say who gets an order and where. */
export const IMPORT_ADDRESS_COLUMNS = ['consignee', 'phone', 'province', 'city', 'area', 'street', 'description'] as const;
export type ImportAddressColumn = (typeof IMPORT_ADDRESS_COLUMNS)[number];

/** Full-width forms folded, spaces and case dropped: "１号楼 302" is "1号楼302". */
const text = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
/** A region's name without its level word: "北京市" is "北京", "朝阳区" is "朝阳". */
const region = (s: string) => text(s).replace(/(特别行政区|自治区|自治州|自治县|省|市|区|县)$/, '');
/** The digits of a phone, without the country code: "+86 138-0013-8000" is "13800138000". */
const phone = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/\D/g, '')
    .replace(/^86(?=1\d{10}$)/, '');

/**
 * The address of a row as compared: two rows with the same key go to the same person at the same
 * place however they were written (full-width digits, spaces, "北京" or "北京市", a phone with dashes).
 */
export function importAddressKey(cells: Partial<Record<ImportAddressColumn, string>>): string {
  const v = (c: ImportAddressColumn) => cells[c] ?? '';
  return [
    text(v('consignee')),
    phone(v('phone')),
    region(v('province')),
    region(v('city')),
    region(v('area')),
    text(v('street')),
    text(v('description')),
  ].join('\u0000');
}

/**
 * Rows grouped by their address, in the order first seen (each group the row numbers it holds): one
 * group is one order's worth; more than one under one order number is a conflict.
 */
export function importAddressGroups<R extends { row: number }>(
  rows: R[],
  cells: (r: R) => Partial<Record<ImportAddressColumn, string>>,
): number[][] {
  const groups = new Map<string, number[]>();
  for (const r of rows) {
    const key = importAddressKey(cells(r));
    const g = groups.get(key);
    if (g) g.push(r.row);
    else groups.set(key, [r.row]);
  }
  return [...groups.values()];
}

/**
 * A number for rows given their own order: the shared one with `-2`, `-3`… (cut to the supplier's 64
 * characters), the first that is none of `taken` (the sheet's numbers, those placed before, those
 * suggested already).
 */
export function suggestOrderSn(base: string, taken: ReadonlySet<string>): string {
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const sn = base.slice(0, 64 - suffix.length) + suffix;
    if (!taken.has(sn)) return sn;
  }
}
