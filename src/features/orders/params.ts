/** What a failed order's `params` (the submit request as the supplier kept it) says, read defensively. */
export interface FailedParams {
  lines: { sku: number; number: number; price?: number }[];
  address?: { consignee?: string; phone?: string; province?: string; city?: string; area?: string; street?: string; description?: string };
  strictMode?: boolean;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;

/** Never throws: text that is not the expected JSON gives no lines (and the page says it could not read them). */
export function readFailedParams(params: string): FailedParams | null {
  let raw: unknown;
  try {
    raw = JSON.parse(params);
  } catch {
    return null;
  }
  if (!isObj(raw)) return null;
  const spu = Array.isArray(raw.spu) ? raw.spu : [];
  const lines = spu.flatMap((l) => {
    if (!isObj(l)) return [];
    const sku = num(l.sku);
    const number = num(l.number);
    if (sku === undefined || number === undefined) return [];
    const price = num(l.price);
    return [{ sku, number, ...(price !== undefined ? { price } : {}) }];
  });
  const a = isObj(raw.address) ? raw.address : undefined;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    lines,
    address: a
      ? {
          consignee: str(a.consignee),
          phone: str(a.phone),
          province: str(a.province),
          city: str(a.city),
          area: str(a.area),
          street: str(a.street),
          description: str(a.description),
        }
      : undefined,
    strictMode: typeof raw.strictMode === 'boolean' ? raw.strictMode : undefined,
  };
}
