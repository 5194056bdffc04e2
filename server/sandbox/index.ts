import { openDatabase, type DB } from '../lib/db';
import { createSandboxApp } from './app';
import type { SandboxConfig } from './config';
import { SANDBOX_MIGRATIONS } from './schema';
import { seedCatalogue } from './seed';
import { seedBusiness } from './business-seed';
import { SandboxClock } from './clock';
import { ensureMarketScheduled, ensurePriceBands, tick } from './simulation';
import { MessagePump } from './messages';
import type { World } from './world';
import { GoodsIndex } from './goods-index';

export interface Sandbox {
  app: ReturnType<typeof createSandboxApp>;
  db: DB;
  config: SandboxConfig;
  world: World;
  /** Runs due jobs, then waits until every message due now has been tried (tests; the ticker runs jobs every second). */
  tick(): Promise<void>;
  /** Resolves once the message pump has tried every message that is due now. */
  idle(): Promise<void>;
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
  ensurePriceBands(db); // before the list index is built: it may mend prices of an old database
  const world: World = {
    db,
    config,
    clock: new SandboxClock(db, config.speed, opts.wallClock),
    goods: new GoodsIndex(db),
    faults: { ...config.faults },
  };
  const pump = new MessagePump(world);
  world.pump = pump;
  ensureMarketScheduled(world);
  const app = createSandboxApp({ db, config, world, basePath: opts.basePath });
  const step = () => {
    try {
      world.clock.save();
      tick(world);
    } catch (e) {
      console.error('[sandbox] simulation step failed', e);
    }
  };
  const timer = opts.autoTick === false ? null : setInterval(step, 1000);
  timer?.unref();
  pump.kick(); // what was left in the outbox by the last run
  return {
    app,
    db,
    config,
    world,
    tick: async () => {
      tick(world);
      await pump.idle();
    },
    idle: () => pump.idle(),
    close: () => {
      if (timer) clearInterval(timer);
      pump.stop();
      world.clock.save();
      db.close();
    },
  };
}

export { createSandboxApp } from './app';
export { sandboxConfigFromEnv, type SandboxConfig } from './config';
