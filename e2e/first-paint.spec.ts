import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { newLookPage, setLookCookies, type Look } from './page-checks';
import { emotionNames } from '../server/shell-page';
import { emotionRulesOf, recordEmotionRules } from '../tools/emotion-rules';

/**
 * The gateway paints each first page's header (its h1 and the line under it) in the HTML it serves,
 * before any script runs (server/shell-page.ts, index.html). Seen with scripts off, it must sit where
 * React then draws the same header, with the same words, in the person's language and mode: at phone
 * and desktop size, in both languages.
 */
const PAGES = ['/catalogue', '/library', '/orders'];
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

type Box = { x: number; y: number; width: number; height: number; text: string };
const boxOf = async (page: Page, selector: string): Promise<Box> =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, text: el.textContent ?? '' };
    });

/**
 * A tab of the merchant's in `look`: the app's stored language and mode, and the cookies the served HTML
 * is painted from (set here rather than by a first load of a page only for that). With `styles`, the
 * emotion rules the page writes are recorded.
 */
async function signedIn(browser: Browser, size: (typeof SIZES)[number], look: Look, styles: boolean) {
  const page = await newLookPage(browser, 'merchant', size, look);
  const context = page.context();
  await setLookCookies(context, look);
  if (styles) {
    await context.addInitScript(recordEmotionRules);
    // Each time the first styles' tag enters the document: once, by the HTML parser. Moved by a script
    // (emotion's server-rendering hydration did so), the browser builds its stylesheet a second time.
    await context.addInitScript(() => {
      const w = window as unknown as { firstStylesAdded: number };
      w.firstStylesAdded = 0;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n instanceof Element && n.id === 'first-styles') w.firstStylesAdded++;
      }).observe(document, { childList: true, subtree: true });
    });
  }
  return { context, page };
}

/**
 * The gateway also puts each first page's styles in the HTML (server/first-styles.json, recorded by
 * `npm run styles:first`), so emotion does not write them in the browser while the page starts.
 * Emotion must take them (none of them written again), and they must still cover what the page draws
 * as it loads: when styles change, the recording goes stale and this fails until it is made again.
 * Checked on the same loads as the painted header, in both modes and at both sizes (`styles`).
 */
async function checkFirstStyles(page: Page, path: string) {
  await page.waitForLoadState('networkidle');
  // The lazy parts drawn after the first paint (the app bar's tools, the list) are in too.
  await page.waitForTimeout(1000);
  const written = await emotionRulesOf(page);
  const { given, added } = await page.evaluate(() => ({
    given: document.getElementById('first-styles')?.dataset.names?.split(' ') ?? [],
    added: (window as unknown as { firstStylesAdded: number }).firstStylesAdded,
  }));
  expect(given.length, `${path}: the HTML carries the page's first styles`).toBeGreaterThan(50);
  expect(added, `${path}: the first styles' tag stays where the HTML put it`).toBe(1);
  const writtenNames = [...new Set(written.flatMap(emotionNames))];
  expect(
    writtenNames.filter((n) => given.includes(n)),
    `${path}: styles given in the HTML written again`,
  ).toEqual([]);
  // The recording's orders are a few just placed; here earlier tests have moved orders on (shipped,
  // cancelled, after-sale), whose chips are written in the browser: not counted.
  if (path === '/orders') return;
  // A state drawn only now and then (a toast, a bar while something is slow) may be missing; a stale
  // recording (a style changed since) misses many.
  const missing = written.filter((r) => emotionNames(r).length).map((r) => r.slice(0, 100));
  expect(
    writtenNames.length,
    `${path}: classes drawn at load that server/first-styles.json lacks (run "npm run styles:first" after changing styles):\n${missing.join('\n')}`,
  ).toBeLessThanOrEqual(5);
}

for (const size of SIZES)
  for (const [language, mode] of [
    ['zh-CN', 'light'],
    ['en', 'dark'],
  ] as const) {
    // The first styles in both modes at both sizes: light at desktop size, dark on a phone.
    const styles = size.width > 1000 === (mode === 'light');
    test(`the painted header sits where React draws it${styles ? ', and the first styles are taken by emotion and cover the page' : ''}: ${size.width}px, ${language}, ${mode}`, async ({
      browser,
    }) => {
      const { context, page } = await signedIn(browser, size, { locale: language, theme: mode }, styles);
      let bare: BrowserContext | undefined;
      try {
        bare = await browser.newContext({ viewport: size, javaScriptEnabled: false, storageState: await context.storageState() });
        const html = await bare.newPage();
        for (const path of PAGES) {
          await page.goto(path);
          const h1 = page.locator('main h1');
          await expect(h1).toBeVisible();
          const drawn = { h1: await boxOf(page, 'main h1'), p: await boxOf(page, 'main h1 + p') };

          await html.goto(path);
          expect(await html.locator('html').getAttribute('lang'), path).toBe(language);
          expect(await html.locator('html').getAttribute('data-mode'), path).toBe(mode);
          const painted = { h1: await boxOf(html, '.boot-page h1'), p: await boxOf(html, '.boot-page p') };
          for (const part of ['h1', 'p'] as const) {
            expect(painted[part].text, `${path} ${part}`).toBe(drawn[part].text);
            for (const k of ['x', 'y', 'width', 'height'] as const)
              expect(
                Math.abs(painted[part][k] - drawn[part][k]),
                `${path} ${part} ${k}: painted ${painted[part][k]}, drawn ${drawn[part][k]}`,
              ).toBeLessThanOrEqual(1.5);
          }
          // Dark text on a dark page would be unreadable: the painted header follows the chosen mode.
          const color = await html.locator('.boot-page h1').evaluate((el) => getComputedStyle(el).color);
          expect(color, path).toBe(mode === 'dark' ? 'rgb(255, 255, 255)' : 'rgba(0, 0, 0, 0.87)');
          if (styles) await checkFirstStyles(page, path);
        }
      } finally {
        await bare?.close();
        await context.close();
      }
    });
  }

test('signed out, the HTML paints no page header (the app goes to the sign-in page)', async ({ browser }) => {
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const page = await bare.newPage();
  await page.goto('/catalogue');
  await expect(page.locator('.boot-page')).toHaveCount(0);
  await bare.close();
});
