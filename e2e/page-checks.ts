import AxeBuilder from '@axe-core/playwright';
import type AxeCore from 'axe-core';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { roleContext, type Role } from './sign-in';
import { LANGUAGE_COOKIE, THEME_COOKIE } from '../contract/constants';

/** zod's and our own English sentences that must never reach a Chinese page. */
const ENGLISH_VALIDATION = /Invalid input|Too (big|small)|expected (string|number)|must not exceed|is required|is taken/i;
/** A text node that is nothing but an i18n key such as `filters.reset`. */
const RAW_KEY = /^[a-z][a-zA-Z]*(\.[a-zA-Z0-9_]+)+$/;

/**
 * The axe rules whose results a popup changes on the page around it: a modal hides the page from
 * assistive technology (aria-hidden beside it: nothing in there may keep the focus, and never on the
 * body) and locks the scroll with an inline style on the body (no !important text spacing there).
 */
const AROUND_POPUP = ['aria-hidden-body', 'aria-hidden-focus', 'avoid-inline-spacing'];

type Violation = { id: string; impact?: string | null; targets: string[] };

/**
 * Waits until the page's finite transitions and animations have ended, so that a popup still fading
 * in (a dialog's entrance, a menu's grow) is measured as it will stay, not half-transparent over the
 * page (a progress bar's endless animation is not waited for). At most 5 s: an animation whose
 * element left the page mid-way may never say it finished.
 */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]),
  );

/**
 * The elements `selector` matches (the start of their HTML), but for hidden ones: the phone's navigation
 * drawer stays mounted once closed, hidden by its modal's style, which its content inherits unless a
 * part of it is still shown (what axe would find focusable under the modal's aria-hidden). Run in the page.
 */
function shownMatches(selector: string) {
  return Array.from(document.querySelectorAll(selector))
    .filter((el) => getComputedStyle(el).visibility !== 'hidden')
    .map((el) => el.outerHTML.slice(0, 160));
}

/** How many elements `selector` matches in the page, but for hidden ones (a closed drawer kept mounted). */
export const shownCount = async (page: Page, selector: string) => (await page.evaluate(shownMatches, selector)).length;

/**
 * Waits, frame by frame, until `selector` matches at most `count` elements (none by default; hidden ones,
 * such as a closed drawer kept mounted, do not count): a closed menu or dialog, which stays in the page until its exit
 * timer ends, is seen gone in the frame it goes. `expect(...).toHaveCount` polls 0, 20, 50, 100, 100 and
 * then 500 ms apart, so it saw a menu that left after 300 ms only at 770 ms, popup after popup.
 */
export async function untilCount(page: Page, selector: string, count = 0) {
  const until = Date.now() + 10_000;
  for (;;) {
    const left = await page.evaluate(shownMatches, selector);
    if (left.length <= count) return;
    if (Date.now() > until)
      throw new Error(`still ${left.length} of ${selector} (at most ${count} wanted) after 10 s:\n${left.join('\n')}`);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
}

/**
 * What is wrong with the page as it stands: critical or serious axe violations, anything wider than
 * the window (outside a box that scrolls or clips on purpose), i18n keys on screen, and with
 * `zh` English validation sentences on a Chinese page; with `lastColumn`, a table whose last column
 * is cut off in its box at desktop widths. One line per problem, empty when there is none.
 *
 * With `popup` (a menu, dialog or drawer, or a panel changed in place), the page under it was checked
 * just before, as it stands, in the same language and theme: axe checks the popup with every rule
 * (the modal it is in, backdrop and focus guards too, or else the element itself), and the rest of
 * the page only with AROUND_POPUP. The rest is hidden behind a modal, where axe skips nearly every
 * rule, or unchanged; checking it again cost 0.3–1 s per popup. Layout and texts are measured over the
 * whole page as always.
 */
export async function pageProblems(page: Page, opts: { zh?: boolean; lastColumn?: boolean; popup?: Locator } = {}): Promise<string[]> {
  const problems: string[] = [];
  await settled(page);
  // axe.run in the page itself. The default mode runs axe in each frame and then finishes in a new
  // blank tab, so that cross-origin frames are checked too; the app has no frames (product
  // descriptions lose theirs), and the blank tab cost about 0.9 s of the 2.2 s a check took. A page
  // checked again (switched in place, a popup opened) keeps the axe-core it was given. Only the
  // violations are read: axe makes a selector for every node of every kind of result it returns, and
  // the passes of a whole page were about half of a run's time (a page of 1.1–1.7 s ran in 0.6–0.8 s).
  // The other kinds keep one node each; which rules fail, and on which nodes, is the same.
  const injected = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  let violations: Violation[];
  if (!opts.popup) {
    const axe = await new AxeBuilder({ page, ...(injected ? { axeSource: ';' } : {}) })
      .setLegacyMode()
      .options({ resultTypes: ['violations'] })
      .analyze();
    violations = axe.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
    // Colours measured while a control was changing state: a button enabled as its data came, during
    // the run, fades from grey to its colour in 250 ms (CI once caught one half-way). Contrast is
    // measured again once the page is at rest; what people see at rest is what is kept.
    if (violations.some((v) => v.id === 'color-contrast')) {
      await settled(page);
      const again = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: typeof AxeCore }).axe;
        const r = await axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'rule', values: ['color-contrast'] } });
        return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
      });
      violations = [...violations.filter((v) => v.id !== 'color-contrast'), ...again];
    }
  } else if (!injected) {
    // A page loaded since its last check has not been checked under the popup.
    violations = [];
    problems.push('popup checked on a page not checked since it loaded: check the page first');
  } else {
    // The axe-core of the page's check, called with the popup's element (AxeBuilder takes selectors).
    const root = await opts.popup.evaluateHandle((el) => el.closest('.MuiModal-root') ?? el, undefined, { timeout: 10_000 });
    const found = await page.evaluate(
      async ({ root, around }) => {
        const axe = (window as unknown as { axe: typeof AxeCore }).axe;
        const of = (r: AxeCore.AxeResults) =>
          r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
        // A modal still closing over this one hides it (aria-hidden) until it has gone: axe would skip it.
        if (root.closest('[aria-hidden="true"]')) return null;
        const inside = await axe.run({ include: [root] }, { resultTypes: ['violations'] });
        const outside = await axe.run({ exclude: [root] }, { resultTypes: ['violations'], runOnly: { type: 'rule', values: around } });
        return [...of(inside), ...of(outside)];
      },
      { root, around: AROUND_POPUP },
    );
    await root.dispose();
    violations = found ?? [];
    if (!found) problems.push('popup hidden from assistive technology when checked (a popup over it still closing?)');
  }
  for (const v of violations)
    if (v.impact === 'critical' || v.impact === 'serious')
      problems.push(`axe ${v.impact} ${v.id} ×${v.targets.length}: ${v.targets.slice(0, 3).join(' | ')}`);
  const layout = await page.evaluate((lastColumn) => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw + 1) out.push(`page is ${document.documentElement.scrollWidth}px wide in ${vw}px`);
    // Whether an element or one of its ancestors below the body clips or scrolls sideways (remembered
    // per element: each one's style is read once, not once per descendant).
    const clipping = new Map<Element, boolean>();
    const clips = (el: Element | null): boolean => {
      if (!el || el === document.body) return false;
      let c = clipping.get(el);
      if (c === undefined) {
        c = /(auto|scroll|hidden|clip)/.test(getComputedStyle(el).overflowX) || clips(el.parentElement);
        clipping.set(el, c);
      }
      return c;
    };
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Inside a box that clips or scrolls on purpose (a table box, a switch's hidden input), the box counts.
      // A box that is not painted (a closed drawer kept mounted beside the page) shows nothing; its
      // painted children, if any, have their own style and are measured themselves.
      if ((r.right > vw + 1 || r.left < -1) && !clips(el.parentElement) && getComputedStyle(el).visibility !== 'hidden') {
        out.push(
          `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} spans ${Math.round(r.left)}–${Math.round(r.right)} in ${vw}px`,
        );
        if (out.length > 5) break;
      }
    }
    if (lastColumn && vw >= 1280) {
      for (const table of Array.from(document.querySelectorAll('table'))) {
        const last = table.querySelector('thead tr th:last-child, tbody tr td:last-child');
        const box = table.parentElement;
        if (!last || !box) continue;
        if (last.getBoundingClientRect().right > box.getBoundingClientRect().right + 1) out.push('a table’s last column is cut off');
      }
    }
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = n.textContent?.trim();
      if (t) texts.push(t);
    }
    return { out, texts };
  }, opts.lastColumn ?? false);
  problems.push(...layout.out);
  for (const t of layout.texts) {
    if (RAW_KEY.test(t)) problems.push(`raw key on screen: ${t}`);
    if (opts.zh && ENGLISH_VALIDATION.test(t)) problems.push(`English text on a Chinese page: ${t}`);
  }
  return problems;
}

export type Look = { locale: 'zh-CN' | 'en'; theme: 'light' | 'dark' };

/** The other language and the other theme. */
export const flipped = (look: Look): Look => ({
  locale: look.locale === 'en' ? 'zh-CN' : 'en',
  theme: look.theme === 'light' ? 'dark' : 'light',
});

/**
 * A new tab signed in as `role`, of the given size, that opens every page it loads in `look` (language
 * and colour mode as the app keeps them in the browser). `switchLook` changes them in place; load
 * pages with `loadIn`, which puts the cookies back too.
 */
export async function newLookPage(browser: Browser, role: Role, size: { width: number; height: number }, look: Look) {
  const context = await roleContext(browser, role, {
    viewport: { width: size.width, height: size.height },
    locale: look.locale,
    // The passes measure pages, menus and dialogs at rest, where people read them. Asking for less
    // motion (as the system setting does) puts them there at once instead of after each grow, fade
    // and slide, which were waited out before every check: a third of a pass's time. The state at
    // rest is the same; e2e/catalogue.spec.ts checks that people who do not ask see the motion.
    reducedMotion: 'reduce',
  });
  await context.addInitScript(
    ({ t, l }) => {
      localStorage.setItem('supply-desk.theme', t);
      localStorage.setItem('supply-desk.language', l);
    },
    { t: look.theme, l: look.locale },
  );
  return context.newPage();
}

/**
 * Loads `path` in `look`: the app keeps language and mode in the browser's storage (newLookPage's
 * script sets them at every load) and mirrors them into cookies, from which the gateway paints the
 * first frame. After a switch in place the cookies name the other look: set back here, as the app
 * would have left them had the person chosen `look`.
 */
export async function loadIn(page: Page, path: string, look: Look) {
  await setLookCookies(page.context(), look);
  await page.goto(path);
}

/** The cookies the gateway paints the first frame from, as the app mirrors them from its storage. */
export async function setLookCookies(context: BrowserContext, look: Look) {
  const url = test.info().project.use.baseURL!;
  await context.addCookies([
    { name: LANGUAGE_COOKIE, value: look.locale, url, sameSite: 'Strict' },
    { name: THEME_COOKIE, value: look.theme, url, sameSite: 'Strict' },
  ]);
}

/**
 * Goes to `path` inside the running app, as its links and the browser's Back button do (the router
 * follows a history entry), without loading the document again: the app's scripts stay compiled and
 * a checker injected into the page stays there. Waits until the page there has named itself (its
 * document title, which each page sets from its heading, has changed).
 */
export async function openInApp(page: Page, path: string) {
  const before = await page.title();
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await expect(page).not.toHaveTitle(before);
}

/** The page's background in each mode (the theme's background.default, which CssBaseline puts on the body). */
const BACKGROUND = { light: 'rgb(245, 247, 246)', dark: 'rgb(16, 20, 19)' };

/**
 * Switches language and theme in place, without a reload, with the app's own controls: in the app bar
 * on wide screens, in the navigation drawer on phones. Waits until the page is drawn in them: the
 * document's language, the toggle's name and the page's background.
 */
export async function switchLook(page: Page, to: Look) {
  const openNav = page.getByRole('button', { name: /^(打开导航|Open navigation)$/ });
  const phone = await openNav.isVisible();
  let scope: Page | Locator = page.getByRole('banner');
  if (phone) {
    await openNav.click();
    scope = page.getByRole('presentation').filter({ has: page.getByRole('navigation') });
    await expect(scope.getByRole('navigation')).toBeVisible();
  }
  await scope.getByLabel(/^(语言|Language)$/).selectOption(to.locale);
  await expect(page.locator('html')).toHaveAttribute('lang', to.locale);
  const toggle = scope.getByRole('button', { name: /^(切换到(深|浅)色主题|Switch to (dark|light) theme)$/ });
  const wants = to.theme === 'dark' ? /^(切换到深色主题|Switch to dark theme)$/ : /^(切换到浅色主题|Switch to light theme)$/;
  if (wants.test((await toggle.getAttribute('aria-label')) ?? '')) await toggle.click();
  await expect(toggle).toHaveAccessibleName(
    to.theme === 'dark'
      ? to.locale === 'en'
        ? 'Switch to light theme'
        : '切换到浅色主题'
      : to.locale === 'en'
        ? 'Switch to dark theme'
        : '切换到深色主题',
  );
  if (phone) {
    // Escape from inside the drawer: a language change draws the drawer anew, and the focus, left on
    // the page, would come back to it only on the focus trap's next round.
    await toggle.focus();
    await page.keyboard.press('Escape');
    // Until nothing in it can take the focus: axe finds anything focusable under the closed drawer's
    // aria-hidden (its links, its tools, the focus trap's guards) until all of it is hidden.
    await untilCount(page, '.MuiModal-root :is(a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]))');
  }
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor), {
      message: `the page's background follows the switch to the ${to.theme} theme`,
      // Read every 20 ms: the default (100, 250, 500 ms, then every second) noticed a page redrawn in
      // its new language after 300 ms only at 850.
      intervals: [20],
    })
    .toBe(BACKGROUND[to.theme]);
}

/**
 * Whether the layout passes save screenshots for people to look at (test-results/pages/ and beside
 * it). On by default; `E2E_SHOTS=0` leaves them out (CI, where nobody looks at them: encoding the
 * pictures was a large share of the passes' time on two cores). Nothing is checked on a picture.
 */
export const SHOTS = process.env.E2E_SHOTS !== '0';

/**
 * A screenshot of the page for people to look at: the whole page up to three window heights (a
 * phone's catalogue of cards is over 11,000 px tall, and a full capture of it cost seconds per page
 * in the layout passes; what is below is checked by measuring, not by looking). With `window`, only
 * what the window shows (a popup over the page).
 */
export async function pageShot(page: Page, path: string, opts: { window?: boolean } = {}) {
  if (!SHOTS) return;
  if (opts.window) return void (await page.screenshot({ path }));
  const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({
    path,
    fullPage: true,
    clip: { x: 0, y: 0, width: viewport.width, height: Math.min(height, viewport.height * 3) },
  });
}
