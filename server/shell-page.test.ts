import { describe, expect, it } from 'vitest';
import { shellLanguage, withPageHeader, type ShellTexts } from './shell-page';

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
