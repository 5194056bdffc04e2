import {
  afterSalePackageType,
  afterSalePickType,
  afterSaleReason,
  afterSaleReturnType,
  afterSaleServiceType,
  type EnumModule,
  type Lang,
} from '../../../contract/enums';

/** The option names answered for a request when it was made, kept so its record reads in words later. */
export interface RememberedNames {
  service?: string;
  reason?: string;
  pick?: string;
  package?: string;
  return?: string;
  /** The goods line, as the order showed it. */
  goods?: string;
  skuName?: string;
}
export type NameField = 'service' | 'reason' | 'pick' | 'package' | 'return';

const STORAGE_KEY = 'supply-desk.after-sale.names';
/** Enough for years of a support desk; the oldest are dropped first. */
const MAX_ENTRIES = 2000;

function readAll(): Record<string, RememberedNames> {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, RememberedNames>) : {};
  } catch {
    return {};
  }
}

/** Remembers the names answered at apply time for after-sale `id` (in this browser). */
export function rememberNames(id: number, names: RememberedNames) {
  try {
    const all = readAll();
    all[String(id)] = names;
    const ids = Object.keys(all);
    for (const old of ids.slice(0, Math.max(0, ids.length - MAX_ENTRIES))) delete all[old];
    localStorage.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    /* storage full or unavailable: the record still shows the known names */
  }
}

export function rememberedNames(id: number): RememberedNames {
  return readAll()[String(id)] ?? {};
}

const ENUMS: Record<NameField, EnumModule<string>> = {
  service: afterSaleServiceType,
  reason: afterSaleReason,
  pick: afterSalePickType,
  package: afterSalePackageType,
  return: afterSaleReturnType,
};

/** The name of a code in words: as answered at apply time, else the contract's known name, else "unknown (code)". */
export function codeName(field: NameField, code: string | undefined, remembered: RememberedNames, lang: Lang): string {
  if (!code) return '—';
  return remembered[field] ?? ENUMS[field].label(code, lang);
}
