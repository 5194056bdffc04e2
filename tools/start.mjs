// `npm start`: builds when the sources changed since the last build (tools/build.mjs), then runs the
// built server in this very process: plain node, no TypeScript loader, and no process in between, so a
// signal to the npm process (which npm passes on to this one: package.json starts it with `exec`)
// reaches the gateway. `npm start -- --no-build` starts what was built and never builds.
import { pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import { buildDir, buildIfChanged, serverEntry } from './build.mjs';

const dir = buildDir();
if (process.argv.includes('--no-build')) {
  if (!existsSync(serverEntry(dir))) {
    console.error(`The server is not built (${serverEntry(dir)}): run "npm run build", or "npm start" without --no-build.`);
    process.exit(1);
  }
} else {
  try {
    await buildIfChanged(dir);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
// Stack traces name the TypeScript sources (the bundle's linked source map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry(dir)).href);
