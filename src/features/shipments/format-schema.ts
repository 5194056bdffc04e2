import { z } from 'zod';
import type { TFunction } from 'i18next';
import { CONTROL_CHAR, FORMULA_START } from '../../../contract/formula';
import { SHEET_FIELDS, SHEET_FORMAT_LIMITS as L, type OwnFormatInput, type SheetColumn } from '../../../contract/schemas/shipments';

/** What the format editor holds (src/features/shipments/components/format-editor.tsx). */
export interface FormatValues {
  name: string;
  columns: SheetColumn[];
  rows: 'package' | 'order';
  joiner: string;
  /** One box per courier: the supplier's code and the shop's name for it ('' for the supplier's own). */
  carriers: { code: string; shop: string }[];
}

/** The gateway's rules for a format (contract/schemas/shipments.ts), said in the person's language. */
export function formatSchema(t: TFunction<'shipments'>) {
  const cell = (empty: string, long: string, max: number) =>
    z
      .string()
      .trim()
      .min(1, t(empty))
      .max(max, t(long, { max }))
      .refine((s) => !FORMULA_START.test(s), t('editor.errors.formula'))
      .refine((s) => !CONTROL_CHAR.test(s), t('editor.errors.control'));
  return z
    .object({
      name: cell('editor.errors.nameEmpty', 'editor.errors.nameLong', L.nameChars),
      columns: z
        .array(
          z.object({ field: z.enum(SHEET_FIELDS), header: cell('editor.errors.headerEmpty', 'editor.errors.headerLong', L.headerChars) }),
        )
        .min(1, t('editor.errors.noColumns'))
        .max(L.columns, t('editor.errors.tooManyColumns', { max: L.columns })),
      rows: z.enum(['package', 'order']),
      joiner: z.string(),
      carriers: z.array(
        z.object({
          code: z.string(),
          shop: z
            .string()
            .trim()
            .max(L.courierNameChars, t('editor.errors.courierLong', { max: L.courierNameChars }))
            .refine((s) => !FORMULA_START.test(s), t('editor.errors.formula'))
            .refine((s) => !CONTROL_CHAR.test(s), t('editor.errors.control')),
        }),
      ),
    })
    .superRefine((v, ctx) => {
      const seen = new Map<string, number>();
      v.columns.forEach((c, i) => {
        const h = c.header.trim();
        if (h && seen.has(h)) ctx.addIssue({ code: 'custom', path: ['columns', i, 'header'], message: t('editor.errors.headerTwice') });
        else seen.set(h, i);
      });
      if (v.columns.length && !v.columns.some((c) => c.field === 'trackingNo'))
        ctx.addIssue({ code: 'custom', path: ['columns', 'root'], message: t('editor.errors.noTracking') });
      if (v.rows === 'order') {
        const message = !v.joiner
          ? t('editor.errors.joinerEmpty')
          : v.joiner.length > L.joinerChars
            ? t('editor.errors.joinerLong', { max: L.joinerChars })
            : CONTROL_CHAR.test(v.joiner) || FORMULA_START.test(v.joiner)
              ? t('editor.errors.control')
              : null;
        if (message) ctx.addIssue({ code: 'custom', path: ['joiner'], message });
      }
    });
}

/** The values as the gateway takes them: trimmed, the carrier map without empty names. */
export function formatInput(v: FormatValues): OwnFormatInput {
  const map: Record<string, string> = {};
  for (const c of v.carriers) if (c.shop.trim()) map[c.code] = c.shop.trim();
  return {
    name: v.name.trim(),
    columns: v.columns.map((c) => ({ field: c.field, header: c.header.trim() })),
    perOrder: v.rows === 'order',
    ...(v.rows === 'order' ? { joiner: v.joiner } : {}),
    carrierMap: map,
  };
}
