import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_STYLES_ID, pickLanguage } from '../contract/constants';

type Language = ReturnType<typeof pickLanguage>;
/**
 * dist/.vite/shell.json, written by the build (vite.config.ts): each first page's title and line under
 * it, and the words of what the HTML paints of a landing's first list (src/app/shell-texts.ts).
 */
export type ShellTexts = Record<
  string,
  Record<Language, { title: string; subtitle: string; guidePrice?: string; showing?: string; comparison?: Record<string, string> }>
>;

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

export const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

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

/**
 * The pages whose first styles are recorded (tools/first-styles.ts) and put in the HTML served for
 * them, each with the role it is recorded as: the merchant's pages, and the landings of support and
 * managers (their first commit was a long task of emotion's style work on a phone, issue 39).
 */
export const FIRST_STYLE_PAGES = {
  '/catalogue': 'merchant',
  '/library': 'merchant',
  '/orders': 'merchant',
  '/queue': 'support',
  '/overview': 'manager',
} as const;
type Mode = 'light' | 'dark';
/** server/first-styles.json: emotion's rules, each once, and each page's set in each mode (their places). */
export interface FirstStyles {
  rules: string[];
  pages: Record<string, Record<Mode, number[]>>;
}
/** Per page and mode, the style tag to put in the HTML. */
export type FirstStyleTags = Record<string, Record<Mode, string>>;

/**
 * The emotion names a rule is written for: its `.css-<name>` classes (in a plain or an at-rule) or its
 * keyframes' name. Emotion marks these names written when it finds them in a server-rendered style tag.
 */
export function emotionNames(rule: string): string[] {
  const keyframes = /^@(?:-webkit-)?keyframes (animation-[a-z0-9]+)\{/.exec(rule);
  if (keyframes) return [keyframes[1]!];
  const selectors = rule.startsWith('@') ? rule.slice(rule.indexOf('{') + 1) : rule;
  const head = selectors.slice(0, selectors.indexOf('{'));
  return [...new Set([...head.matchAll(/\.css-([a-z0-9]+)(?![\w-])/g)].map((m) => m[1]!))];
}

/**
 * The style tags, made once at start-up: `<style id="first-styles" data-names="name1 name2 …">rules</style>`.
 * The SPA's emotion cache marks those names as written and takes the tag as its sheet's first
 * (src/app/emotion-cache.ts). Not emotion's server-rendering form (`data-emotion="css …"`): emotion
 * moves a tag of that form within the head as it starts, and the browser builds its ~90 kB
 * stylesheet a second time.
 */
export function firstStyleTags(styles: FirstStyles | undefined): FirstStyleTags {
  const tags: FirstStyleTags = {};
  for (const [path, modes] of Object.entries(styles?.pages ?? {})) {
    const tag = (places: number[]) => {
      // A rule that could end the style element early is left to the browser to write.
      const rules = places.map((i) => styles!.rules[i]).filter((r): r is string => !!r && !r.includes('</'));
      const names = [...new Set(rules.flatMap(emotionNames))];
      return names.length ? `<style id="${FIRST_STYLES_ID}" data-names="${names.join(' ')}">${rules.join('')}</style>` : '';
    };
    tags[path] = { light: tag(modes.light ?? []), dark: tag(modes.dark ?? []) };
  }
  return tags;
}

export function loadFirstStyles(file = join(import.meta.dirname, 'first-styles.json')): FirstStyleTags {
  try {
    return existsSync(file) ? firstStyleTags(JSON.parse(readFileSync(file, 'utf8')) as FirstStyles) : {};
  } catch {
    return {};
  }
}

/** The page's first styles in the person's mode (light when they never chose: most do not). */
export function withFirstStyles(html: string, tags: FirstStyleTags, path: string, mode: string | undefined): string {
  const tag = tags[path]?.[mode === 'dark' ? 'dark' : 'light'];
  return tag ? html.replace('</head>', () => `${tag}</head>`) : html;
}
