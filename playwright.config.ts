import { defineConfig } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's Chromium: browser downloads do not work on these machines. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(executablePath)) {
  const msg = `No browser at ${executablePath}: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`;
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

export default defineConfig({
  testDir: './e2e',
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
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
    command: 'npx tsx server/main.ts',
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      SANDBOX_APP_SECRET: E2E_SECRET,
      SANDBOX_GOODS: '1500',
      // Stopped at the end of the run: no balancer to drain for.
      DRAIN_SECONDS: '0',
    },
  },
});
