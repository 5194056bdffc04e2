/**
 * `npm run styles:first`: records the CSS that emotion writes while each first page (catalogue, library,
 * orders as the merchant; the queue as support; the overview as a manager) loads, in both colour modes, at phone and desktop size, in both languages, and keeps it in
 * server/first-styles.json. The gateway puts the set of the page and mode it serves into the HTML as
 * an emotion server-rendering style tag (server/shell-page.ts): emotion then takes those classes as
 * already written and skips serialising and inserting them in the browser, which on a phone was
 * 20-50 ms of each of the first commits (found with a CPU profile, issue 15).
 *
 * What is recorded is the exact rule text emotion hands to insertRule (not the browser's reading of
 * it, which drops rules for other browsers, such as ::-moz-placeholder). A class is listed only with
 * every rule emotion wrote for it, so marking it written is always right; classes the set lacks (a
 * style changed since the recording) are written in the browser as before. e2e/first-paint.spec.ts
 * fails when the recording no longer covers what a first page draws: run this again then.
 */
import { writeFileSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';
import { placeOrders, signIn, startAppServer, type BenchServer } from '../bench/app-server';
import { FIRST_STYLES_ID } from '../contract/constants';
import { emotionNames, FIRST_STYLE_PAGES, type FirstStyles } from '../server/shell-page';
import { emotionRulesOf, recordEmotionRules } from './emotion-rules';

const OUT = 'server/first-styles.json';
const SIZES = [
  { width: 412, height: 823 },
  { width: 1350, height: 940 },
];
const LANGUAGES = ['zh-CN', 'en-US'];
type Mode = 'light' | 'dark';

async function record(browser: Browser, server: BenchServer, path: string, cookie: string, mode: Mode) {
  const rules: string[] = [];
  // Each size and language; then each size once more with the page's code and data late, for what
  // the page shows while it waits (progress bars, placeholders), which a fast answer can skip.
  const runs = SIZES.flatMap((viewport) => [
    ...LANGUAGES.map((locale) => ({ viewport, locale, late: false })),
    { viewport, locale: LANGUAGES[0]!, late: true },
  ]);
  for (const { viewport, locale, late } of runs) {
    const context = await browser.newContext({ viewport, locale, colorScheme: mode, baseURL: server.url });
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    await context.addInitScript(recordEmotionRules);
    // What is recorded must not count what the gateway already put in the page.
    await context.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') {
        const url = route.request().url();
        // Late: the page's parts (not the progress bar's own code) and, later still, the data.
        const wait = !late ? 0 : url.includes('/bff/') ? 2000 : url.includes('/assets/') && !url.includes('LinearProgress') ? 1000 : 0;
        if (wait) await new Promise((r) => setTimeout(r, wait));
        return route.continue();
      }
      const response = await route.fetch();
      const body = (await response.text()).replace(new RegExp(`<style id="${FIRST_STYLES_ID}"[^>]*>[^<]*</style>`, 'g'), '');
      return route.fulfill({ response, body });
    });
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'networkidle' });
    // The rows (or the cards, or the empty answer) are in, and the lazy parts after the first paint.
    await page.locator('main h1').waitFor();
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    rules.push(...(await emotionRulesOf(page)));
    await context.close();
  }
  // Only rules of a class (or keyframes), each once, in the order emotion wrote them.
  return rules.filter((r) => emotionNames(r).length > 0);
}

const server = await startAppServer({ port: Number(process.env.STYLES_PORT ?? 4520), goods: 5000 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  // The orders page is recorded with its rows, not only as the empty list a fresh sandbox has.
  await placeOrders(server, 6, 'STYLES');
  // Each rule is kept once in the file; a page's set in a mode is the list of its rules' places.
  const out: FirstStyles = { rules: [], pages: {} };
  const index = new Map<string, number>();
  const place = (rule: string) => {
    let i = index.get(rule);
    if (i === undefined) index.set(rule, (i = out.rules.push(rule) - 1));
    return i;
  };
  const cookies = new Map<string, string>([['merchant', server.cookie]]);
  for (const [path, role] of Object.entries(FIRST_STYLE_PAGES)) {
    if (!cookies.has(role)) cookies.set(role, await signIn(server.url, role));
    const cookie = cookies.get(role)!;
    const light = [...new Set((await record(browser, server, path, cookie, 'light')).map(place))];
    const dark = [...new Set((await record(browser, server, path, cookie, 'dark')).map(place))];
    out.pages[path] = { light, dark };
    for (const [mode, set] of [
      ['light', light],
      ['dark', dark],
    ] as const) {
      const css = set.map((i) => out.rules[i]!);
      console.log(
        `${path} ${mode}: ${css.length} rules, ${new Set(css.flatMap(emotionNames)).size} classes, ${(css.join('').length / 1024).toFixed(1)} kB`,
      );
    }
  }
  writeFileSync(OUT, JSON.stringify(out) + '\n');
  console.log(`written ${OUT}: ${out.rules.length} rules`);
} finally {
  await browser.close();
  await server.stop();
}
