import { build, type Plugin, type Rolldown } from 'vite';
import { join } from 'node:path';

export const FIXTURES = join(import.meta.dirname, 'fixtures');

/** Builds a fixture entry as a library (in memory, nothing written) with the given plugins; returns the output files. */
export async function buildFixture(entry: string, plugins: Plugin[]): Promise<Rolldown.OutputBundle[string][]> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: FIXTURES,
    plugins,
    build: {
      write: false,
      minify: false,
      lib: { entry: join(FIXTURES, entry), formats: ['es'], fileName: 'entry' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs.flatMap((o) => ('output' in o ? o.output : []));
}

export const codeOf = (files: Rolldown.OutputBundle[string][]) => files.map((f) => (f.type === 'chunk' ? f.code : '')).join('\n');

export function assetOf(files: Rolldown.OutputBundle[string][], fileName: string): string {
  const asset = files.find((f) => f.type === 'asset' && f.fileName === fileName);
  if (!asset || asset.type !== 'asset') throw new Error(`no asset ${fileName} in ${files.map((f) => f.fileName).join(', ')}`);
  return String(asset.source);
}
