import { describe, expect, it } from 'vitest';
import { beforeAfter, changedAsShown } from './before-after';
import { formatRate } from './money';

describe('before and after', () => {
  it('shows an arrow only when the shown values differ', () => {
    expect(beforeAfter('¥10.00', '¥12.00')).toBe('¥10.00 → ¥12.00');
    expect(beforeAfter('67.4%', '67.4%')).toBe('67.4%');
    expect(beforeAfter(null, '67.4%')).toBe('67.4%');
    // Rates that differ below the shown decimal read the same: no arrow.
    for (const lang of ['zh-CN', 'en'] as const) {
      expect(beforeAfter(formatRate(67.41, lang), formatRate(67.44, lang))).toBe(formatRate(67.4, lang));
      expect(beforeAfter(formatRate(70, lang), formatRate(67.4, lang))).toContain('→');
    }
    expect(changedAsShown('67.4%', '67.4%')).toBe(false);
    expect(changedAsShown('70.0%', '67.4%')).toBe(true);
    expect(changedAsShown(undefined, '67.4%')).toBe(false);
  });
});
