import { existsSync, rmSync } from 'node:fs';
import { ConfigError } from '../lib/env';
import { sandboxConfigFromEnv } from './config';

/** `npm run sandbox:reset`: deletes the sandbox database, so the next start seeds a fresh world. */
try {
  const { dbFile } = sandboxConfigFromEnv();
  const files = [dbFile, `${dbFile}-wal`, `${dbFile}-shm`].filter((f) => existsSync(f));
  for (const f of files) rmSync(f);
  console.log(
    files.length
      ? `Sandbox reset: removed ${files.join(', ')}. The next start seeds a new catalogue.`
      : `Nothing to reset: ${dbFile} does not exist.`,
  );
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
