import { expect, test, type Browser, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';
import { newLookPage, setLookCookies, type Look } from './page-checks';
import type { Role } from './sign-in';
import { emotionNames } from '../server/shell-page';
import { emotionRulesOf, recordEmotionRules } from '../tools/emotion-rules';

/**
 * The gateway paints each first page's header (its h1 and the line under it) in the HTML it serves,
 * before any script runs (server/shell-page.ts, index.html). Seen with scripts off, it must sit where
 * React then draws the same header, with the same words, in the person's language and mode: at phone
 * and desktop size, in both languages. Each role's landing is also loaded as Lighthouse's mobile run
 * loads it (a 4x slower CPU on the phone size) and must not move as it settles (issue 39).
 */
const PAGES = ['/catalogue', '/library', '/orders'];
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/**
 * The landing of each role (where signing in leads): the merchant's catalogue with its figures, support's
 * work queue, the manager's overview. `ready`: what shows once the page has its data.
 */
const LANDINGS: { path: string; role: Role; ready: (page: Page) => Locator }[] = [
  { path: '/catalogue', role: 'merchant', ready: (page) => page.locator('[data-testid="goods-card"], main table tbody tr').first() },
  { path: '/queue', role: 'support', ready: (page) => page.getByTestId('queue-decision') },
  { path: '/overview', role: 'manager', ready: (page) => page.getByTestId('overview-period') },
];
/** Layout shift a landing may add up while it settles (issue 39: Lighthouse's CLS target is 0.01; 0.02 leaves room for the browser's rounding). */
const MAX_SHIFT = 0.02;

type Box = { x: number; y: number; width: number; height: number; text: string };
const boxOf = async (page: Page, selector: string): Promise<Box> =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, text: el.textContent ?? '' };
    });
const styleOf = (page: Page, selector: string, property: 'color' | 'backgroundColor') =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el)[p], property);

/**
 * A tab of the merchant's (or `role`'s) in `look`: the app's stored language and mode, and the cookies
 * the served HTML is painted from (set here rather than by a first load of a page only for that). Layout
 * shifts are recorded; with `styles`, the emotion rules the page writes too.
 */
async function signedIn(browser: Browser, size: (typeof SIZES)[number], look: Look, styles: boolean, role: Role = 'merchant') {
  const page = await newLookPage(browser, role, size, look);
  const context = page.context();
  await setLookCookies(context, look);
  await context.addInitScript(recordShifts);
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
  // cancelled, after-sale), whose chips are written in the browser: not counted. The queue and the
  // overview draw what other tests have done to the sandbox's world (records, figures, charts), and
  // other work changes them often: a stale recording there costs speed (the Lighthouse bench shows it),
  // never correctness, which the checks above cover.
  if (path !== '/catalogue' && path !== '/library') return;
  // A state drawn only now and then (a toast, the progress bar of a list read again while the page
  // loads: its track and two bars) may be missing; a stale recording (a style changed since) misses
  // many. Counted in classes: keyframes come with the class whose rule names them.
  const missing = written.filter((r) => emotionNames(r).length).map((r) => r.slice(0, 100));
  expect(
    writtenNames.filter((n) => !n.startsWith('animation-')).length,
    `${path}: classes drawn at load that server/first-styles.json lacks (run "npm run styles:first" after changing styles):\n${missing.join('\n')}`,
  ).toBeLessThanOrEqual(5);
}

/** What a landing's page brings (server/first-list.ts), by the request the SPA would otherwise make. */
const HANDED_OVER: Record<string, string> = { '/catalogue': '/bff/op/selection.online', '/overview': '/bff/overview' };

/**
 * Records every layout shift of each document the tab loads, as Chromium reports them to the page
 * (what CLS adds up; shifts right after a click or a key are left out, as CLS leaves them out), with
 * the elements that moved.
 */
function recordShifts() {
  const w = window as unknown as { layoutShifts: { value: number; moved: string[] }[] };
  w.layoutShifts = [];
  const name = (n: Node | null | undefined) =>
    n instanceof Element
      ? `${n.localName}${n.getAttribute('data-testid') ? `[${n.getAttribute('data-testid')}]` : ''}.${n.className}`
      : String(n?.nodeName);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[])
      if (!e.hadRecentInput) w.layoutShifts.push({ value: e.value, moved: (e.sources ?? []).map((x) => name(x.node)) });
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * Loads a landing as a person on that screen would (on the phone size at a 4x slower CPU, as
 * Lighthouse's mobile runs), waits until it has its data and its late parts (the strip's figures, the
 * app bar's tools, the charts) are in, and checks that nothing on screen moved meanwhile.
 */
async function loadWithoutShift(page: Page, landing: (typeof LANDINGS)[number], phone: boolean) {
  const cdp = phone ? await page.context().newCDPSession(page) : undefined;
  await cdp?.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // The catalogue's first list and the overview's figures come in the page the gateway sends
  // (server/first-list.ts): not asked again.
  const asks: string[] = [];
  const onRequest = (r: Request) => void asks.push(new URL(r.url()).pathname);
  page.on('request', onRequest);
  try {
    await page.goto(landing.path);
    await expect(landing.ready(page)).toBeVisible({ timeout: 20_000 });
    const brought = HANDED_OVER[landing.path];
    if (brought) expect(asks, `${landing.path} asked again for what its page brought`).not.toContain(brought);
    page.off('request', onRequest);
    if (landing.role === 'merchant') await expect(page.getByTestId('merchant-strip')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
  } finally {
    await cdp?.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp?.detach();
  }
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; moved: string[] }[] }).layoutShifts);
  const total = shifts.reduce((sum, x) => sum + x.value, 0);
  expect(total, `${landing.path}: layout shift ${total.toFixed(4)}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(MAX_SHIFT);
}

/** React's header of the page in `page` against the one the gateway painted (`html`, scripts off): same words, place and size. */
async function checkPaintedHeader(page: Page, html: Page, path: string, language: string, mode: string) {
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
  if (path === '/catalogue') await checkPaintedGoods(page, html);
  if (path === '/overview') await checkPaintedPeriod(page, html);
}

/**
 * The overview's line of days painted by the HTML at 1200 px and up (server/first-list.ts): where React
 * draws it, at its size (a larger one drawn later would be the page's largest paint), with the same
 * words and colour; gone once React's is drawn. Hidden on a phone (the header's actions wrap there).
 */
async function checkPaintedPeriod(page: Page, html: Page) {
  await expect(page.locator('#boot-period'), 'painted line of days left after React drew its own').toHaveCount(0);
  if ((page.viewportSize()?.width ?? 0) < 1200) {
    await expect(html.locator('#boot-period')).toBeHidden();
    return;
  }
  const painted = await boxOf(html, '#boot-period');
  const drawn = await boxOf(page, '[data-testid="overview-period"]');
  expect(painted.text, 'the painted line of days').toBe(drawn.text);
  for (const k of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(painted[k] - drawn[k]), `line of days ${k}: painted ${painted[k]}, drawn ${drawn[k]}`).toBeLessThanOrEqual(1.5);
  expect(await styleOf(html, '#boot-period', 'color')).toBe(await styleOf(page, '[data-testid="overview-period"]', 'color'));
}

/**
 * The catalogue's first goods painted by the HTML on a phone (server/first-list.ts): the first picture
 * where React draws it, at its size (a larger one would be a later largest paint), the same title, the
 * card in the mode's colours; gone once React's cards are drawn. Hidden at desktop size (the table).
 */
async function checkPaintedGoods(page: Page, html: Page) {
  await expect(page.locator('#boot-goods'), 'painted goods left after React drew the list').toHaveCount(0);
  if ((page.viewportSize()?.width ?? 0) >= 600) {
    await expect(html.locator('#boot-goods')).toBeHidden();
    return;
  }
  await expect(html.locator('#boot-goods .bg-card')).toHaveCount(2);
  const painted = await boxOf(html, '#boot-goods .bg-img');
  const drawn = await boxOf(page, '[data-testid="goods-card"] .gc-img');
  for (const k of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(painted[k] - drawn[k]), `first picture ${k}: painted ${painted[k]}, drawn ${drawn[k]}`).toBeLessThanOrEqual(1.5);
  expect((await boxOf(html, '#boot-goods .bg-title')).text).toBe((await boxOf(page, '.gc-title')).text);
  expect(await styleOf(html, '#boot-goods .bg-card', 'backgroundColor')).toBe(await styleOf(page, '.gc-card', 'backgroundColor'));
}

const LOOKS = [
  ['zh-CN', 'light'],
  ['en', 'dark'],
] as const;

for (const size of SIZES)
  for (const [language, mode] of LOOKS) {
    // The first styles in both modes at both sizes: light at desktop size, dark on a phone.
    const styles = size.width > 1000 === (mode === 'light');
    test(`the painted header sits where React draws it, the catalogue does not move as it settles${styles ? ', and the first styles are taken by emotion and cover the page' : ''}: ${size.width}px, ${language}, ${mode}`, async ({
      browser,
    }) => {
      const { context, page } = await signedIn(browser, size, { locale: language, theme: mode }, styles);
      let bare: BrowserContext | undefined;
      try {
        bare = await browser.newContext({ viewport: size, javaScriptEnabled: false, storageState: await context.storageState() });
        const html = await bare.newPage();
        for (const path of PAGES) {
          // The merchant's landing: nothing moves while its list, figures and tools come in.
          const landing = LANDINGS.find((l) => l.path === path);
          if (landing) await loadWithoutShift(page, landing, size.width < 600);
          else await page.goto(path);
          await checkPaintedHeader(page, html, path, language, mode);
          if (styles) await checkFirstStyles(page, path);
        }
      } finally {
        await bare?.close();
        await context.close();
      }
    });
  }

// Support's and the manager's landings, in both looks at each size: the same header painted by the
// HTML, nothing moving as the page settles, and (light at desktop size, dark on a phone) first styles
// that emotion takes.
for (const size of SIZES)
  for (const landing of LANDINGS.filter((l) => l.role !== 'merchant'))
    test(`${landing.path} as ${landing.role}: the painted header sits where React draws it and nothing moves as the page settles, both looks: ${size.width}px`, async ({
      browser,
    }) => {
      for (const [language, mode] of LOOKS) {
        const styles = size.width > 1000 === (mode === 'light');
        const { context, page } = await signedIn(browser, size, { locale: language, theme: mode }, styles, landing.role);
        let bare: BrowserContext | undefined;
        try {
          bare = await browser.newContext({ viewport: size, javaScriptEnabled: false, storageState: await context.storageState() });
          await loadWithoutShift(page, landing, size.width < 600);
          await checkPaintedHeader(page, await bare.newPage(), landing.path, language, mode);
          if (styles) await checkFirstStyles(page, landing.path);
        } finally {
          await bare?.close();
          await context.close();
        }
      }
    });

test('signed out, the HTML paints no page header (the app goes to the sign-in page)', async ({ browser }) => {
  const bare = await browser.newContext({ javaScriptEnabled: false });
  const page = await bare.newPage();
  await page.goto('/catalogue');
  await expect(page.locator('.boot-page')).toHaveCount(0);
  await bare.close();
});
