import type { Plugin } from 'vite';

/**
 * MUI's `createTheme` links its CSS-variables theme builder (`createThemeWithVars`) even for a theme
 * that never sets `cssVariables`, and MUI exports no way to reach the plain builder on its own. This
 * plugin resolves that one import, made by `@mui/material/styles/createTheme`, to a stand-in that
 * throws if it is ever called: ~4 kB gzip of CSS-variable machinery stays out of the first page.
 * A theme that turns CSS variables on fails loudly at start-up, never silently.
 */
export const MUI_CSS_VARS_STUB = '\0mui-theme-without-css-vars';
const WITH_VARS = './createThemeWithVars.mjs';
const IMPORTER = /@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/;

export function muiThemeWithoutCssVars(): Plugin {
  return {
    name: 'supply-desk:mui-theme-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === WITH_VARS && importer && IMPORTER.test(importer) ? MUI_CSS_VARS_STUB : null;
    },
    load(id) {
      if (id !== MUI_CSS_VARS_STUB) return null;
      return `export default function createThemeWithVars() {
  throw new Error('This build leaves out MUI CSS variables (tools/build/mui-theme-without-css-vars.ts): remove the plugin from vite.config.ts to use cssVariables.');
}`;
    },
  };
}
