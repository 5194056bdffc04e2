import { describe, expect, it } from 'vitest';
import { landingPreloads, LANDING_MODULES, withPreloads, type BuiltChunk } from './preloads';

/** A build's chunk list: the first page's file, a page with its own imports, shared chunks, texts. */
const chunk = (file: string, modules: string[], imports: string[] = []): BuiltChunk => ({ file, modules, imports });
const built = (): BuiltChunk[] => [
  chunk('assets/runtime.js', []),
  chunk('assets/first-page.js', ['src/main.tsx', 'src/features/catalogue/routes/catalogue-list.tsx'], ['assets/runtime.js']),
  chunk('assets/after-first-paint.js', ['src/app/locales-more.ts'], ['assets/first-page.js']),
  chunk('assets/overview-page.js', ['src/features/overview/routes/overview-page.tsx'], ['assets/toggles.js', 'assets/first-page.js']),
  chunk('assets/toggles.js', ['node_modules/@mui/material/ToggleButton.js'], ['assets/roving.js', 'assets/after-first-paint.js']),
  chunk('assets/roving.js', ['node_modules/@mui/utils/useRovingTabIndex.js']),
  chunk('assets/overview-texts.js', ['src/features/overview/locales.ts']),
  chunk('assets/charts.js', ['src/features/overview/components/charts.tsx'], ['assets/toggles.js']),
  ...Object.entries(LANDING_MODULES)
    .filter(([path]) => path !== '/overview' && path !== '/catalogue')
    .flatMap(([path, modules]) => modules.map((m, i) => chunk(`assets${path}-${i}.js`, [m]))),
];

describe('the landing’s chunks named in its page (issue 39)', () => {
  it('names the page’s chunk, its imports all the way down, and its texts; not what the page’s own script brings', () => {
    const links = landingPreloads(built(), ['assets/runtime.js', 'assets/first-page.js']);
    const files = [...links['/overview']!.matchAll(/<link rel="modulepreload" href="\/([^"]+)" fetchpriority="low">/g)].map((m) => m[1]);
    expect(files.sort()).toEqual(
      [
        'assets/after-first-paint.js',
        'assets/overview-page.js',
        'assets/overview-texts.js',
        'assets/roving.js',
        'assets/toggles.js',
      ].sort(),
    );
    // The charts come later (a dynamic import when they are drawn): not named.
    expect(links['/overview']).not.toContain('charts.js');
    // The catalogue's list is in the first page's file here: only the app's other texts are named.
    expect(links['/catalogue']).toBe('<link rel="modulepreload" href="/assets/after-first-paint.js" fetchpriority="low">');
  });

  it('a page module the build no longer has (renamed or moved) stops the start, not a silent slow page', () => {
    const without = built().filter((c) => !c.modules.includes('src/features/overview/locales.ts'));
    expect(() => landingPreloads(without, ['assets/first-page.js'])).toThrow(/src\/features\/overview\/locales\.ts/);
  });

  it('goes in the head of the landing’s page, and only of a landing', () => {
    const html = '<html><head><script type="module" src="/assets/first-page.js"></script></head><body></body></html>';
    const preloads = { '/overview': '<link rel="modulepreload" href="/assets/overview-page.js">' };
    expect(withPreloads(html, preloads, '/overview')).toBe(
      '<html><head><script type="module" src="/assets/first-page.js"></script><link rel="modulepreload" href="/assets/overview-page.js"></head><body></body></html>',
    );
    expect(withPreloads(html, preloads, '/account')).toBe(html);
  });
});
