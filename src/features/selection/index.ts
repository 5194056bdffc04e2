/** The face of the selection feature: the library and the operations that change it. */
// Its texts (./locales) load with its lazy pages: src/app/i18n.ts. Re-exporting them here would put them in the first download.
export { useAddToLibrary, useRemoveFromLibrary, selectionKeys } from './api/queries';
export { libraryListAt } from './first-list';
