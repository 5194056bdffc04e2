import { openDatabase, type DB } from '../lib/db';
import { createSandboxApp } from './app';
import type { SandboxConfig } from './config';
import { SANDBOX_MIGRATIONS } from './schema';
import { seedCatalogue } from './seed';
import { seedBusiness } from './business-seed';
import { SandboxClock } from './clock';
import { ensureMarketScheduled, tick } from './simulation';
import type { World } from './world';
import { GoodsIndex } from './goods-index';

export interface Sandbox {
  app: ReturnType<typeof createSandboxApp>;
  db: DB;
  config: SandboxConfig;
  world: World;
  /** Runs due jobs and pushes due messages once (the ticker does this every second). */
  tick(): Promise<void>;
  close(): void;
}

/** Opens the sandbox database (seeding it on first use) and builds its HTTP app. */
export function createSandbox(
  config: SandboxConfig,
  opts: { basePath?: string; log?: (msg: string) => void; autoTick?: boolean; wallClock?: () => number } = {},
): Sandbox {
  const db = openDatabase(config.dbFile, SANDBOX_MIGRATIONS);
  const started = Date.now();
  const seeded = seedCatalogue(db, { seed: config.seed, goods: config.goods });
  seedBusiness(db, config.seed);
  if (seeded.seeded) opts.log?.(`sandbox: seeded ${seeded.goods} goods (seed ${config.seed}) in ${Date.now() - started} ms`);
  const world: World = { db, config, clock: new SandboxClock(db, config.speed, opts.wallClock), goods: new GoodsIndex(db) };
  ensureMarketScheduled(world);
  const app = createSandboxApp({ db, config, world, basePath: opts.basePath });
  let busy = false;
  const step = async () => {
    if (busy) return;
    busy = true;
    try {
      await tick(world);
    } catch (e) {
      console.error('[sandbox] simulation step failed', e);
    } finally {
      busy = false;
    }
  };
  const timer = opts.autoTick === false ? null : setInterval(() => void step(), 1000);
  timer?.unref();
  return {
    app,
    db,
    config,
    world,
    tick: step,
    close: () => {
      if (timer) clearInterval(timer);
      db.close();
    },
  };
}

export { createSandboxApp } from './app';
export { sandboxConfigFromEnv, type SandboxConfig } from './config';
