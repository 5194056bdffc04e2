import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chunkMap } from './tools/build/chunk-map.ts';
import { muiThemeWithoutCssVars } from './tools/build/mui-theme-without-css-vars.ts';
import { leanLibraries } from './tools/build/lean-libraries.ts';
import { shellTexts } from './tools/build/shell-texts.ts';

/**
 * The SPA (src/), built into dist/ and served by the gateway (server/server.ts); `npm run dev` serves
 * it with HMR and passes the gateway's paths to it. What each setting buys is measured in the
 * README's "First-page speed" section (bench/: `BENCH_ONLY=bundle,lighthouse npm run bench`).
 */

/**
 * react-router 7 points every export condition at its development build (dev checks included); a
 * production build takes the production files the package ships beside them.
 */
const routerDist = join(dirname(createRequire(import.meta.url).resolve('react-router')), '..', 'production');

const gateway = `http://127.0.0.1:${process.env.PORT ?? '8787'}`;

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    muiThemeWithoutCssVars(),
    // react-router's unused components and the useSyncExternalStore shim left out (issue 39).
    leanLibraries(),
    // The header each first page paints before its script runs (read by the gateway).
    shellTexts('src/app/shell-texts.ts'),
    // Which chunk holds which module (read by bench/bundle-size.ts and its e2e budget check).
    chunkMap(),
    // Brotli and gzip copies beside each file: the gateway serves them as they are (server.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, include: /\.(js|mjs|css|svg|json|map)$/, logLevel: 'silent' }),
  ],
  // The bulk-order sheet reader runs in a worker that loads its parsers on first use: a module worker splits them.
  worker: { format: 'es' },
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
          ]
        : [],
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.VITE_PORT ?? 5787),
    strictPort: true,
    proxy: Object.fromEntries(['/bff', '/hooks', '/upstream'].map((path) => [path, { target: gateway, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Every browser the app supports knows <link rel="modulepreload">. A lazy chunk's own imports are
    // not listed for preloading (issue 39): the browser asks for them as soon as it reads the chunk, and
    // the list cost a phone's start-up one long task (Vite's helper added a <link> per file, 16 for
    // the overview: 75 ms at full CPU speed in a CPU profile, ~1.5 ms per link in Chromium).
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps) },
    rolldownOptions: {
      // Imported bare by @emotion/react for a `withTheme` nothing here uses; the package says nothing of side effects.
      treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            // The first page as one file: main.tsx and what it imports, with the modules its start-up
            // steps import (React DOM, the providers, the router with the layout and the catalogue page
            // a merchant lands on). Left alone, it comes as ~30 small shared chunks, each compressed on its own.
            {
              name: 'first-page',
              test: /src[\\/]main\.tsx$|[\\/]node_modules[\\/]react-dom[\\/]client\.js$/,
              priority: 2,
            },
            // What the first page asks for right after its first paint (app bar tools, the catalogue's list,
            // the texts it leaves out) and what only a failure shows, with all they import: one file too.
            {
              name: 'after-first-paint',
              test: /src[\\/](app[\\/](shell-tools|crash-screen|server-away-notice|not-found|forbidden|locales-more)|features[\\/]catalogue[\\/]routes[\\/]catalogue-list)\.tsx?$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
}));
