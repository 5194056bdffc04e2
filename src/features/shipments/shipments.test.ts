import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ownFormatInput } from '../../../contract/schemas/shipments';
import { fileNameOf } from './api';
import { formatInput, formatSchema, type FormatValues } from './format-schema';
import { shipmentsLocales } from './locales';
import { filterOf, parseShipmentsView, shipmentsViewToParams } from './url-state';

const parse = (qs: string) => parseShipmentsView(new URLSearchParams(qs));

function texts(lng: 'en' | 'zh-CN'): TFunction<'shipments'> {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng,
    fallbackLng: false,
    ns: ['shipments'],
    defaultNS: 'shipments',
    resources: { [lng]: { shipments: shipmentsLocales[lng] } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n.getFixedT(lng, 'shipments') as TFunction<'shipments'>;
}

describe('the shipments list in the URL', () => {
  it('round-trips state, days, channel, import and page; the defaults stay out of the URL', () => {
    const qs = 'state=all&from=2026-11-01&to=2026-11-29&channel=2&job=12&size=50&page=3';
    const v = parse(qs);
    expect(v).toEqual({ state: 'all', from: '2026-11-01', to: '2026-11-29', channel: 2, job: 12, size: 50, page: 3 });
    expect(shipmentsViewToParams(v).toString()).toBe(qs);
    // The strip's link: the new ones, which are the default.
    expect(shipmentsViewToParams(parse('state=new')).toString()).toBe('');
  });

  it('nonsense falls back to the defaults', () => {
    expect(parse('state=shipped&from=yesterday&to=2026-02-31&channel=-1&job=x&size=7&page=0')).toEqual({
      state: 'new',
      from: '',
      to: '',
      channel: 0,
      job: 0,
      size: 20,
      page: 1,
    });
  });

  it('asks the gateway for what is set, and never for reversed days', () => {
    expect(filterOf(parse('job=5&from=2026-11-02'))).toEqual({ state: 'new', job: 5, from: '2026-11-02' });
    expect(filterOf(parse('state=exported&from=2026-11-09&to=2026-11-02&channel=6'))).toEqual({ state: 'exported', channel: 6 });
  });
});

describe("the sheet's file name from the gateway", () => {
  it('reads the RFC 5987 name first, else the plain one', () => {
    const both = `attachment; filename="shipments-2026-11-29.xlsx"; filename*=UTF-8''${encodeURIComponent('发货回传-2026-11-29.xlsx')}`;
    expect(fileNameOf(both)).toBe('发货回传-2026-11-29.xlsx');
    expect(fileNameOf('attachment; filename="shipments-2026-11-29.csv"')).toBe('shipments-2026-11-29.csv');
    expect(fileNameOf('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="plain.csv"')).toBe('plain.csv');
    expect(fileNameOf(null)).toBeUndefined();
  });
});

describe("a format of the merchant's own, checked before it is sent", () => {
  const good: FormatValues = {
    name: ' 我们的淘宝店 ',
    columns: [
      { field: 'shopOrderSn', header: '订单编号' },
      { field: 'trackingNo', header: ' 运单号 ' },
      { field: 'courierName', header: '物流公司' },
    ],
    rows: 'package',
    joiner: ',',
    carriers: [
      { code: 'SF', shop: ' 顺丰 ' },
      { code: 'ZTO', shop: '' },
    ],
  };
  const messages = (v: FormatValues, lng: 'en' | 'zh-CN' = 'zh-CN') => {
    const r = formatSchema(texts(lng)).safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes a good one and sends it as the gateway takes it (trimmed, no empty courier names, a joiner only per order)', () => {
    expect(messages(good)).toEqual([]);
    const input = formatInput(good);
    expect(input).toEqual({
      name: '我们的淘宝店',
      columns: [
        { field: 'shopOrderSn', header: '订单编号' },
        { field: 'trackingNo', header: '运单号' },
        { field: 'courierName', header: '物流公司' },
      ],
      perOrder: false,
      carrierMap: { SF: '顺丰' },
    });
    expect(ownFormatInput.safeParse(input).success).toBe(true);
    const perOrder = formatInput({ ...good, rows: 'order', joiner: '/' });
    expect(perOrder).toMatchObject({ perOrder: true, joiner: '/' });
    expect(ownFormatInput.safeParse(perOrder).success).toBe(true);
  });

  it('says in the person’s language what the gateway would refuse', () => {
    const bad: FormatValues = {
      ...good,
      name: '',
      columns: [
        { field: 'shopOrderSn', header: '=SUM(A1)' },
        { field: 'courierName', header: '物流公司' },
        { field: 'blank', header: '物流公司' },
      ],
      rows: 'order',
      joiner: '',
    };
    expect(messages(bad)).toEqual([
      'name: 请填写格式名称。',
      'columns.0.header: 不能以 =、+、-、@ 开头（表格软件会当作公式）。',
      'columns.2.header: 表头不能重复：其他列已使用此表头。',
      'columns.root: 格式需要一列运单号。',
      'joiner: 请填写运单号之间的分隔符，例如逗号。',
    ]);
    expect(messages(bad, 'en')[0]).toBe('name: Give the format a name.');
    expect(ownFormatInput.safeParse(formatInput({ ...bad, name: 'x' })).success).toBe(false);
  });
});
