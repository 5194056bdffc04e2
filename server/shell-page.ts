import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pickLanguage } from '../contract/constants';

type Language = ReturnType<typeof pickLanguage>;
/** dist/.vite/shell.json, written by the build (vite.config.ts): each first page's title and line under it. */
export type ShellTexts = Record<string, Record<Language, { title: string; subtitle: string }>>;

export function loadShellTexts(staticDir: string): ShellTexts {
  const file = join(staticDir, '.vite', 'shell.json');
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ShellTexts) : {};
  } catch {
    return {};
  }
}

/** The language the app will start in (src/app/i18n.ts): the one it saved, else the browser's first of ours. */
export function shellLanguage(saved: string | undefined, acceptLanguage: string | undefined): Language {
  return pickLanguage(
    saved,
    (acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]!.trim()),
  );
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

/**
 * The page's header (its h1 and the line under it) painted by the HTML itself, where React draws the
 * same header on its first commit and replaces it: the person sees what the page is at the first paint.
 * Also the document's language and, when the person chose one, their colour mode.
 */
export function withPageHeader(html: string, texts: ShellTexts, path: string, lang: Language, mode: string | undefined): string {
  const page = texts[path]?.[lang];
  let out = html.replace(/<html lang="[^"]*"/, `<html lang="${lang}"${mode === 'dark' || mode === 'light' ? ` data-mode="${mode}"` : ''}`);
  if (page) {
    out = out.replace(
      '<div id="root">',
      `<div id="root"><div class="boot-page" aria-hidden="true"><div><h1>${escapeHtml(page.title)}</h1><p>${escapeHtml(page.subtitle)}</p></div></div>`,
    );
  }
  return out;
}
