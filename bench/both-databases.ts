import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openGatewayDb, type GatewayDb } from '../server/gateway/db';
import { createDatabase, startTestPostgres } from '../test/pg-server';

/**
 * A bench part run on a fresh gateway database of each kind: SQLite in a temporary directory, then a
 * PostgreSQL started for it (`only`: one of them), each closed and removed after its run.
 */
export async function onBothDatabases<T>(
  name: string,
  only: string | undefined,
  run: (dialect: 'SQLite' | 'PostgreSQL', db: GatewayDb) => Promise<T>,
): Promise<T[]> {
  const out: T[] = [];
  if (only !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), `supply-desk-bench-${name}-`));
    const lite = await openGatewayDb({ file: join(dir, 'gateway.sqlite') });
    try {
      out.push(await run('SQLite', lite));
    } finally {
      await lite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (only !== 'sqlite') {
    const server = await startTestPostgres();
    try {
      const pgDb = await openGatewayDb({ databaseUrl: await createDatabase(server.url, `${name}bench`), poolSize: 4 });
      try {
        out.push(await run('PostgreSQL', pgDb));
      } finally {
        await pgDb.close();
      }
    } finally {
      await server.stop();
    }
  }
  return out;
}
