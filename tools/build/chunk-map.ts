import type { Plugin } from 'vite';

/** One chunk of the build: its file, what it imports, and the source modules in it. */
export interface ChunkRecord {
  file: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
}

/**
 * Writes `dist/.vite/chunks.json`: each chunk's file, static and dynamic imports and the source modules
 * in it (paths relative to the project), which bench/bundle-size.ts reads to weigh each page. Vite's
 * manifest names only entries and dynamic imports, not the modules a chunk holds.
 */
export function chunkMap(root = process.cwd()): Plugin {
  const prefix = root.split('\\').join('/') + '/';
  return {
    name: 'supply-desk:chunk-map',
    apply: 'build',
    // After Vite's own HTML step, which drops an entry chunk left empty.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks: ChunkRecord[] = Object.values(bundle).flatMap((c) =>
          c.type === 'chunk'
            ? [
                {
                  file: c.fileName,
                  isEntry: c.isEntry,
                  imports: c.imports,
                  dynamicImports: c.dynamicImports,
                  modules: c.moduleIds.map((id) => id.split('\\').join('/').replace(prefix, '')).filter((id) => !id.startsWith('\0')),
                },
              ]
            : [],
        );
        this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(chunks, null, 1) });
      },
    },
  };
}
