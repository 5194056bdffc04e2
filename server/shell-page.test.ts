import { describe, expect, it } from 'vitest';
import {
  emotionNames,
  firstStyleTags,
  loadFirstStyles,
  shellLanguage,
  withFirstStyles,
  withPageHeader,
  type ShellTexts,
} from './shell-page';

const HTML = '<!doctype html><html lang="zh-CN"><head></head><body><div id="root"><div class="boot-shell"></div></div></body></html>';
const TEXTS: ShellTexts = {
  '/catalogue': {
    en: { title: 'Catalogue', subtitle: 'Goods & <prices>' },
    'zh-CN': { title: '商品选品', subtitle: '在线选品' },
  },
};

describe('the page header painted in the HTML', () => {
  it('speaks the language the app will start in: the saved one, else the browser’s first of ours, else Chinese', () => {
    expect(shellLanguage('en', 'zh-CN,zh;q=0.9')).toBe('en');
    expect(shellLanguage(undefined, 'fr-FR,en-GB;q=0.8,zh;q=0.5')).toBe('en');
    expect(shellLanguage(undefined, 'zh-TW,en;q=0.5')).toBe('zh-CN');
    expect(shellLanguage('de', 'fr')).toBe('zh-CN');
    expect(shellLanguage(undefined, undefined)).toBe('zh-CN');
  });

  it('paints the known page’s title and line, escaped, and sets the language and a chosen mode', () => {
    const out = withPageHeader(HTML, TEXTS, '/catalogue', 'en', 'dark');
    expect(out).toContain('<html lang="en" data-mode="dark">');
    expect(out).toContain(
      '<div id="root"><div class="boot-page" aria-hidden="true"><div><h1>Catalogue</h1><p>Goods &amp; &lt;prices&gt;</p></div></div>',
    );
    expect(withPageHeader(HTML, TEXTS, '/catalogue', 'zh-CN', undefined)).toContain('<html lang="zh-CN"><head>');
  });

  it('leaves other pages without a header, and ignores a mode that is not one', () => {
    const out = withPageHeader(HTML, TEXTS, '/cart', 'en', 'purple');
    expect(out).not.toContain('boot-page');
    expect(out).toContain('<html lang="en"><head>');
  });
});

describe('the first styles put in the HTML', () => {
  it('names the emotion classes (or keyframes) a rule is written for, plain or inside an at-rule', () => {
    expect(emotionNames('.css-1x2y{display:flex;}')).toEqual(['1x2y']);
    expect(emotionNames('.css-1x2y:hover .MuiButton-icon,.css-1x2y.Mui-focused{color:red;}')).toEqual(['1x2y']);
    expect(emotionNames('@media (min-width:600px){.css-ab9{padding:8px;}}')).toEqual(['ab9']);
    expect(emotionNames('html .css-q1{margin:0;}')).toEqual(['q1']);
    expect(emotionNames('@keyframes animation-61bdi0{0%{opacity:0;}100%{opacity:1;}}')).toEqual(['animation-61bdi0']);
    // A class of the same prefix but another name, and rules of no class, name nothing.
    expect(emotionNames('.css-global-thing{x:1}')).toEqual([]);
    expect(emotionNames('body{margin:0;}')).toEqual([]);
    expect(emotionNames('.MuiButton-root{color:red;}')).toEqual([]);
  });

  const STYLES = {
    rules: [
      '.css-a1{color:red;}',
      '@media (min-width:600px){.css-a1{color:blue;}}',
      '.css-d2{color:white;}',
      '.css-x9{content:"</style>";}',
    ],
    pages: { '/catalogue': { light: [0, 1, 3], dark: [2] } },
  };

  it('writes each page’s set as one style tag, names first, rules in order', () => {
    const tags = firstStyleTags(STYLES);
    expect(tags['/catalogue']!.light).toBe(
      '<style id="first-styles" data-names="a1">.css-a1{color:red;}@media (min-width:600px){.css-a1{color:blue;}}</style>',
    );
    expect(tags['/catalogue']!.dark).toBe('<style id="first-styles" data-names="d2">.css-d2{color:white;}</style>');
  });

  it('puts the set of the person’s mode in the head (light when none was chosen), and nothing on other pages', () => {
    const tags = firstStyleTags(STYLES);
    expect(withFirstStyles(HTML, tags, '/catalogue', 'dark')).toContain(
      '<head><style id="first-styles" data-names="d2">.css-d2{color:white;}</style></head>',
    );
    expect(withFirstStyles(HTML, tags, '/catalogue', undefined)).toContain('<head><style id="first-styles" data-names="a1">');
    expect(withFirstStyles(HTML, tags, '/catalogue', 'sepia')).toContain('<head><style id="first-styles" data-names="a1">');
    expect(withFirstStyles(HTML, tags, '/orders', 'light')).toBe(HTML);
    expect(withFirstStyles(HTML, {}, '/catalogue', 'light')).toBe(HTML);
  });

  it('reads the recorded file of the repository, and a missing or broken file gives no styles', () => {
    const tags = loadFirstStyles();
    for (const path of ['/catalogue', '/library', '/orders'])
      for (const mode of ['light', 'dark'] as const)
        expect(tags[path]![mode]).toMatch(/^<style id="first-styles" data-names="[a-z0-9]+ [^"]+">\.css-/);
    expect(loadFirstStyles('/nonexistent/first-styles.json')).toEqual({});
    expect(loadFirstStyles(import.meta.filename)).toEqual({});
  });
});
