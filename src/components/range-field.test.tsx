// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { RangeField } from './range-field';
import type { Range } from '../lib/url-view';
import { rangeValid } from '../lib/url-view';
import { renderIn } from '../test/render';

afterEach(cleanup);

function Harness({ unit }: { unit: 'yuan' | 'percent' }) {
  const [value, setValue] = useState<Range>({ from: '', to: '' });
  return (
    <RangeField
      label="Profit rate"
      unit={unit}
      value={value}
      onChange={setValue}
      fromLabel="from"
      toLabel="to"
      error={rangeValid(value) ? undefined : 'from is above to'}
    />
  );
}

describe('RangeField', () => {
  it('takes only an amount, shows the unit, and says when the range is upside down', () => {
    renderIn('en', <Harness unit="percent" />);
    const from = screen.getByLabelText('Profit rate from') as HTMLInputElement;
    const to = screen.getByLabelText('Profit rate to') as HTMLInputElement;
    fireEvent.change(from, { target: { value: '4a0.5.3' } });
    expect(from.value).toBe('40.53');
    expect(screen.getAllByText('%')).toHaveLength(2);
    expect(screen.queryByText(/from is above to/)).toBeNull();
    fireEvent.change(to, { target: { value: '10' } });
    expect(screen.getByText(/from is above to/)).toBeTruthy();
  });

  it('puts ¥ before yuan amounts', () => {
    renderIn('zh-CN', <Harness unit="yuan" />);
    expect(screen.getAllByText('¥')).toHaveLength(2);
  });
});
