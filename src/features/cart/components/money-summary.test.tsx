// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderIn } from '../../../test/render';
import { MoneySummary } from './money-summary';

afterEach(cleanup);
const text = (id: string) => screen.getByTestId(id).textContent;

describe('pre-check money summary', () => {
  it('goods + freight per channel = total; balance now and after, in yuan', () => {
    renderIn(
      'en',
      <MoneySummary
        goods={123_450}
        channels={[
          { source: 1, label: 'Cloud warehouse', freight: 600 },
          { source: 6, label: 'Alibaba 1688', freight: 1000 },
        ]}
        balance={2_000_000}
      />,
    );
    expect(text('sum-goods')).toBe('¥1,234.50');
    expect(text('freight-1')).toBe('¥6.00');
    expect(text('freight-6')).toBe('¥10.00');
    expect(text('sum-freight')).toBe('¥16.00');
    expect(text('sum-total')).toBe('¥1,250.50');
    expect(text('balance-now')).toBe('¥20,000.00');
    expect(text('balance-after')).toBe('¥18,749.50');
    expect(screen.getByText('Freight, Alibaba 1688')).toBeTruthy();
    expect(screen.queryByTestId('short-balance')).toBeNull();
    expect(screen.getByTestId('money-summary').textContent).not.toMatch(/123450|1600/);
  });

  it('a short balance says how much is missing and what will happen, in Chinese too', () => {
    renderIn('zh-CN', <MoneySummary goods={50_000} channels={[{ source: 2, label: '京东', freight: 800 }]} balance={30_000} />);
    expect(text('sum-total')).toBe('¥508.00');
    expect(text('balance-after')).toBe('-¥208.00');
    expect(screen.getByTestId('short-balance').textContent).toBe('余额还差 ¥208.00：订单将以未支付状态记入失败订单，待余额充足后补单。');
  });

  it('free shipping everywhere: no freight, total = goods; an unknown balance shows as pending', () => {
    renderIn('en', <MoneySummary goods={9_900} channels={[{ source: 7, label: 'Tmall', freight: 0 }]} balance={undefined} />);
    expect(text('sum-freight')).toBe('¥0.00');
    expect(text('sum-total')).toBe('¥99.00');
    expect(text('balance-after')).toBe('…');
  });
});
