// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { libraryViewToParams, parseLibraryView, useLibraryView } from './url-state';

describe('library URL state', () => {
  it('keeps the view the person picked (table or cards) in the URL; nonsense and the default are not written', () => {
    expect(parseLibraryView(new URLSearchParams('view=cards')).view).toBe('cards');
    expect(parseLibraryView(new URLSearchParams('view=table')).view).toBe('table');
    expect(parseLibraryView(new URLSearchParams('view=grid')).view).toBe('auto');
    expect(libraryViewToParams(parseLibraryView(new URLSearchParams('view=cards&page=2'))).toString()).toBe('view=cards&page=2');
    expect(libraryViewToParams(parseLibraryView(new URLSearchParams(''))).toString()).toBe('');
  });

  it('another view keeps the page; another filter starts again at page 1', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/library?page=3']}>{children}</MemoryRouter>;
    const { result } = renderHook(() => useLibraryView(), { wrapper });
    act(() => result.current[1]({ view: 'cards' }));
    expect(result.current[0]).toMatchObject({ view: 'cards', page: 3 });
    act(() => result.current[1]({ source: 2 }));
    expect(result.current[0]).toMatchObject({ view: 'cards', page: 1, source: 2 });
  });
});
