import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANDING_MODULES } from '../server/preloads';
import { LANDING_TEXTS } from '../src/app/pages';

/** Each lazy text namespace's module, as src/app/i18n.ts loads it (`name: () => import('../features/…')`). */
const textModules = new Map(
  [...readFileSync('src/app/i18n.ts', 'utf8').matchAll(/^\s+(\w+): \(\) => import\('\.\.\/(features\/[^']+)'\)/gm)].map((m) => [
    m[1]!,
    `src/${m[2]}.ts`,
  ]),
);

describe('the landings’ files the gateway names in their pages (server/preloads.ts)', () => {
  it('are the texts each landing page loads with it (src/app/pages.ts), so none comes in a later wave', () => {
    expect(textModules.size).toBeGreaterThan(5);
    for (const [path, namespaces] of Object.entries(LANDING_TEXTS)) {
      const named = LANDING_MODULES[path] ?? [];
      for (const ns of namespaces) expect(named, `${path}: the ${ns} texts`).toContain(textModules.get(ns));
      // And nothing more than the page and its texts.
      expect(named.length, path).toBe(namespaces.length + 1);
    }
  });
});
