// The production build: the SPA (Vite, into dist/) and the server (esbuild, one ES module into
// build/server/), with a stamp of the sources it was built from, so that `npm start` builds only when
// something changed. Plain JavaScript: it runs before anything is compiled.
//
//   node tools/build.mjs            build everything now (`npm run build` after its type check)
//   import { buildIfChanged } ...   what tools/start.mjs does before it starts the server
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the server bundle and the stamp go (BUILD_DIR; never inside dist/, which is served to anyone). */
export const buildDir = () => resolve(ROOT, process.env.BUILD_DIR ?? 'build');
export const serverEntry = (dir = buildDir()) => join(dir, 'server', 'main.mjs');
const stampFile = (dir) => join(dir, 'stamp.json');

/** What the build reads: the app's sources, its public files, the build's own configuration, plugins and this script, the locked packages. */
const INPUTS = [
  'src',
  'server',
  'contract',
  'public',
  'tools/build',
  'tools/build.mjs',
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
];
/** Tests are no part of what is built. */
const skip = (name) => /\.test\.tsx?$/.test(name) || name === 'node_modules';

function filesOf(path, out) {
  const full = join(ROOT, path);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) if (!skip(name)) filesOf(join(path, name), out);
  } else out.push(path);
}

/** A hash over every input file's path and content (about 450 files, ~3.5 MB: ~15 ms). */
export function sourcesHash() {
  const files = [];
  for (const p of INPUTS) filesOf(p, files);
  const h = createHash('sha256');
  for (const f of files) {
    h.update(f.split('\\').join('/'));
    h.update('\0');
    h.update(readFileSync(join(ROOT, f)));
    h.update('\0');
  }
  return h.digest('hex');
}

/** Why a build is needed, or null when the last one is of these sources and its outputs are there. */
export function staleReason(dir = buildDir(), hash = sourcesHash()) {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) return 'the SPA is not built (dist/index.html)';
  if (!existsSync(serverEntry(dir))) return `the server is not built (${relative(ROOT, serverEntry(dir))})`;
  let stamp = null;
  try {
    stamp = JSON.parse(readFileSync(stampFile(dir), 'utf8'));
  } catch {
    return 'no build stamp';
  }
  return stamp.sources === hash ? null : 'the sources changed since the last build';
}

/** The server as one ES module (packages stay in node_modules), with a source map for stack traces. */
export async function buildServer(dir = buildDir()) {
  const esbuild = createRequire(import.meta.url)('esbuild');
  const outdir = join(dir, 'server');
  rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['server/main.ts'],
    outfile: join(outdir, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // esbuild's service process would otherwise live on beside the server that `npm start` runs next.
  await esbuild.stop?.();
  // Read beside the module (server/shell-page.ts: import.meta.dirname).
  const styles = join(ROOT, 'server', 'first-styles.json');
  if (existsSync(styles)) copyFileSync(styles, join(outdir, 'first-styles.json'));
}

/** The SPA into dist/, by Vite in a process of its own (as `vite build`). */
export function buildSpa() {
  const require = createRequire(import.meta.url);
  const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status ?? r.signal})`);
}

export async function buildAll(dir = buildDir(), log = console.log) {
  const started = Date.now();
  const hash = sourcesHash();
  buildSpa();
  await buildServer(dir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(stampFile(dir), JSON.stringify({ sources: hash, builtAt: new Date().toISOString() }, null, 2) + '\n');
  log(`Built the SPA (dist/) and the server (${relative(ROOT, serverEntry(dir))}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Builds when the sources changed since the last build (or nothing was built); returns whether it did. */
export async function buildIfChanged(dir = buildDir(), log = console.log) {
  const reason = staleReason(dir);
  if (!reason) return false;
  log(`Building: ${reason}`);
  await buildAll(dir, log);
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildAll();
}
