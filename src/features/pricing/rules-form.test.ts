import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { pricingSettings } from '../../../contract';
import { pricingLocales } from './locales';
import { parseOwnRetail, rulesSchema, toFormValues, toRulesInput, type RulesFormValues } from './rules-form';

async function tOf(lng: 'en' | 'zh-CN') {
  const instance = i18n.createInstance();
  await instance.init({
    lng,
    ns: ['pricing'],
    defaultNS: 'pricing',
    resources: { en: { pricing: pricingLocales.en }, 'zh-CN': { pricing: pricingLocales['zh-CN'] } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

const form = (over: Partial<RulesFormValues> = {}): RulesFormValues => ({
  rules: [{ upTo: '', multiply: '1.5', add: '' }],
  cents: '90',
  compareAt: '',
  ...over,
});

/** The messages the schema gives, by field path. */
async function problems(values: RulesFormValues, lng: 'en' | 'zh-CN' = 'en') {
  const parsed = rulesSchema(await tOf(lng)).safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the form boundary: yuan in the form, fen to the gateway', () => {
  it('converts each amount once, and only the amounts', () => {
    const input = toRulesInput({
      rules: [
        { upTo: '10', multiply: '2', add: '' },
        { upTo: '99.99', multiply: '', add: '5.5' },
        { upTo: ' ¥1,000.5 ', multiply: '1.25', add: '0.01' },
        { upTo: '', multiply: '1.1', add: '' },
      ],
      cents: '99',
      compareAt: '1.3',
    });
    expect(input).toEqual({
      rules: [{ upTo: 1000, multiply: 2 }, { upTo: 9999, add: 550 }, { upTo: 100050, multiply: 1.25, add: 1 }, { multiply: 1.1 }],
      cents: 99,
      compareAt: { multiply: 1.3 },
    });
    // What the gateway's own schema takes.
    expect(pricingSettings.safeParse(input).success).toBe(true);
  });

  it('leaves out the cents and the compare-at price when empty (".90" is 90)', () => {
    expect(toRulesInput(form({ cents: '', compareAt: '' }))).toEqual({ rules: [{ multiply: 1.5 }], compareAt: null });
    expect(toRulesInput(form({ cents: '.90' })).cents).toBe(90);
    expect(toRulesInput(form({ cents: '5' })).cents).toBe(5);
  });

  it('reads saved rules back as the yuan text typed, and round-trips', () => {
    const saved = { rules: [{ upTo: 1999, multiply: 1.5 }, { add: 300 }], cents: 9, compareAt: { multiply: 1.2 } };
    const values = toFormValues(saved);
    expect(values).toEqual({
      rules: [
        { upTo: '19.99', multiply: '1.5', add: '' },
        { upTo: '', multiply: '', add: '3.00' },
      ],
      cents: '09',
      compareAt: '1.2',
    });
    expect(toRulesInput(values)).toEqual(saved);
    // No rules yet (the guide price everywhere): no range; no compare-at. Saved so, it removes the rules.
    expect(toFormValues({ rules: [], compareAt: null })).toEqual({ rules: [], cents: '', compareAt: '' });
    expect(toRulesInput(toFormValues({ rules: [], compareAt: null }))).toEqual({ rules: [], compareAt: null });
  });

  it('an own price: yuan to fen, empty back to the rule, anything else a sentence', () => {
    expect(parseOwnRetail('19.9')).toEqual({ ok: true, fen: 1990 });
    expect(parseOwnRetail(' ¥1,234.56 ')).toEqual({ ok: true, fen: 123456 });
    expect(parseOwnRetail('')).toEqual({ ok: true, fen: null });
    expect(parseOwnRetail('12.345')).toMatchObject({ ok: false, key: 'bad.yuan' });
    expect(parseOwnRetail('abc')).toMatchObject({ ok: false, key: 'bad.yuan' });
    expect(parseOwnRetail('0')).toMatchObject({ ok: false, key: 'bad.retailPositive' });
    expect(parseOwnRetail('1000000.01')).toMatchObject({ ok: false, key: 'bad.retailMax' });
    expect(parseOwnRetail('1000000')).toEqual({ ok: true, fen: 100_000_000 });
  });
});

describe('the rules form’s validation', () => {
  it('passes a ×1.5 rule ending in .90', async () => {
    expect(await problems(form())).toEqual({});
  });

  it('asks for a multiplier or an amount, and rising ranges with only the last open', async () => {
    const p = await problems(
      form({
        rules: [
          { upTo: '50', multiply: '', add: '' },
          { upTo: '', multiply: '2', add: '' },
          { upTo: '40', multiply: '1.2', add: '' },
        ],
      }),
    );
    expect(p['rules.0.multiply']).toBe('Give a multiplier, an amount to add, or both.');
    expect(p['rules.1.upTo']).toBe('Only the last range may be open-ended: give this one its highest cost.');
    expect(p['rules.2.upTo']).toBe('Ranges go from low to high: this one must end above ¥50.00.');
  });

  it('bounds each figure by the contract’s limits, at the edges', async () => {
    const at = async (r: Partial<RulesFormValues['rules'][number]>, rest: Partial<RulesFormValues> = {}) =>
      problems(form({ rules: [{ upTo: '', multiply: '', add: '', ...r }], ...rest }));
    expect(await at({ multiply: '0.1' })).toEqual({});
    expect((await at({ multiply: '0.09' }))['rules.0.multiply']).toMatch(/from 0.1 to 100/);
    expect(await at({ multiply: '100' })).toEqual({});
    expect((await at({ multiply: '100.0001' }))['rules.0.multiply']).toMatch(/from 0.1 to 100/);
    expect((await at({ multiply: '1.23456' }))['rules.0.multiply']).toMatch(/at most 4 decimals/);
    expect(await at({ add: '10000' })).toEqual({});
    expect((await at({ add: '10000.01' }))['rules.0.add']).toBe('The amount added may be at most ¥10000.');
    expect((await at({ add: '1.234' }))['rules.0.add']).toBe('Write an amount in yuan, e.g. 12 or 12.50.');
    expect((await at({ upTo: '0', multiply: '2' }))['rules.0.upTo']).toBe('The highest cost must be above ¥0.');
    expect((await at({ upTo: '1000000.01', multiply: '2' }))['rules.0.upTo']).toBe('The highest cost may be at most ¥1000000.');
    expect(await at({ multiply: '2' }, { cents: '0' })).toEqual({});
    expect(await at({ multiply: '2' }, { cents: '99' })).toEqual({});
    expect((await at({ multiply: '2' }, { cents: '100' })).cents).toMatch(/from 0 to 99/);
    expect((await at({ multiply: '2' }, { cents: '9.5' })).cents).toMatch(/from 0 to 99/);
    expect((await at({ multiply: '2' }, { compareAt: '1' })).compareAt).toMatch(/above 1/);
    expect(await at({ multiply: '2' }, { compareAt: '1.0001' })).toEqual({});
    expect(await at({ multiply: '2' }, { compareAt: '10' })).toEqual({});
    expect((await at({ multiply: '2' }, { compareAt: '10.5' })).compareAt).toMatch(/at most 10/);
  });

  it('says it in Chinese on a Chinese page', async () => {
    const p = await problems(form({ rules: [{ upTo: 'abc', multiply: '', add: '' }], cents: '120' }), 'zh-CN');
    expect(p['rules.0.upTo']).toBe('请输入以元为单位的金额，例如 12 或 12.50。');
    expect(p['rules.0.multiply']).toBe('请填写倍数、加价，或两者都填。');
    expect(p.cents).toBe('尾数须为 0 到 99 之间的整数，例如 90 或 99。');
  });

  it('what passes the form passes the gateway’s schema', async () => {
    const t = await tOf('en');
    const cases: RulesFormValues[] = [
      form(),
      form({ rules: [{ upTo: '0.01', multiply: '100', add: '10000' }], cents: '0', compareAt: '10' }),
      form({
        rules: [
          { upTo: '20', multiply: '1.8', add: '' },
          { upTo: '100', multiply: '1.5', add: '2' },
          { upTo: '1000000', multiply: '', add: '50' },
        ],
        compareAt: '1.25',
      }),
    ];
    for (const v of cases) {
      expect(rulesSchema(t).safeParse(v).success).toBe(true);
      expect(pricingSettings.safeParse(toRulesInput(v)).error).toBeUndefined();
    }
  });
});
