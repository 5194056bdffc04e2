// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderIn } from '../../../test/render';
import { AfterSaleResults } from './after-sale-table';

afterEach(cleanup);

const settled = { isLoading: false, isFetching: false, isError: false, error: null, refetch: vi.fn() } as never;

/** A filtered list of after-sale requests with no rows on this page. */
function emptyPage(lang: 'en' | 'zh-CN', page: number, onPage: (page: number, size: number) => void) {
  return renderIn(
    lang,
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AfterSaleResults
          list={settled}
          rows={[]}
          total={0}
          empty="None asked"
          label="Requests"
          onOpen={() => {}}
          page={page}
          size={20}
          onPage={onPage}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a page of after-sale requests with nothing on it', () => {
  it('past the end of the list: says so and leads back to the first page, keeping the page size', () => {
    const onPage = vi.fn();
    emptyPage('en', 4, onPage);
    expect(screen.getByText('Nothing on this page: the list is shorter now.')).toBeTruthy();
    expect(screen.queryByText('None asked')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(onPage).toHaveBeenCalledWith(1, 20);
    cleanup();
    emptyPage('zh-CN', 2, onPage);
    expect(screen.getByRole('button', { name: '回到第一页' })).toBeTruthy();
  });

  it('on the first page: the list is empty, said in its own words', () => {
    emptyPage('en', 1, vi.fn());
    expect(screen.getByText('None asked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Go to the first page' })).toBeNull();
  });
});
