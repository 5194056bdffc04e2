import type { Plugin } from 'vite';

/**
 * Two libraries of the first page made lighter without changing what they do (issue 39: the first
 * page's script under 150 kB gzip):
 *
 * - react-router's production build defines its components and contexts with `React.forwardRef(…)`,
 *   `React.createContext(…)` and `React.memo(…)` calls and names them with `X.displayName = "…"`,
 *   none of it marked pure: the bundler keeps every such component whether anything uses it or not
 *   (Form, NavLink, ScrollRestoration, the data routers' contexts, with all they call). Marked pure
 *   here, and the names (read only by React's developer tools) dropped, unused ones fall away: ~2 kB gzip.
 * - react-i18next imports `use-sync-external-store/shim`, a copy of the hook for React before 18;
 *   React 19 has it, and the shim only hands React's own on. Resolved to React's: ~0.5 kB gzip.
 */
const ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[A-Z0-9]+\.mjs$/;
const SHIM = '\0use-sync-external-store-shim';

export function leanLibraries(): Plugin {
  return {
    name: 'supply-desk:lean-libraries',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'use-sync-external-store/shim' ? SHIM : null;
    },
    load(id) {
      return id === SHIM ? `export { useSyncExternalStore } from 'react';` : null;
    },
    transform(code, id) {
      if (!ROUTER_CHUNK.test(id)) return null;
      const pure = code
        .replace(/^((?:var|const|let) [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2')
        .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
      return { code: pure, map: null };
    },
  };
}
