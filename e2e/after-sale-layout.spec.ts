import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { flipped, loadIn, newLookPage, pageProblems, switchLook, type Look, pageShot } from './page-checks';
import { afterSaleData } from './after-sale-data';

/*
 * Every after-sale page, drawer and dialog at desktop and phone size, in both languages and both
 * themes: no critical or serious axe violation, nothing wider than the window, no raw text keys.
 * Screenshots land in test-results/after-sale/ for people to look at.
 *
 * The records are made before the tests by e2e/after-sale.setup.ts. Each test walks the pages
 * in one look and its flipped one (other language, other theme): a page is switched in place with the
 * app's own controls; a drawer or dialog, which covers those controls, is closed, the look switched
 * in place, and opened again. Two tests per size cover the four looks.
 */
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/** With their flipped looks (en · dark and zh-CN · dark): all four. */
const LOOKS: Look[] = [
  { locale: 'zh-CN', theme: 'light' },
  { locale: 'en', theme: 'light' },
];
const shots = 'test-results/after-sale';
mkdirSync(shots, { recursive: true });

for (const first of LOOKS) {
  const looks = [first, flipped(first)] as const;
  for (const size of SIZES) {
    test(`after-sale · ${size.name} · ${looks.map((l) => `${l.locale} · ${l.theme}`).join(' and ')}: pages, drawer and dialogs pass axe and fit`, async ({
      browser,
    }) => {
      test.setTimeout(240_000);
      const { agreedId, line, open } = afterSaleData();
      const page = await newLookPage(browser, 'support', size, first);
      let look: Look = first;
      const zh = () => look.locale === 'zh-CN';
      const problems: string[] = [];
      /** Every load opens in the first look (newLookPage). */
      const go = async (path: string) => {
        await loadIn(page, path, first);
        look = first;
      };
      const swap = async () => {
        look = look === looks[0] ? looks[1] : looks[0];
        await switchLook(page, look);
      };
      const check = async (name: string) => {
        await page.waitForTimeout(350); // transitions settle
        await pageShot(page, `${shots}/${size.name}-${look.locale}-${look.theme}-${name}.png`);
        problems.push(...(await pageProblems(page)).map((p) => `${name} (${look.locale}, ${look.theme}): ${p}`));
      };
      /** Closes the open dialogs and drawers one by one, the top one first: Escape, or its close button. */
      const closeAll = async () => {
        const open = page.getByRole('dialog');
        for (let n = await open.count(); n > 0; n = await open.count()) {
          await page.keyboard.press('Escape');
          const closed = await expect(open)
            .toHaveCount(n - 1, { timeout: 2000 })
            .then(() => true)
            .catch(() => false);
          if (closed) continue;
          await open
            .last()
            .getByRole('button', { name: /^(关闭|Close)$/ })
            .first()
            .click();
          await expect(open).toHaveCount(n - 1);
        }
      };

      await go('/after-sale');
      await expect(page.getByTestId('after-sale-row').first()).toBeVisible();
      await check('list');
      await swap();
      await expect(page.getByTestId('after-sale-row').first()).toBeVisible();
      await check('list');

      // The drawer over the list, and its picture gallery.
      await go(`/after-sale?order=${line.thirdSn}`);
      for (const i of [0, 1]) {
        if (i) await swap();
        await page
          .locator(`[data-testid="after-sale-row"][data-id="${agreedId}"]`)
          .getByRole('button', { name: new RegExp(`#${agreedId}$`) })
          .click();
        await expect(page).toHaveURL(new RegExp(`afterSale=${agreedId}`));
        const drawer = page.getByTestId('after-sale-detail');
        await expect(drawer.getByTestId('mail-form')).toBeVisible();
        await check('drawer');
        await drawer.getByTestId('gallery').getByRole('listitem').first().click();
        await expect(page.getByRole('dialog').last().locator('img')).toBeVisible();
        await check('gallery');
        await closeAll();
      }

      await go(`/after-sale/${agreedId}`);
      await expect(page.getByTestId('mail-form')).toBeVisible();
      for (const i of [0, 1]) {
        if (i) await swap();
        await page.getByTestId('mail-submit').click();
        await expect(page.getByText(zh() ? '请从列表中选择快递公司。' : 'Choose a courier from the list.')).toBeVisible();
        await check('detail-page');
      }

      // The new request and its wizard, up to the pictures, in each look.
      await go('/after-sale');
      await expect(page.getByTestId('after-sale-row').first()).toBeVisible();
      for (const i of [0, 1]) {
        if (i) await swap();
        await walkWizard(page, open.thirdSn, zh(), check);
        await closeAll();
      }
      expect(problems, problems.join('\n')).toEqual([]);
      await page.context().close();
    });
  }
}

async function walkWizard(page: Page, orderSn: string, zh: boolean, check: (name: string) => Promise<void>) {
  await page.getByRole('button', { name: zh ? '新建申请' : 'New request' }).click();
  const finder = page.getByRole('dialog');
  await finder.getByLabel(zh ? /^订单号/ : /^Order number/).fill(orderSn);
  await finder.getByRole('button', { name: zh ? '查找' : 'Find' }).click();
  await expect(finder.getByTestId('found-line')).toHaveCount(1);
  await check('new-request');
  await finder.getByTestId('after-sale-entry').click();
  const wizard = page.getByRole('dialog', { name: zh ? /售后申请/ : /After-sale request/ });
  await expect(wizard.getByRole('radio').first()).toBeVisible();
  await check('wizard-what');
  const next = () => wizard.getByRole('button', { name: zh ? '下一步' : 'Next' }).click();
  await wizard.getByRole('radio').first().check();
  await next();
  await wizard.getByRole('radio').first().check();
  await next();
  await next();
  await check('wizard-why-errors');
  await wizard
    .getByRole('textbox')
    .first()
    .fill(zh ? '屏幕有划痕' : 'Scratched screen');
  await next();
  // The customer ships it (door pick-up would ask for a time).
  await wizard.getByRole('combobox').first().click();
  await page.getByRole('option').nth(1).click();
  await check('wizard-how');
  await wizard.getByRole('combobox').nth(1).click();
  await page.getByRole('option').nth(1).click();
  await next();
  await expect(wizard.getByRole('textbox').first()).toBeVisible();
  await check('wizard-amount');
  await wizard.getByRole('textbox').nth(1).fill('99999');
  await next();
  await expect(wizard.getByText(zh ? /最多 ¥/ : /At most ¥/).first()).toBeVisible();
  await check('wizard-amount-error');
  await wizard.getByRole('textbox').nth(1).fill('1');
  await next();
  await expect(wizard.getByTestId('voucher-drop')).toBeVisible();
  await check('wizard-vouchers');
}
