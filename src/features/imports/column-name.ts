import type { TFunction } from 'i18next';
import type { Column } from './sheet/columns';

/** A sheet column in words: the desk's own names, and for the address the words every form uses (`app:fields`). */
export const columnName = (t: TFunction, c: Column): string => t([`imports:columns.${c}`, `app:fields.${c}`]);
