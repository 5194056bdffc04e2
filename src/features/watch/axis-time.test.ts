import { describe, expect, it } from 'vitest';
import { historyAxis } from './axis-time';

const at = (d: number, h: number, m = 0) => Date.UTC(2026, 10, d, h - 8, m); // Shanghai time

describe("the price chart's time axis", () => {
  it('within a day or two, ticks say the day and the time, so changes hours apart read apart', () => {
    for (const lang of ['zh-CN', 'en']) {
      const axis = historyAxis([at(29, 4, 7), at(29, 14, 3), at(30, 2)], lang);
      expect(axis.tickMinStep).toBe(3_600_000);
      const labels = [at(29, 4), at(29, 10), at(29, 16), at(29, 22), at(30, 2)].map(axis.tick);
      expect(new Set(labels).size).toBe(labels.length);
      expect(axis.tick(at(29, 14, 3))).toBe('11/29 14:03');
      expect(axis.tooltip(at(29, 14, 3))).toContain('14:03');
    }
  });

  it('over more days, ticks are days at least a day apart', () => {
    const axis = historyAxis([at(1, 9), at(29, 9)], 'zh-CN');
    expect(axis.tickMinStep).toBe(86_400_000);
    expect(axis.tick(at(29, 9))).toBe('11/29');
    expect(historyAxis([at(1, 9), at(29, 9)], 'en').tick(at(3, 23))).toBe('11/03');
  });
});
