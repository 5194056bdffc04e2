import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { assetOf, buildFixture } from './build-fixture';
import { chunkMap, type ChunkRecord } from './chunk-map';

describe('chunkMap', () => {
  it('records each chunk’s file, imports and the project-relative modules it holds', async () => {
    const root = join(import.meta.dirname, '..', '..');
    const chunks = JSON.parse(assetOf(await buildFixture('split-entry.ts', [chunkMap(root)]), '.vite/chunks.json')) as ChunkRecord[];
    const entry = chunks.find((c) => c.isEntry);
    const lazy = chunks.find((c) => c.modules.includes('tools/build/fixtures/split-lazy.ts'));
    expect(entry?.modules).toContain('tools/build/fixtures/split-entry.ts');
    // Each module in exactly one chunk, wherever the bundler put it.
    for (const m of ['split-entry', 'split-lazy', 'split-shared'])
      expect(chunks.filter((c) => c.modules.includes(`tools/build/fixtures/${m}.ts`))).toHaveLength(1);
    expect(lazy).toBeDefined();
    expect(lazy!.isEntry).toBe(false);
    expect(entry!.dynamicImports).toContain(lazy!.file);
    // Only project paths: no absolute paths, no virtual modules.
    for (const c of chunks) for (const m of c.modules) expect(m).not.toMatch(/^[/\0]|^[A-Za-z]:/);
  }, 30_000);
});
