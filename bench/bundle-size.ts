import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Chunks a chunk loads before it runs: its static `import … from "./x.js"`, transitively. */
function staticClosure(assets: string, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(assets, file), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) visit(m[1]!);
  };
  roots.forEach(visit);
  return seen;
}

/**
 * The JS a person downloads (gzip -9): for the first page, the entry and the catalogue route (where
 * `/` leads a merchant) with every chunk they import statically; for each other route, what it adds.
 */
export function bundleSizes(dist = 'dist') {
  const assets = join(dist, 'assets');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const gz = (file: string) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length / 1024;
  const entry = [...html.matchAll(/<script[^>]+src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const all = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const shell = staticClosure(assets, entry);
  const routeFiles = all.filter((f) => /-page-/.test(f));
  const firstRoute = routeFiles.filter((f) => f.startsWith('catalogue-page'));
  const firstPage = staticClosure(assets, [...entry, ...firstRoute]);
  const sum = (files: Iterable<string>) => [...files].reduce((s, f) => s + gz(f), 0);
  return {
    firstPageKb: sum(firstPage),
    shellKb: sum(shell),
    chunks: all.map((f) => ({ file: f, kb: gz(f) })).sort((a, b) => b.kb - a.kb),
    routes: routeFiles.map((f) => ({ file: f, addsKb: sum([...staticClosure(assets, [f])].filter((x) => !shell.has(x))) })),
  };
}
