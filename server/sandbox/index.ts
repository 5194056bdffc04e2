import { openDatabase, type DB } from '../lib/db';
import { createSandboxApp } from './app';
import type { SandboxConfig } from './config';
import { SANDBOX_MIGRATIONS } from './schema';
import { seedCatalogue } from './seed';

export interface Sandbox {
  app: ReturnType<typeof createSandboxApp>;
  db: DB;
  config: SandboxConfig;
  close(): void;
}

/** Opens the sandbox database (seeding it on first use) and builds its HTTP app. */
export function createSandbox(config: SandboxConfig, opts: { basePath?: string; log?: (msg: string) => void } = {}): Sandbox {
  const db = openDatabase(config.dbFile, SANDBOX_MIGRATIONS);
  const started = Date.now();
  const seeded = seedCatalogue(db, { seed: config.seed, goods: config.goods });
  if (seeded.seeded) opts.log?.(`sandbox: seeded ${seeded.goods} goods (seed ${config.seed}) in ${Date.now() - started} ms`);
  const app = createSandboxApp({ db, config, basePath: opts.basePath });
  return { app, db, config, close: () => db.close() };
}

export { createSandboxApp } from './app';
export { sandboxConfigFromEnv, type SandboxConfig } from './config';
