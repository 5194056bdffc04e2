// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { useTheme } from '@mui/material/styles';
import { Providers } from './providers';
import { testI18n } from '../test/render';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function Shown() {
  const { palette } = useTheme();
  return <p data-testid="mode">{`${palette.mode} ${palette.background.paper}`}</p>;
}

describe('printing', () => {
  it('draws the page in the light mode from beforeprint to afterprint, then in the person’s mode again', async () => {
    localStorage.setItem('supply-desk.theme', 'dark');
    render(
      <Providers queryClient={new QueryClient()} i18n={testI18n('en')}>
        <Shown />
      </Providers>,
    );
    const mode = () => screen.getByTestId('mode').textContent;
    expect(mode()).toMatch(/^dark /);
    // React DOM's flushSync is taken once the app runs: the change is drawn within the event itself.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    window.dispatchEvent(new Event('beforeprint'));
    expect(mode()).toMatch(/^light /);
    act(() => void window.dispatchEvent(new Event('afterprint')));
    await waitFor(() => expect(mode()).toMatch(/^dark /));
  });
});
