import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { flipped, loadIn, newLookPage, pageProblems, switchLook, type Look, pageShot, shownCount, untilCount } from './page-checks';
import { afterSaleData } from './after-sale-data';

/*
 * Every after-sale page, drawer and dialog at desktop and phone size, in both languages and both
 * themes: no critical or serious axe violation, nothing wider than the window, no raw text keys.
 * Screenshots land in test-results/after-sale/ for people to look at.
 *
 * The records are made before the tests by e2e/after-sale.setup.ts. Each page is loaded once per size
 * and checked in the four looks (language × theme), switched in place with the app's own controls; a
 * drawer or dialog, which covers those controls, is closed, the look switched in place, and opened
 * again. A dialog over something checked just before in the same look is checked on its own
 * (pageProblems' popup). Two tests per size, over different pages, so they run beside each other.
 */
const SIZES = [
  // The look pages load in; the other three are switched to in place.
  { name: 'desktop', width: 1440, height: 900, first: { locale: 'zh-CN', theme: 'light' } },
  { name: 'phone', width: 390, height: 844, first: { locale: 'en', theme: 'light' } },
] as const satisfies readonly { name: string; width: number; height: number; first: Look }[];
/** The four looks from the one pages load in, each one switch (theme or language) from the one before. */
const looksFrom = (first: Look): Look[] => {
  const other = flipped(first);
  return [first, { locale: first.locale, theme: other.theme }, other, { locale: other.locale, theme: first.theme }];
};
const named = (look: Look) => `${look.locale} · ${look.theme}`;
const shots = 'test-results/after-sale';
mkdirSync(shots, { recursive: true });

type Check = (name: string, popup?: Locator) => Promise<void>;

/** A tab of support's in `size`, its check, and the moves between looks. */
async function walker(browser: Browser, size: (typeof SIZES)[number]) {
  const page = await newLookPage(browser, 'support', size, size.first);
  const problems: string[] = [];
  let look: Look = size.first;
  /** Every load opens in the first look (newLookPage). */
  const go = async (path: string) => {
    await loadIn(page, path, size.first);
    look = size.first;
  };
  const switchTo = async (to: Look) => {
    look = to;
    await switchLook(page, to);
  };
  // pageProblems waits for transitions and animations to finish; the screenshot then shows the state checked.
  const check: Check = async (name, popup) => {
    problems.push(...(await pageProblems(page, { popup })).map((p) => `${name} (${look.locale}, ${look.theme}): ${p}`));
    await pageShot(page, `${shots}/${size.name}-${look.locale}-${look.theme}-${name}.png`);
  };
  /**
   * Closes the open dialogs and drawers one by one with Escape, the top one first, each gone from the
   * page before the next Escape: while one plays its exit, the one under it is not yet the top modal
   * and ignores the key. Counted as mounted modals: a dialog under another is hidden from assistive
   * technology, so the role counts only the top one.
   */
  const closeAll = async () => {
    while (await page.getByRole('dialog').count()) {
      const n = await shownCount(page, '.MuiModal-root');
      await page.keyboard.press('Escape');
      await untilCount(page, '.MuiModal-root', n - 1);
    }
  };
  return { page, problems, go, switchTo, check, closeAll, zh: () => look.locale === 'zh-CN' };
}

for (const size of SIZES) {
  const looks = looksFrom(size.first);
  test(`after-sale · ${size.name} · ${looks.map(named).join(', ')}: the list and the new request's dialogs pass axe and fit`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const { open } = afterSaleData();
    const { page, problems, go, switchTo, check, closeAll, zh } = await walker(browser, size);
    await go('/after-sale');
    for (const [i, look] of looks.entries()) {
      if (i) await switchTo(look);
      await expect(page.getByTestId('after-sale-row').first()).toBeVisible();
      await check('list');
      // The new request and its wizard, up to the pictures, over the list just checked.
      await walkWizard(page, open.thirdSn, zh(), check);
      await closeAll();
    }
    expect(problems, problems.join('\n')).toEqual([]);
    await page.context().close();
  });

  test(`after-sale · ${size.name} · ${looks.map(named).join(', ')}: the drawer, its gallery and the record's page pass axe and fit`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const { agreedId, line } = afterSaleData();
    const { page, problems, go, switchTo, check, closeAll, zh } = await walker(browser, size);

    // The drawer over the list, and its picture gallery (over the drawer just checked).
    await go(`/after-sale?order=${line.thirdSn}`);
    for (const [i, look] of looks.entries()) {
      if (i) await switchTo(look);
      await page
        .locator(`[data-testid="after-sale-row"][data-id="${agreedId}"]`)
        .getByRole('button', { name: new RegExp(`#${agreedId}$`) })
        .click();
      await expect(page).toHaveURL(new RegExp(`afterSale=${agreedId}`));
      const drawer = page.getByTestId('after-sale-detail');
      await expect(drawer.getByTestId('mail-form')).toBeVisible();
      await check('drawer');
      await drawer.getByTestId('gallery').getByRole('listitem').first().click();
      const gallery = page.getByRole('dialog').last();
      await expect(gallery.locator('img')).toBeVisible();
      await check('gallery', gallery);
      await closeAll();
    }

    await go(`/after-sale/${agreedId}`);
    await expect(page.getByTestId('mail-form')).toBeVisible();
    for (const [i, look] of looks.entries()) {
      if (i) await switchTo(look);
      await page.getByTestId('mail-submit').click();
      await expect(page.getByText(zh() ? '请从列表中选择快递公司。' : 'Choose a courier from the list.')).toBeVisible();
      await check('detail-page');
    }
    expect(problems, problems.join('\n')).toEqual([]);
    await page.context().close();
  });
}

/** The new request's dialogs, each checked on its own: the list under them was checked just before. */
async function walkWizard(page: Page, orderSn: string, zh: boolean, check: Check) {
  await page.getByRole('button', { name: zh ? '新建申请' : 'New request' }).click();
  const finder = page.getByRole('dialog');
  await finder.getByLabel(zh ? /^订单号/ : /^Order number/).fill(orderSn);
  await finder.getByRole('button', { name: zh ? '查找' : 'Find' }).click();
  await expect(finder.getByTestId('found-line')).toHaveCount(1);
  await check('new-request', finder);
  await finder.getByTestId('after-sale-entry').click();
  const wizard = page.getByRole('dialog', { name: zh ? /售后申请/ : /After-sale request/ });
  await expect(wizard.getByRole('radio').first()).toBeVisible();
  await check('wizard-what', wizard);
  const next = () => wizard.getByRole('button', { name: zh ? '下一步' : 'Next' }).click();
  await wizard.getByRole('radio').first().check();
  await next();
  await wizard.getByRole('radio').first().check();
  await next();
  await next();
  // The reason's description is asked for.
  await expect(wizard.getByRole('textbox').first()).toHaveAttribute('aria-invalid', 'true');
  await check('wizard-why-errors', wizard);
  await wizard
    .getByRole('textbox')
    .first()
    .fill(zh ? '屏幕有划痕' : 'Scratched screen');
  await next();
  // The customer ships it (door pick-up would ask for a time).
  await choose(page, wizard.getByRole('combobox').first(), 1);
  await check('wizard-how', wizard);
  await choose(page, wizard.getByRole('combobox').nth(1), 1);
  await next();
  await expect(wizard.getByRole('textbox').first()).toBeVisible();
  await check('wizard-amount', wizard);
  await wizard.getByRole('textbox').nth(1).fill('99999');
  await next();
  await expect(wizard.getByText(zh ? /最多 ¥/ : /At most ¥/).first()).toBeVisible();
  await check('wizard-amount-error', wizard);
  await wizard.getByRole('textbox').nth(1).fill('1');
  await next();
  await expect(wizard.getByTestId('voucher-drop')).toBeVisible();
  await check('wizard-vouchers', wizard);
}

/**
 * Opens a select and picks its option number `n`, then waits until the list has gone: until then it
 * hides the dialog from assistive technology.
 */
async function choose(page: Page, select: Locator, n: number) {
  await select.click();
  await page.getByRole('listbox').getByRole('option').nth(n).click();
  await untilCount(page, '[role="listbox"]');
}
