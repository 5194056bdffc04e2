// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useSettledState } from './use-settled-state';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

let renders = 0;
let written: { q: string }[] = [];
let type: (v: { q: string }) => void = () => {};

function Filters({ q }: { q: string }) {
  renders++;
  const [typed, setTyped] = useSettledState({ q }, (v) => written.push(v));
  type = setTyped;
  return <span data-testid="typed">{typed.q}</span>;
}

describe('useSettledState', () => {
  it('draws a list page once on mount: no re-render for the URL it already shows, none when the debounce ends', () => {
    vi.useFakeTimers();
    renders = 0;
    written = [];
    render(<Filters q="tea" />);
    act(() => void vi.advanceTimersByTime(1000));
    expect(renders).toBe(1);
    expect(written).toEqual([]);
  });

  it('writes what was typed once it settles, and takes a new URL value', () => {
    vi.useFakeTimers();
    written = [];
    const { getByTestId, rerender } = render(<Filters q="tea" />);
    act(() => type({ q: 'green tea' }));
    expect(getByTestId('typed').textContent).toBe('green tea');
    act(() => void vi.advanceTimersByTime(400));
    expect(written).toEqual([{ q: 'green tea' }]);
    rerender(<Filters q="coffee" />);
    expect(getByTestId('typed').textContent).toBe('coffee');
  });
});
