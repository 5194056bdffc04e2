import { z } from 'zod';
import type { TFunction } from 'i18next';
import type { AfterSaleOptions, Fen, OpInput } from '../../../../../contract';
import { DOOR_PICKUP_CODES } from '../../../../../contract/enums';
import { yuanToFen } from '../../../../lib/money';
import { addressFormSchema } from '../../../../lib/address-form';

/** The goods line a request is about, as the order shows it. */
export interface LineInfo {
  /** The merchant's order number (what the after-sale operations take as `orderSn`). */
  orderSn: string;
  sku: number;
  /** The goods-line number (…_1_1_1), when known. */
  lineSn?: string;
  name: string;
  skuName?: string;
  image?: string;
  /** Unit price paid, fen. */
  price: Fen;
  /** Units bought on the line. */
  number: number;
  /** Freight paid for the line's package, fen: the most carriage that can be refunded. */
  freight: Fen;
  /** The order's delivery address, to prefill the contact. */
  address?: Partial<Contact>;
}

export interface Contact {
  consignee: string;
  phone: string;
  province: string;
  city: string;
  area: string;
  street: string;
  description: string;
}
export const CONTACT_FIELDS = ['consignee', 'phone', 'province', 'city', 'area', 'street', 'description'] as const;

/** Everything the wizard asks, as typed (amounts are yuan text until the request is built). */
export interface WizardValues {
  serviceTypeCode: string;
  reasonsTypeCode: string;
  reasonsDescription: string;
  pickTypeCode: string;
  packageTypeCode: string;
  returnTypeCode: string;
  serviceTime: string;
  num: string;
  goodsFee: string;
  logisticFee: string;
  vouchers: string[];
  contact: Contact;
}

export type StepKey = 'what' | 'why' | 'how' | 'amount' | 'vouchers' | 'contact' | 'review';

/** Fen as the text a yuan field starts with (the form boundary; components never divide). */
export const yuanText = (fen: Fen) => (fen / 100).toFixed(2);
const YUAN = /^\d+(\.\d{1,2})?$/;

/** Fields that depend on the service type, cleared when it changes. */
export const SERVICE_DEPENDENT = ['pickTypeCode', 'packageTypeCode', 'returnTypeCode', 'serviceTime'] as const;

/** What the service-dependent fields go back to when the service changes (a single offered choice stays chosen). */
export function serviceDependentDefaults(o: AfterSaleOptions): Pick<WizardValues, (typeof SERVICE_DEPENDENT)[number]> {
  const only = (list: { code: string }[]) => (list.length === 1 ? list[0]!.code : '');
  return { pickTypeCode: only(o.pickType), packageTypeCode: only(o.packageType), returnTypeCode: only(o.returnType), serviceTime: '' };
}

export const offersHow = (o: AfterSaleOptions) => o.pickType.length + o.packageType.length + o.returnType.length > 0;

export function stepsFor(o: AfterSaleOptions): StepKey[] {
  return ['what', 'why', ...(offersHow(o) ? (['how'] as const) : []), 'amount', 'vouchers', 'contact', 'review'];
}

/** A door pick-up needs a time: known by its code, or by its name as answered. */
export function isDoorPickup(o: AfterSaleOptions, code: string): boolean {
  const pick = o.pickType.find((p) => p.code === code);
  return !!pick && (DOOR_PICKUP_CODES.includes(code) || /上门|取件|pick[- ]?up/i.test(pick.name));
}

export const reasonOf = (o: AfterSaleOptions, code: string) => o.reasonsType.find((r) => r.code === code);

export function defaultValues(o: AfterSaleOptions, line: LineInfo): WizardValues {
  const num = Math.max(1, Math.min(o.num, line.number));
  return {
    serviceTypeCode: o.serviceType.length === 1 ? o.serviceType[0]!.code : '',
    reasonsTypeCode: '',
    reasonsDescription: '',
    ...serviceDependentDefaults(o),
    num: String(num),
    goodsFee: yuanText(line.price * num),
    logisticFee: yuanText(line.freight),
    vouchers: [],
    contact: {
      consignee: line.address?.consignee ?? '',
      phone: line.address?.phone ?? '',
      province: line.address?.province ?? '',
      city: line.address?.city ?? '',
      area: line.address?.area ?? '',
      street: line.address?.street ?? '',
      description: line.address?.description ?? '',
    },
  };
}

/**
 * One zod schema per step, built from the options answered for this line: only the codes offered
 * are accepted, limits come from the line. Messages are in the person's language.
 */
export function stepSchemas(o: AfterSaleOptions, line: LineInfo, t: TFunction): Record<StepKey, z.ZodType<unknown>> {
  const oneOf = (codes: string[], message: string) => z.string().refine((v) => codes.includes(v), { message });
  const pickCodes = o.pickType.map((x) => x.code);
  const how = z
    .object({
      pickTypeCode: o.pickType.length ? oneOf(pickCodes, t('wizard.errors.pick')) : z.string(),
      packageTypeCode: o.packageType.length
        ? oneOf(
            o.packageType.map((x) => x.code),
            t('wizard.errors.package'),
          )
        : z.string(),
      returnTypeCode: o.returnType.length
        ? oneOf(
            o.returnType.map((x) => x.code),
            t('wizard.errors.return'),
          )
        : z.string(),
      serviceTime: z.string(),
    })
    .superRefine((v, ctx) => {
      if (isDoorPickup(o, v.pickTypeCode) && !v.serviceTime)
        ctx.addIssue({ code: 'custom', path: ['serviceTime'], message: t('wizard.errors.serviceTime') });
    });

  const amount = z
    .object({
      num: z.string(),
      goodsFee: z.string(),
      logisticFee: z.string(),
      reasonsTypeCode: z.string(),
    })
    .superRefine((v, ctx) => {
      const num = Number(v.num);
      if (!Number.isInteger(num) || num < 1 || num > o.num) {
        ctx.addIssue({ code: 'custom', path: ['num'], message: t('wizard.errors.num', { max: o.num }) });
        return;
      }
      const maxGoods = line.price * num;
      if (!YUAN.test(v.goodsFee.trim())) ctx.addIssue({ code: 'custom', path: ['goodsFee'], message: t('wizard.errors.yuan') });
      else if (yuanToFen(v.goodsFee) > maxGoods)
        ctx.addIssue({ code: 'custom', path: ['goodsFee'], message: t('wizard.errors.goodsFee', { max: yuanText(maxGoods) }) });
      if (reasonOf(o, v.reasonsTypeCode)?.refundCarriage) {
        if (!YUAN.test(v.logisticFee.trim())) ctx.addIssue({ code: 'custom', path: ['logisticFee'], message: t('wizard.errors.yuan') });
        else if (yuanToFen(v.logisticFee) > line.freight)
          ctx.addIssue({ code: 'custom', path: ['logisticFee'], message: t('wizard.errors.logisticFee', { max: yuanText(line.freight) }) });
      }
    });

  const vouchers = z.object({ vouchers: z.array(z.string()), reasonsTypeCode: z.string() }).superRefine((v, ctx) => {
    if (v.vouchers.length > 9) ctx.addIssue({ code: 'custom', path: ['vouchers'], message: t('wizard.errors.tooManyVouchers') });
    if (reasonOf(o, v.reasonsTypeCode)?.needVoucher && v.vouchers.length === 0)
      ctx.addIssue({ code: 'custom', path: ['vouchers'], message: t('wizard.errors.vouchers') });
  });

  // The contact step's fields are checkout's address form (its own rules and messages); this checks the copy the request is built from.
  const contact = z.object({ contact: addressFormSchema });

  const what = z.object({
    serviceTypeCode: oneOf(
      o.serviceType.map((x) => x.code),
      t('wizard.errors.service'),
    ),
  });
  const why = z.object({
    reasonsTypeCode: oneOf(
      o.reasonsType.map((x) => x.code),
      t('wizard.errors.reason'),
    ),
    reasonsDescription: z.string().trim().min(1, t('wizard.errors.description')).max(500, t('wizard.errors.descriptionLong')),
  });
  const review = z.looseObject({});
  return { what, why, how, amount, vouchers, contact, review };
}

/** The request as the upstream takes it: yuan converted to fen here, once. */
export function toApplyInput(v: WizardValues, o: AfterSaleOptions, line: LineInfo): OpInput<'afterSale.apply'> {
  const reason = reasonOf(o, v.reasonsTypeCode);
  const c = v.contact;
  return {
    orderSn: line.orderSn,
    sku: line.sku,
    num: Number(v.num),
    goodsFee: yuanToFen(v.goodsFee),
    logisticFee: reason?.refundCarriage ? yuanToFen(v.logisticFee) : 0,
    serviceTypeCode: v.serviceTypeCode,
    ...(o.pickType.length && v.pickTypeCode ? { pickTypeCode: v.pickTypeCode } : {}),
    ...(o.packageType.length && v.packageTypeCode ? { packageTypeCode: v.packageTypeCode } : {}),
    ...(o.returnType.length && v.returnTypeCode ? { returnTypeCode: v.returnTypeCode } : {}),
    // datetime-local "2026-11-23T10:00" -> "2026-11-23 10:00:00"
    ...(isDoorPickup(o, v.pickTypeCode) && v.serviceTime ? { serviceTime: `${v.serviceTime.replace('T', ' ')}:00` } : {}),
    reasonsTypeCode: v.reasonsTypeCode,
    reasonsDescription: v.reasonsDescription.trim(),
    ...(v.vouchers.length ? { vouchers: v.vouchers } : {}),
    userInfo: {
      consignee: c.consignee.trim(),
      phone: c.phone.trim(),
      province: c.province.trim(),
      city: c.city.trim(),
      area: c.area.trim(),
      street: c.street.trim(),
      description: c.description.trim(),
    },
  };
}

/** After the options changed: keep what is still offered, clear the rest. */
export function reconcile(v: WizardValues, o: AfterSaleOptions, line: LineInfo): WizardValues {
  const keep = (code: string, list: { code: string }[]) => (list.some((x) => x.code === code) ? code : '');
  const serviceTypeCode = keep(v.serviceTypeCode, o.serviceType) || (o.serviceType.length === 1 ? o.serviceType[0]!.code : '');
  const num = Math.min(Math.max(1, Number(v.num) || 1), Math.max(1, o.num));
  const changedService = serviceTypeCode !== v.serviceTypeCode;
  return {
    ...v,
    serviceTypeCode,
    reasonsTypeCode: keep(v.reasonsTypeCode, o.reasonsType),
    ...(changedService
      ? serviceDependentDefaults(o)
      : {
          pickTypeCode: keep(v.pickTypeCode, o.pickType),
          packageTypeCode: keep(v.packageTypeCode, o.packageType),
          returnTypeCode: keep(v.returnTypeCode, o.returnType),
          serviceTime: v.serviceTime,
        }),
    num: String(num),
    goodsFee: String(num) === v.num ? v.goodsFee : yuanText(line.price * num),
  };
}
