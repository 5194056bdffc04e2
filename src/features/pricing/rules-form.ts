import type { TFunction } from 'i18next';
import { z } from 'zod';
import {
  PRICING_ADD_MAX,
  PRICING_COMPARE_AT,
  PRICING_MULTIPLY,
  PRICING_PRICE_MAX,
  PRICING_RULES_MAX,
  type Fen,
  type PricingRulesAnswer,
  type PricingSettings,
} from '../../../contract';
import { yuanToFen } from '../../lib/money';

/**
 * The pricing rules as the form holds them: every amount as the yuan text a person typed, converted to
 * fen here, once, on the way out (`toRulesInput`), and back to yuan text on the way in (`toFormValues`).
 */
export interface RuleRow {
  /** The highest cost (yuan) the range takes; empty on the last range: every cost above the one before. */
  upTo: string;
  multiply: string;
  /** Yuan added (after multiplying). */
  add: string;
}
export interface RulesFormValues {
  rules: RuleRow[];
  /** The cents every retail price is rounded up to end in (e.g. 90 for ¥x.90); empty: none. */
  cents: string;
  /** The compare-at price as a multiple of the retail price (e.g. 1.3); empty: none. */
  compareAt: string;
}

const YUAN = /^\d+(\.\d{1,2})?$/;
/** A multiplier as typed: digits, with at most as many decimals as the gateway keeps. */
const MULTIPLIER = new RegExp(`^\\d+(\\.\\d{1,${PRICING_MULTIPLY.decimals}})?$`);
const clean = (s: string) =>
  s
    .trim()
    .replace(/^[¥￥]/, '')
    .replace(/,/g, '')
    .trim();

/** Fen as the text a yuan field starts with (the form boundary: components never divide). */
export const yuanText = (fen: Fen) => (fen / 100).toFixed(2);

export const emptyRule = (): RuleRow => ({ upTo: '', multiply: '', add: '' });

/** The saved rules as the form's first values: fen become yuan text here. */
export function toFormValues(saved: Pick<PricingRulesAnswer, 'rules' | 'cents' | 'compareAt'> | null | undefined): RulesFormValues {
  const rules = saved?.rules ?? [];
  return {
    rules: rules.map((r) => ({
      upTo: r.upTo === undefined ? '' : yuanText(r.upTo),
      multiply: r.multiply === undefined ? '' : String(r.multiply),
      add: r.add === undefined ? '' : yuanText(r.add),
    })),
    cents: saved?.cents === undefined ? '' : String(saved.cents).padStart(2, '0'),
    compareAt: saved?.compareAt?.multiply === undefined ? '' : String(saved.compareAt.multiply),
  };
}

/** The form's values as the gateway takes them: yuan become fen here, once. Call on values the schema passed. */
export function toRulesInput(v: RulesFormValues): PricingSettings {
  const cents = clean(v.cents).replace(/^\./, '');
  const compareAt = clean(v.compareAt);
  return {
    rules: v.rules.map((r) => {
      const upTo = clean(r.upTo);
      const multiply = clean(r.multiply);
      const add = clean(r.add);
      return {
        ...(upTo ? { upTo: yuanToFen(upTo) } : {}),
        ...(multiply ? { multiply: Number(multiply) } : {}),
        ...(add ? { add: yuanToFen(add) } : {}),
      };
    }),
    ...(cents ? { cents: Number(cents) } : {}),
    compareAt: compareAt ? { multiply: Number(compareAt) } : null,
  };
}

/** Fen as yuan text for a sentence's limit ("10000", "1000000"): whole yuan without decimals. */
const yuanLimit = (fen: Fen) => (fen % 100 ? yuanText(fen) : String(fen / 100));

/**
 * The form's schema, its sentences in the person's language (`pricing:bad.*`): ranges in rising order
 * of cost with only the last one open-ended, each with a multiplier or an amount added (or both), cents
 * 0–99, a compare-at multiple above 1. The limits are the contract's; the gateway checks again and has
 * the last word.
 */
export function rulesSchema(t: TFunction) {
  const row = z.object({ upTo: z.string(), multiply: z.string(), add: z.string() });
  return z.object({ rules: z.array(row), cents: z.string(), compareAt: z.string() }).superRefine((v, ctx) => {
    const issue = (path: (string | number)[], key: string, params?: Record<string, unknown>) =>
      ctx.addIssue({ code: 'custom', path, message: t(key, params) });
    if (v.rules.length > PRICING_RULES_MAX) issue(['rules'], 'bad.tooMany', { max: PRICING_RULES_MAX });
    let previous: Fen | null = null;
    v.rules.forEach((r, i) => {
      const last = i === v.rules.length - 1;
      const upTo = clean(r.upTo);
      if (!upTo) {
        if (!last) issue(['rules', i, 'upTo'], 'bad.upToMissing');
      } else if (!YUAN.test(upTo)) issue(['rules', i, 'upTo'], 'bad.yuan');
      else {
        const fen = yuanToFen(upTo);
        if (fen <= 0) issue(['rules', i, 'upTo'], 'bad.upToPositive');
        else if (fen > PRICING_PRICE_MAX) issue(['rules', i, 'upTo'], 'bad.upToMax', { max: yuanLimit(PRICING_PRICE_MAX) });
        else if (previous !== null && fen <= previous) issue(['rules', i, 'upTo'], 'bad.upToOrder', { before: yuanText(previous) });
        previous = fen;
      }
      const multiply = clean(r.multiply);
      const add = clean(r.add);
      if (!multiply && !add) issue(['rules', i, 'multiply'], 'bad.nothing');
      if (multiply && (!MULTIPLIER.test(multiply) || Number(multiply) < PRICING_MULTIPLY.min || Number(multiply) > PRICING_MULTIPLY.max))
        issue(['rules', i, 'multiply'], 'bad.multiply', PRICING_MULTIPLY);
      if (add) {
        if (!YUAN.test(add)) issue(['rules', i, 'add'], 'bad.yuan');
        else if (yuanToFen(add) > PRICING_ADD_MAX) issue(['rules', i, 'add'], 'bad.addMax', { max: yuanLimit(PRICING_ADD_MAX) });
      }
    });
    const cents = clean(v.cents).replace(/^\./, '');
    if (cents && (!/^\d{1,2}$/.test(cents) || Number(cents) > 99)) issue(['cents'], 'bad.cents');
    const compareAt = clean(v.compareAt);
    if (
      compareAt &&
      (!MULTIPLIER.test(compareAt) || Number(compareAt) <= PRICING_COMPARE_AT.min || Number(compareAt) > PRICING_COMPARE_AT.max)
    )
      issue(['compareAt'], 'bad.compareAt', PRICING_COMPARE_AT);
  });
}

/** An own retail price as typed (yuan): fen, `null` for empty (back to the rule), or the key of the sentence that says why not. */
export function parseOwnRetail(text: string): { ok: true; fen: Fen | null } | { ok: false; key: string; params?: Record<string, unknown> } {
  const s = clean(text);
  if (!s) return { ok: true, fen: null };
  if (!YUAN.test(s)) return { ok: false, key: 'bad.yuan' };
  const fen = yuanToFen(s);
  if (fen <= 0) return { ok: false, key: 'bad.retailPositive' };
  if (fen > PRICING_PRICE_MAX) return { ok: false, key: 'bad.retailMax', params: { max: yuanLimit(PRICING_PRICE_MAX) } };
  return { ok: true, fen };
}
