import type { QueryClient } from '@tanstack/react-query';
import { withoutTooLong } from '../../lib/url-view';
import { orderListQuery, sourceOrdersQuery } from './api/queries';
import { ordersViewToSearch, ordersViewToSourceFilters, parseOrdersView } from './url-state';

/**
 * Starts the list the orders page will ask for at this address, before the page draws (src/app/boot.ts):
 * the all-platform list, or a channel's child orders on a channel tab.
 */
export function prefetchOrdersAt(qc: QueryClient, search: string) {
  const view = parseOrdersView(withoutTooLong(new URLSearchParams(search)));
  return view.tab !== 0
    ? qc.prefetchQuery(sourceOrdersQuery(ordersViewToSourceFilters(view)))
    : qc.prefetchQuery(orderListQuery(ordersViewToSearch(view)));
}
