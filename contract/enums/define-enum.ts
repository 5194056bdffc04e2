export type Lang = 'zh-CN' | 'en';
export interface EnumLabel {
  'zh-CN': string;
  en: string;
}

export interface EnumModule<V extends number | string> {
  /** The upstream field this enum describes, e.g. `order.status`. */
  field: string;
  values: readonly V[];
  labels: Readonly<Record<V, EnumLabel>>;
  /** A label for any value, including ones the real service sends that we do not know yet: "unknown (N)". */
  label(value: V | number | string | null | undefined, lang: Lang): string;
  has(value: unknown): value is V;
}

const UNKNOWN: EnumLabel = { 'zh-CN': '未知', en: 'unknown' };

export function defineEnum<V extends number | string>(field: string, labels: Record<V, EnumLabel>): EnumModule<V> {
  // Object keys are always strings; numeric enums get their numbers back.
  const values = Object.keys(labels).map((k) => (/^-?\d+$/.test(k) ? Number(k) : k)) as V[];
  const has = (value: unknown): value is V => values.some((v) => String(v) === String(value));
  return {
    field,
    values,
    labels,
    has,
    label(value, lang) {
      if (value !== null && value !== undefined && has(value)) {
        return labels[String(value) as V][lang];
      }
      return `${UNKNOWN[lang]} (${value === undefined || value === null ? '—' : String(value)})`;
    },
  };
}
