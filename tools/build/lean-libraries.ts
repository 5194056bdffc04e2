import type { Plugin } from 'vite';

/**
 * Libraries of the first page made lighter without changing what the app gets of them (issue 39: the first
 * page's script under 150 kB gzip):
 *
 * - react-router's production build defines its components and contexts with `React.forwardRef(…)`,
 *   `React.createContext(…)` and `React.memo(…)` calls and names them with `X.displayName = "…"`,
 *   none of it marked pure: the bundler keeps every such component whether anything uses it or not
 *   (Form, NavLink, ScrollRestoration, the data routers' contexts, with all they call). Marked pure
 *   here, and the names (read only by React's developer tools) dropped, unused ones fall away: ~2 kB gzip.
 * - react-i18next imports `use-sync-external-store/shim`, a copy of the hook for React before 18;
 *   React 19 has it, and the shim only hands React's own on. Resolved to React's: ~0.5 kB gzip.
 * - react-router's `<Link>` prefetches a page's route modules and data (`prefetch="intent"` and the
 *   like) only in framework mode: `usePrefetchBehavior` returns "no prefetch, no handlers" when no
 *   `FrameworkContext` is above it, which the declarative `<BrowserRouter>` (src/app/router.tsx) never
 *   provides. Its answer written in place, the prefetch links' code (`PrefetchPageLinks`, the route
 *   manifest's module loading, the single-fetch URLs) falls away from the first page: ~1.8 kB gzip.
 *   Matched exactly: a react-router whose Link reads differently fails the build, not the app.
 * - i18next formats a value named with a format in a text (`{{price, currency}}`, `{{n, number}}`)
 *   with its built-in `Formatter` (Intl's number, currency, date, relative time and list formats,
 *   cached per language). No text of the app names one (src/app/i18n.test.ts checks every namespace):
 *   a stand-in that gives the value back as it is takes its place, ~0.5 kB gzip of the first page.
 *   A formatter module registered with `i18n.use()` is still used as before.
 */
const ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[A-Z0-9]+\.mjs$/;
const LINK_PREFETCH = `    let [shouldPrefetch, prefetchRef, prefetchHandlers] = usePrefetchBehavior(
      prefetch,
      rest
    );`;
const LINK_RETURN =
  'return shouldPrefetch && !isAbsolute ? /* @__PURE__ */ React10.createElement(React10.Fragment, null, link, /* @__PURE__ */ React10.createElement(PrefetchPageLinks, { page: href })) : link;';

/** Link without framework mode's prefetching (see above); `code` unchanged if it does not define Link. */
export function linkWithoutPrefetch(code: string): string {
  if (!code.includes('function LinkWithRef(')) return code;
  if (!code.includes(LINK_PREFETCH) || !code.includes(LINK_RETURN))
    throw new Error("react-router's Link changed: update tools/build/lean-libraries.ts (linkWithoutPrefetch)");
  return code.replace(LINK_PREFETCH, '    let prefetchRef = null, prefetchHandlers = {};').replace(LINK_RETURN, 'return link;');
}
const SHIM = '\0use-sync-external-store-shim';
const I18NEXT = /[\\/]i18next[\\/]dist[\\/]esm[\\/]i18next\.js$/;
const I18NEXT_FORMATTER = `      } else {
        formatter = Formatter;
      }`;

/** i18next with its built-in formatters left out (see above). */
export function i18nextWithoutFormatter(code: string): string {
  if (!code.includes(I18NEXT_FORMATTER))
    throw new Error("i18next's set-up changed: update tools/build/lean-libraries.ts (i18nextWithoutFormatter)");
  return code.replace(
    I18NEXT_FORMATTER,
    `      } else {
        formatter = class {
          init() {}
          add() {}
          addCached() {}
          format(value) {
            return value;
          }
        };
      }`,
  );
}

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
      if (I18NEXT.test(id)) return { code: i18nextWithoutFormatter(code), map: null };
      if (!ROUTER_CHUNK.test(id)) return null;
      const pure = linkWithoutPrefetch(code)
        .replace(/^((?:var|const|let) [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2')
        .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
      return { code: pure, map: null };
    },
  };
}
