/**
 * The face of the keyboard feature: the app bar's search button with the command palette, the
 * shortcut sheet and the shortcuts themselves (drawn after the first paint, with the bar's tools).
 * Its texts (./locales) load with the palette (src/app/i18n.ts).
 */
export { KeyboardTools, type KeyboardToolsProps } from './keyboard-tools';
export { GO_KEYS, GO_PAGES, type GoKey } from './keys';
export type { PaletteItem } from './items';
