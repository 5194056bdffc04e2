import type { Order } from '../../../contract';

/** A line in a package, as the shop's sheet names it. */
export interface PackageLine {
  name: string;
  spec: string;
  quantity: number;
}

/** A package as the shipments table keeps it (without its own bookkeeping). */
export interface PackageRow {
  shop_order_sn: string;
  order_sn: string;
  child_sn: string;
  channel: number;
  courier_name: string;
  tracking_no: string;
  shipped_at: number;
  lines: string;
}

/**
 * The packages of an order as the supplier answered it: for each channel child, its goods lines
 * grouped by tracking number (`deliverNo`); lines without one have not shipped and are in none. A
 * child that ships in two parcels is two packages; one not shipped yet is none, and becomes one when
 * it ships. Lines in the order the supplier gives them.
 */
export function packagesOf(o: Order): PackageRow[] {
  const out: PackageRow[] = [];
  for (const c of o.children) {
    const by = new Map<string, { courier: string; lines: PackageLine[] }>();
    for (const l of c.goods) {
      const no = l.deliverNo.trim();
      if (!no) continue;
      const had = by.get(no) ?? { courier: '', lines: [] };
      if (!had.courier && l.deliverName) had.courier = l.deliverName.trim();
      had.lines.push({ name: l.name, spec: l.skuName, quantity: l.number });
      by.set(no, had);
    }
    for (const [no, p] of by)
      out.push({
        shop_order_sn: o.thirdSn,
        order_sn: o.sn,
        child_sn: c.sn,
        channel: c.source,
        courier_name: p.courier,
        tracking_no: no,
        // A child shows when it shipped; a line that has a number on a child without that time: when it was ordered.
        shipped_at: c.deliverTime || c.createdTime || o.createdTime,
        lines: JSON.stringify(p.lines),
      });
  }
  return out;
}
