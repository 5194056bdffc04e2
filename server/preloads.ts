import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** dist/.vite/chunks.json, written by the build (vite.config.ts): each chunk's file, the files it imports, its modules. */
export interface BuiltChunk {
  file: string;
  imports?: string[];
  modules: string[];
}

/**
 * The modules each landing draws with beyond the first page's file: the page's own chunk and the texts
 * it loads (src/app/pages.ts: `lazyWithTexts`), the catalogue's list (src/features/catalogue/list-chunk.ts),
 * and the rest of the app's texts every signed-in page waits for (src/app/i18n.ts: `appTextsLoaded`).
 * The pages' texts are src/app/pages.ts's LANDING_TEXTS (test/landing-preloads.test.ts checks they agree).
 */
export const LANDING_MODULES: Record<string, string[]> = {
  '/catalogue': ['src/features/catalogue/routes/catalogue-list.tsx'],
  '/library': [
    'src/features/selection/routes/library-page.tsx',
    'src/features/selection/locales.ts',
    'src/features/cart/locales.ts',
    'src/features/watch/locales.ts',
  ],
  '/orders': [
    'src/features/orders/routes/orders-page.tsx',
    'src/features/orders/locales.ts',
    'src/features/logistics/locales.ts',
    'src/features/after-sale/locales.ts',
  ],
  '/queue': ['src/features/after-sale/routes/queue-page.tsx', 'src/features/after-sale/locales.ts', 'src/features/exceptions/locales.ts'],
  '/overview': ['src/features/overview/routes/overview-page.tsx', 'src/features/overview/locales.ts'],
};
const EVERY_PAGE = ['src/app/locales-more.ts'];

/**
 * `<link rel="modulepreload">` for every file a landing's first draw needs that the page does not name
 * (issue 39). Left to the browser, they come in waves: the page's chunk is asked for by the first
 * page's script once it runs, and each chunk's imports only once that chunk is read (the build does
 * not list them: vite.config.ts), four round trips on the overview, the last ~700 ms after the page
 * (in a trace at full speed) while React waited for them to draw. Named in the HTML, the browser asks
 * for all of them with the first page's script. Made once at start-up from the build's chunk list.
 * At low priority: the first page's script is needed first and they are needed after it runs; at the
 * default (high) they shared the line with it, and Lighthouse counted every one that was in before the
 * first paint in its simulated first paint (desktop FCP ~650 ms; ~450 ms at low, docs/benchmarks.md).
 */
export function landingPreloads(chunks: BuiltChunk[], named: string[]): Record<string, string> {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const byModule = new Map(chunks.flatMap((c) => c.modules.map((m) => [m, c] as const)));
  // The files the page names (its scripts) and what they import are asked for by the page already.
  const inPage = new Set<string>();
  const closure = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    for (const next of byFile.get(file)?.imports ?? []) closure(next, into);
  };
  for (const file of named) closure(file, inPage);
  const out: Record<string, string> = {};
  for (const [path, modules] of Object.entries(LANDING_MODULES)) {
    const files = new Set<string>();
    for (const m of [...modules, ...EVERY_PAGE]) {
      const chunk = byModule.get(m);
      if (!chunk) throw new Error(`server/preloads.ts: no built chunk holds ${m} (renamed? update LANDING_MODULES)`);
      closure(chunk.file, files);
    }
    out[path] = [...files]
      .filter((f) => !inPage.has(f))
      .sort()
      .map((f) => `<link rel="modulepreload" href="/${f}" fetchpriority="low">`)
      .join('');
  }
  return out;
}

/** The preloads of the build in `staticDir` (none without a build's chunk list: the dev server, tests without a build). */
export function loadLandingPreloads(staticDir: string): Record<string, string> {
  const file = join(staticDir, '.vite', 'chunks.json');
  if (!existsSync(file)) return {};
  const named = [...readFileSync(join(staticDir, 'index.html'), 'utf8').matchAll(/<script[^>]* src="\/([^"]+\.js)"/g)].map((m) => m[1]!);
  return landingPreloads(JSON.parse(readFileSync(file, 'utf8')) as BuiltChunk[], named);
}

/** The page with its landing's preloads, in its head after the first page's script. */
export function withPreloads(html: string, preloads: Record<string, string>, path: string): string {
  const links = preloads[path];
  return links ? html.replace('</head>', `${links}</head>`) : html;
}
