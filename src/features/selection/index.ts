/** The face of the selection feature: the library and the operations that change it. */
export { selectionLocales } from './locales';
export { useAddToLibrary, useRemoveFromLibrary, selectionKeys } from './api/queries';
