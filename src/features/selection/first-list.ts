import { libraryQuery } from './api/queries';
import { libraryViewToFilters, parseLibraryView } from './url-state';

/** The list the library page will ask for at this address: started before the page draws (src/app/boot.ts). */
export const libraryListAt = (search: string) => libraryQuery(libraryViewToFilters(parseLibraryView(new URLSearchParams(search))));
