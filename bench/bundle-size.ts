import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JS a person downloads: the entry with what it preloads, plus the lazy chunk of the first page
 * (the catalogue, where `/` leads), and each other route chunk on its own. Sizes are gzip -9.
 */
export function bundleSizes(dist = 'dist') {
  const assets = join(dist, 'assets');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const gz = (file: string) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
  const entry = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const all = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const routeChunks = all.filter((f) => !entry.includes(f));
  const firstRoute = routeChunks.filter((f) => f.startsWith('catalogue-page'));
  const firstPage = [...entry, ...firstRoute].reduce((s, f) => s + gz(f), 0);
  return {
    firstPageKb: firstPage / 1024,
    entry: entry.map((f) => ({ file: f, kb: gz(f) / 1024 })),
    routes: routeChunks.map((f) => ({ file: f, kb: gz(f) / 1024 })),
  };
}
