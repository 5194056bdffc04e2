import { describe, expect, it } from 'vitest';
import { testI18n } from '../../test/render';
import { traceReturn } from './trace-return';

/** Issue 50: a parcel refused at the door and going back says so above the courier's own events. */
describe('a refused parcel in words', () => {
  it('a trace tells a parcel refused and going back from one back with the supplier', () => {
    const normal = [
      { message: '快件已签收，签收人：本人' },
      { message: '包裹已到达派送网点，快递员正在派送' },
      { message: '包裹已到达转运中心' },
    ];
    expect(traceReturn(normal)).toBeNull();
    const refused = [{ message: '收件人拒收，包裹退回商家' }, ...normal.slice(1)];
    expect(traceReturn(refused)).toBe('returning');
    expect(traceReturn([{ message: '退回包裹已由商家签收，货款已退回余额' }, ...refused])).toBe('back');
    const t = (lang: 'zh-CN' | 'en') => testI18n(lang).getFixedT(lang, 'logistics');
    expect(t('zh-CN')('returning')).toBe('收件人拒收：包裹正在退回供应商。');
    expect(t('en')('back')).toBe('Refused at the door: the parcel is back with the supplier.');
  });
});
