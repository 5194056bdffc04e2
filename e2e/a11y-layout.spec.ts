import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import type { Role } from './sign-in';
import { flipped, loadIn, newLookPage, openInApp, pageProblems, switchLook, type Look, pageShot, untilCount } from './page-checks';

/**
 * The accessibility and layout pass (issue 14): every page, and every menu, drawer and dialog it
 * opens, for each role that may see it, at desktop and phone size, in both languages and both themes.
 * Fails on a critical or serious axe violation, on anything wider than the window, on a table whose
 * last column is cut, on English validation text on a Chinese page, and on raw translation keys.
 * Screenshots land in test-results/pages/ for people to look at.
 *
 * Each page is visited once per role and size (the first by its address, the next ones through the
 * running app, as its links go) and checked, with its popups, in the role's own language
 * and theme. Where that leaves a look of a page unchecked (a page few roles see), a role switches the
 * page in place, with the app's own controls and no reload, to the other language and the other theme
 * and checks it again (`flipsOf`). Each role and size is a test of its own (they run in parallel, each
 * with the role's saved session).
 *
 * A page added later is covered by adding it to PAGES.
 */
interface Popup {
  name: string;
  /** Opens the popup; the pass then checks it and presses Escape. */
  open: (page: Page) => Promise<void>;
  /**
   * The popup, which axe checks with the modal it is in (the page under it was checked just before
   * and changes only by what AROUND_POPUP in page-checks.ts covers); without a modal, the element.
   */
  root: (page: Page) => Locator;
  /** Only at this size (a phone's navigation drawer, a desktop-only menu). */
  only?: 'desktop' | 'phone';
  /** Only for these roles (default: whoever sees the page). */
  roles?: Role[];
  /** Closes it when Escape alone does not (a dialog opened from another dialog); the pass then waits until no popup is left. */
  close?: (page: Page) => Promise<void>;
}

const theMenu = (page: Page) => page.getByRole('menu');
const theDialog = (page: Page) => page.getByRole('dialog');
const menu = async (page: Page, name: RegExp) => {
  await page.getByRole('button', { name }).first().click();
  await expect(page.getByRole('menu')).toBeVisible();
};
const dialog = async (page: Page, name: RegExp) => {
  await page.getByRole('button', { name }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
};

/** On every page: the account menu; on phones the navigation drawer and its tools. */
const SHELL_POPUPS: Popup[] = [
  { name: 'account-menu', root: theMenu, open: (page) => menu(page, /^(当前用户：|Signed in as)/) },
  {
    name: 'clock-menu',
    only: 'desktop',
    roles: ['manager', 'admin'],
    root: theMenu,
    open: (page) => menu(page, /^(业务时间|Business time)/),
  },
  {
    name: 'change-password',
    root: theDialog,
    open: async (page) => {
      await menu(page, /^(当前用户：|Signed in as)/);
      await page.getByRole('menuitem', { name: /^(修改密码|Change password)$/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      // The menu leaves as the dialog comes: the dialog is checked once the menu has gone.
      await untilCount(page, '[role="menu"]');
    },
  },
  {
    name: 'palette',
    root: theDialog,
    // With results of every kind the role may see: a whole number names products and after-sales.
    open: async (page) => {
      await page.getByRole('button', { name: /^(搜索与命令|Search and commands)/ }).click();
      await expect(page.getByRole('dialog').getByRole('combobox')).toBeFocused();
      await page.getByRole('dialog').getByRole('combobox').fill('1');
      await expect(page.getByRole('dialog').getByRole('status')).toHaveText(/\d/);
    },
  },
  {
    name: 'shortcut-sheet',
    root: theDialog,
    open: async (page) => {
      // From wherever the focus was left, not in a field (where shortcuts do not fire).
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: /^(键盘快捷键|Keyboard shortcuts)$/ })).toBeVisible();
    },
  },
  {
    name: 'nav-drawer',
    only: 'phone',
    root: (page) => page.getByRole('presentation').getByRole('navigation'),
    open: async (page) => {
      await page.getByRole('button', { name: /^(打开导航|Open navigation)$/ }).click();
      await expect(page.getByRole('presentation').getByRole('navigation')).toBeVisible();
    },
  },
];
const FILTER_SHEET: Popup = {
  name: 'filter-sheet',
  only: 'phone',
  root: theDialog,
  open: (page) => dialog(page, /^(打开筛选|Open the filters)/),
};
const COLUMNS: Popup = { name: 'columns-menu', only: 'desktop', root: theMenu, open: (page) => menu(page, /^(显示列|Columns)$/) };
const VIEWS: Popup = { name: 'saved-views', root: theMenu, open: (page) => menu(page, /^(常用视图|Saved views)$/) };

interface PageCase {
  name: string;
  path: string;
  roles: Role[];
  /** Something that is on screen once the page has its data (for this role). */
  ready: (page: Page, role: Role) => Promise<void>;
  popups?: Popup[];
}

const ALL: Role[] = ['merchant', 'support', 'manager', 'admin'];
const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible();
const rowsOrEmpty = (page: Page) =>
  expect(page.locator('tbody tr, [data-testid="goods-card"], [data-testid="empty-state"]').first()).toBeVisible();

export const PAGES: PageCase[] = [
  {
    name: 'overview',
    path: '/overview',
    roles: ['manager', 'admin'],
    ready: (page) => expect(page.getByTestId('kpi-orders-value')).toBeVisible(),
    popups: [
      {
        name: 'chart-table',
        // Drawn in place of the chart, in its panel.
        root: (page) => page.getByTestId('chart-by-channel'),
        open: async (page) => {
          // Its controls are drawn as it comes near the window.
          await page.getByTestId('chart-by-channel').scrollIntoViewIfNeeded();
          await page
            .getByTestId('chart-by-channel')
            .getByRole('button', { name: /^(表格|Table)$/ })
            .click();
          await expect(page.getByTestId('chart-by-channel').getByRole('table')).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'queue',
    path: '/queue',
    roles: ['support', 'manager', 'admin'],
    ready: (page) => expect(page.getByTestId('queue-unread')).toBeVisible(),
  },
  {
    name: 'catalogue',
    path: '/catalogue',
    roles: ALL,
    // Merchants land here under their figures, which come a moment after the list: checked with it.
    ready: async (page) => {
      await rowsOrEmpty(page);
      if (await page.getByTestId('merchant-strip-room').count()) await expect(page.getByTestId('merchant-strip')).toBeVisible();
    },
    popups: [
      COLUMNS,
      VIEWS,
      FILTER_SHEET,
      { name: 'brand-menu', only: 'desktop', root: theMenu, open: (page) => menu(page, /^(品牌|Brand)/) },
      {
        name: 'product-drawer',
        root: theDialog,
        open: async (page) => {
          await page.locator('[data-testid="goods-title"], [data-testid="goods-open"]').first().click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await expect(page.getByRole('dialog').getByRole('heading').first()).toBeVisible();
          // The availability check's address form (lazy) and its region list: measured once they are there.
          await expect(page.getByTestId('goods-detail')).toBeVisible();
          const check = page.getByTestId('goods-detail').locator('form');
          if (await check.count()) await expect(check.getByLabel(/^(省份|Province)/)).toBeEnabled();
        },
      },
    ],
  },
  {
    name: 'library',
    path: '/library',
    roles: ['merchant', 'manager', 'admin'],
    ready: rowsOrEmpty,
    popups: [
      COLUMNS,
      VIEWS,
      FILTER_SHEET,
      {
        // A row's own prices (pricing): in Chinese light and English dark, at both sizes.
        name: 'goods-prices',
        roles: ['merchant', 'admin'],
        root: theDialog,
        open: async (page) => {
          await page.getByTestId('library-prices').first().click();
          await expect(page.getByRole('dialog').getByTestId('goods-price-sku').first()).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'at-risk',
    path: '/at-risk',
    roles: ['merchant', 'manager', 'admin'],
    // Ready once the rules have come (the minimum's form) and the list or its empty state.
    ready: (page) => expect(page.locator('[data-testid="at-risk-count"], [data-testid="empty-state"]').first()).toBeVisible(),
  },
  {
    name: 'pricing',
    path: '/pricing',
    roles: ['merchant', 'manager', 'admin'],
    // Ready once the rules, their preview and the price sheet's counts have come.
    ready: async (page) => {
      await expect(page.locator('[data-testid="pricing-preview"][data-ready="true"]')).toBeVisible();
      await expect(page.getByTestId('pricing-sheet-download')).toBeVisible();
    },
  },
  { name: 'groups', path: '/groups', roles: ALL, ready: rowsOrEmpty, popups: [FILTER_SHEET] },
  { name: 'audit', path: '/audit', roles: ['manager', 'admin'], ready: rowsOrEmpty },
  {
    name: 'users',
    path: '/users',
    roles: ['admin'],
    ready: rowsOrEmpty,
    popups: [{ name: 'add-user', root: theDialog, open: (page) => dialog(page, /^(新增用户|Add user)$/) }],
  },
  { name: 'cart', path: '/cart', roles: ['merchant', 'manager', 'admin'], ready: heading },
  {
    name: 'orders',
    path: '/orders',
    roles: ALL,
    ready: rowsOrEmpty,
    popups: [COLUMNS, VIEWS],
  },
  {
    name: 'import-orders',
    path: '/orders/import',
    roles: ['merchant', 'manager', 'admin'],
    ready: (page) => expect(page.locator('[data-testid="past-import"], [data-testid="empty-state"]').first()).toBeVisible(),
  },
  {
    name: 'failed-orders',
    path: '/orders/failed',
    roles: ALL,
    ready: (page) => expect(page.locator('[data-testid="failed-order"], [data-testid="empty-state"]').first()).toBeVisible(),
  },
  { name: 'cash-flow', path: '/cash-flow', roles: ['manager', 'admin'], ready: rowsOrEmpty },
  { name: 'after-sale', path: '/after-sale', roles: ['support', 'manager', 'admin'], ready: rowsOrEmpty },
  {
    name: 'shipments',
    path: '/shipments',
    roles: ['merchant', 'manager', 'admin'],
    ready: (page) => expect(page.locator('[data-testid="shipments-count"]')).toBeVisible(),
    // Its dialogs in both languages and themes: the merchant's (Chinese, light) and the admin's (English, dark).
    popups: [
      FILTER_SHEET,
      {
        name: 'download',
        roles: ['merchant', 'admin'],
        root: theDialog,
        open: async (page) => {
          await page.getByTestId('shipments-download').click();
          await expect(page.getByTestId('shipments-download-dialog')).toBeVisible();
          await expect(page.getByTestId('shipments-which-new')).not.toContainText('…');
        },
      },
      {
        name: 'format-editor',
        roles: ['merchant', 'admin'],
        root: (page) => page.getByRole('dialog', { name: /^(新建发货表格式|New sheet format)$/ }),
        open: async (page) => {
          await page.getByRole('button', { name: /^(我的格式|Your formats)$/ }).click();
          await page.getByTestId('format-add').click();
          await expect(page.getByTestId('shipments-format-editor')).toBeVisible();
        },
        // The editor, then the formats it was opened from.
        close: async (page) => {
          await page.keyboard.press('Escape');
          await untilCount(page, '[data-testid="shipments-format-editor"]');
          await page.keyboard.press('Escape');
        },
      },
    ],
  },
  {
    name: 'messages',
    path: '/messages',
    roles: ALL,
    ready: async (page, role) => {
      await expect(page.locator('[data-testid="message-entry"], [data-testid="empty-state"]').first()).toBeVisible();
      // Those who see goods messages: ready once the goods watch's minimum (the low-profit flag's) has
      // come and its line with the link to the At risk page is drawn; support has neither.
      if (role === 'support') await expect(page.getByTestId('low-profit-source')).toHaveCount(0);
      else await expect(page.getByTestId('low-profit-source')).toBeVisible();
    },
  },
];

const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const shotDir = 'test-results/pages';
mkdirSync(shotDir, { recursive: true });

/** Each role's own language and theme; every page is also checked in the flipped one. */
const RUNS: { role: Role; look: Look }[] = [
  { role: 'merchant', look: { locale: 'zh-CN', theme: 'light' } },
  { role: 'support', look: { locale: 'en', theme: 'light' } },
  { role: 'manager', look: { locale: 'zh-CN', theme: 'dark' } },
  { role: 'admin', look: { locale: 'en', theme: 'dark' } },
];

const named = (look: Look) => `${look.locale} · ${look.theme}`;
/**
 * The pages `run` also checks in its flipped look, switched in place: those on which no role that sees
 * the page has that look as its own, each by the first such run. So every page, at each size, is
 * checked in all four looks when two roles or more see it, and in both languages and both themes when
 * one role does.
 */
const flipsOf = (run: (typeof RUNS)[number]) =>
  PAGES.filter((pc) => {
    const seers = RUNS.filter((r) => pc.roles.includes(r.role));
    const to = named(flipped(run.look));
    return seers.includes(run) && !seers.some((r) => named(r.look) === to) && seers.find((r) => named(flipped(r.look)) === to) === run;
  });

for (const run of RUNS) {
  const other = flipped(run.look);
  const flips = flipsOf(run);
  for (const size of SIZES) {
    test(`${run.role} · ${size.name} · ${named(run.look)}${flips.length ? `, ${flips.map((p) => p.name).join(', ')} switched in place to ${named(other)}` : ''}: every page passes axe and fits`, async ({
      browser,
    }) => {
      // About a minute alone; up to twice that beside the other worker on two busy cores.
      test.setTimeout(240_000);
      const page = await newLookPage(browser, run.role, size, run.look);
      const problems: string[] = [];
      const tagOf = (look: Look, name: string) => `${run.role}-${size.name}-${look.locale}-${look.theme}-${name}`;
      const check = async (look: Look, where: string, popup?: Popup) =>
        problems.push(
          ...(await pageProblems(page, { zh: look.locale === 'zh-CN', lastColumn: true, popup: popup?.root(page) })).map(
            (p) => `${where} (${look.locale}, ${look.theme}): ${p}`,
          ),
        );
      // The first page is loaded by its address; the others are opened in the running app, as its
      // links do: the app's scripts stay compiled and axe stays injected.
      const pages = PAGES.filter((p) => p.roles.includes(run.role));
      for (const pc of pages) {
        if (pc === pages[0]) await loadIn(page, pc.path, run.look);
        else await openInApp(page, pc.path);
        await pc.ready(page, run.role);
        await pageShot(page, `${shotDir}/${tagOf(run.look, pc.name)}.png`);
        await check(run.look, pc.path);
        const popups = [...(pc.popups ?? []), ...(pc === PAGES.find((p) => p.roles.includes(run.role)) ? SHELL_POPUPS : [])];
        for (const popup of popups.filter((p) => (!p.only || p.only === size.name) && (!p.roles || p.roles.includes(run.role)))) {
          await popup.open(page);
          await pageShot(page, `${shotDir}/${tagOf(run.look, pc.name)}-${popup.name}.png`, { window: true });
          await check(run.look, `${pc.path} ${popup.name}`, popup);
          await (popup.close ? popup.close(page) : page.keyboard.press('Escape'));
          await untilCount(page, '[role="dialog"], [role="menu"]');
        }
        if (!flips.includes(pc)) continue;
        // The same page in the other language and theme, switched in place.
        await switchLook(page, other);
        await pc.ready(page, run.role);
        await pageShot(page, `${shotDir}/${tagOf(other, pc.name)}.png`);
        await check(other, pc.path);
        // And back, in place, for the next page.
        await switchLook(page, run.look);
      }
      await page.context().close();
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
}
