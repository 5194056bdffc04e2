import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18nextWithoutFormatter, linkWithoutPrefetch } from './lean-libraries';

const require = createRequire(import.meta.url);
// The files the production build takes (vite.config.ts resolves react-router to its production build).
const routerDir = join(dirname(require.resolve('react-router')), '..', 'production');
const routerChunks = readdirSync(routerDir)
  .filter((f) => /^chunk-[A-Z0-9]+\.mjs$/.test(f))
  .map((f) => readFileSync(join(routerDir, f), 'utf8'));
const i18next = readFileSync(join(dirname(require.resolve('i18next')), '..', 'esm', 'i18next.js'), 'utf8');

describe('leanLibraries', () => {
  it("takes framework mode's prefetching out of react-router's Link, and only that", () => {
    const withLink = routerChunks.filter((code) => code.includes('function LinkWithRef('));
    expect(withLink).toHaveLength(1);
    const lean = linkWithoutPrefetch(withLink[0]!);
    const link = lean.slice(lean.indexOf('function LinkWithRef('), lean.indexOf('Link.displayName'));
    expect(link).not.toContain('usePrefetchBehavior');
    expect(link).not.toContain('PrefetchPageLinks');
    // What a declarative router's Link does stays: its href, its click handler, the props it hands on.
    expect(link).toContain('useLinkClickHandler(to');
    expect(link).toContain('...prefetchHandlers');
    expect(link).toContain('ref: mergeRefs(forwardedRef, prefetchRef)');
    // Other chunks pass through untouched.
    for (const code of routerChunks.filter((c) => !withLink.includes(c))) expect(linkWithoutPrefetch(code)).toBe(code);
  });

  it("replaces i18next's built-in formatters with one that gives the value back", () => {
    const lean = i18nextWithoutFormatter(i18next);
    expect(lean).not.toContain('formatter = Formatter;');
    // A module registered with use() still comes first.
    expect(lean).toContain('formatter = this.modules.formatter;');
  });

  it('fails the build when a library no longer reads as expected', () => {
    const withLink = routerChunks.find((code) => code.includes('function LinkWithRef('))!;
    expect(() => linkWithoutPrefetch(withLink.replace('usePrefetchBehavior(\n', 'usePrefetch(\n'))).toThrow(/Link changed/);
    expect(() => i18nextWithoutFormatter(i18next.replace('formatter = Formatter;', 'formatter = Fmt;'))).toThrow(/set-up changed/);
  });
});
