import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cycles, importGraph } from './import-graph';

const ROOT = join(import.meta.dirname, '..', '..');

describe('import graph', () => {
  it('finds circles through type-only and dynamic imports, and none where imports go one way', () => {
    const graph = importGraph(ROOT, ['tools/graph/fixtures']);
    expect(graph.get('tools/graph/fixtures/button.ts')).toEqual(['tools/graph/fixtures/menu.ts']);
    expect(cycles(graph)).toEqual([['tools/graph/fixtures/button.ts', 'tools/graph/fixtures/menu.ts'], ['tools/graph/fixtures/self.ts']]);
  });

  it('the project has no import circles (a module and what it imports can be read, moved and split on their own)', () => {
    const found = cycles(importGraph(ROOT, ['src', 'server', 'contract', 'tools', 'bench', 'test', 'e2e']));
    expect(found.map((c) => c.join(' <-> '))).toEqual([]);
  });
});
