import { defineConfig } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Debian's Chromium (browser downloads do not work on these machines), preferably its headless shell
 * (`chromium-headless-shell`): the same engine without the desktop browser around it, which is what
 * Playwright runs headless tests in by default. The whole suite took about a quarter less CPU in it than in
 * the full browser (README, Tests). Else the full browser, or whatever CHROMIUM_PATH names.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.CHROMIUM_PATH ?? [HEADLESS_SHELL, '/usr/bin/chromium'].find((path) => existsSync(path)) ?? HEADLESS_SHELL;
if (!existsSync(executablePath)) {
  const msg = `No browser at ${executablePath}: install Debian's Chromium (apt-get install -y chromium-headless-shell, or chromium) or set CHROMIUM_PATH.`;
  // CI must never go green by skipping the browser tests.
  if (process.env.CI) throw new Error(msg);
  console.warn(`\n*** ${msg} The e2e tests cannot run. ***\n`);
}

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4391);
/** A secret only this run knows, so the secret-leak test can look for it. */
export const E2E_SECRET = process.env.E2E_SECRET ?? `e2e-secret-${process.pid}-do-not-leak`;
process.env.E2E_SECRET = E2E_SECRET;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'supply-desk-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

/**
 * The specs that change the shared sandbox world or read it whole, so they must not overlap with
 * each other: they move the business clock (which also moves the market's prices and stock), place
 * orders (the one account's balance and order count), use the merchant's one cart and checkout draft,
 * change the library, or read the newest audit rows. They run one at a time, in file order, on one
 * worker, while the other specs run beside them.
 */
const WORLD = [
  'after-sale-refusal',
  'after-sale-return',
  'audit-words',
  'checkout-layout',
  'checkout-once',
  'checkout-order',
  'imports',
  'messages',
  'orders-failed',
  'orders-list',
  'orders-timeline',
  'overview',
  // Its rules and own prices move the library's retail prices (the goods watch's margins) and mark the SKUs downloaded.
  'pricing',
  'queue',
  'selection',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: './e2e',
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // Two cores: the server (gateway and sandbox) and two browsers.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  projects: [
    // Each demo role signs in once through the sign-in page; the sessions are saved for the tests.
    { name: 'sign-in', testMatch: 'auth.setup.ts', fullyParallel: true },
    // The after-sale records the layout and pictures specs work on (moves the business clock before the rest starts).
    { name: 'world-setup', testMatch: 'after-sale.setup.ts', dependencies: ['sign-in'] },
    { name: 'world', testMatch: WORLD, workers: 1, fullyParallel: false, dependencies: ['world-setup'] },
    { name: 'parallel', testMatch: '**/*.spec.ts', testIgnore: WORLD, fullyParallel: true, dependencies: ['world-setup'] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    locale: 'zh-CN',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      SANDBOX_APP_SECRET: E2E_SECRET,
      SANDBOX_GOODS: '1500',
      // A clean world: no late, stalled, cancelled or returned orders unless a test makes one.
      SANDBOX_IRREGULAR: '0',
      // Support's exceptions found within seconds of an order going wrong (e2e/queue.spec.ts), with few traces read each time.
      EXCEPTION_SWEEP_SECONDS: '5',
      EXCEPTION_TRACE_READS: '10',
      // Stopped at the end of the run: no balancer to drain for.
      DRAIN_SECONDS: '0',
      // Nobody reads the server's output here (Playwright ignores it): no line per request.
      LOG_LEVEL: 'warn',
    },
  },
});
