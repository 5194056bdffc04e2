import { runnerImport, type Plugin } from 'vite';

/** Each first page's header in each language: what the HTML paints before any script runs. */
export type ShellTexts = Record<string, Record<string, { title: string; subtitle: string; guidePrice?: string }>>;

/**
 * Writes `dist/.vite/shell.json` from a module of the app that exports `shellTexts` (the title and the
 * line under it of each first page, in each language, taken from the pages' own texts). The gateway
 * paints them into the HTML it serves (server/shell-page.ts), where React then draws the same header:
 * a phone shows what the page is before the script has run. The module is loaded through Vite's own
 * module runner, so the build configuration imports nothing from the app.
 */
export function shellTexts(module: string): Plugin {
  return {
    name: 'supply-desk:shell-texts',
    apply: 'build',
    async generateBundle() {
      const { module: loaded } = await runnerImport<{ shellTexts?: ShellTexts }>(module);
      if (!loaded.shellTexts) this.error(`${module} exports no shellTexts`);
      this.emitFile({ type: 'asset', fileName: '.vite/shell.json', source: JSON.stringify(loaded.shellTexts) });
    },
  };
}
