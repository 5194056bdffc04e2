import { withoutTooLong } from '../../lib/url-view';
import { onlineListQuery } from './api/queries';
import { parseView, viewToFilters } from './url-state';

/** The list the catalogue page will ask for at this address: started before the page draws (src/app/boot.ts). */
export const catalogueListAt = (search: string) => onlineListQuery(viewToFilters(parseView(withoutTooLong(new URLSearchParams(search)))));
