/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
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
 * ~6 kB gzip of CSS-variable machinery out of the first page. The e2e suite runs on the built app.
 */
function themeWithoutCssVars(): Plugin {
  const stub = '\0supply-desk:no-css-vars-theme';
  return {
    name: 'supply-desk:theme-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './createThemeWithVars.mjs' && importer && /@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/.test(importer)) return stub;
      return null;
    },
    load(id) {
      if (id !== stub) return null;
      return "export default function createThemeWithVars() { throw new Error('Supply Desk builds its MUI theme without CSS variables: set no cssVariables option, or remove themeWithoutCssVars() from vite.config.ts.'); }";
    },
  };
}

const gateway = `http://127.0.0.1:${process.env.PORT ?? '8787'}`;

export default defineConfig(({ command }) => ({
  plugins: [react(), themeWithoutCssVars()],
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
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'contract/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 60000,
    pool: 'forks',
  },
}));
