import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { flipped, loadIn, newLookPage, pageProblems, switchLook, type Look, pageShot } from './page-checks';
import { banCase, fillAddress, setCart } from './checkout-api';

/**
 * Every step of the checkout, the product page's "add to cart" and the bulk dialog, at desktop and
 * phone size, in both languages and both themes: no serious axe violation, nothing wider than the
 * window. One walk per size: each step is checked in one language and theme, then switched in place
 * (the app's own controls, no reload) to the other language and theme and checked again. Screenshots
 * land in test-results/checkout/.
 */
const shotDir = 'test-results/checkout';
mkdirSync(shotDir, { recursive: true });

const RUNS = [
  { size: 'desktop', width: 1440, height: 900, look: { locale: 'zh-CN', theme: 'light' } },
  { size: 'phone', width: 390, height: 844, look: { locale: 'zh-CN', theme: 'dark' } },
] as const satisfies readonly { size: string; width: number; height: number; look: Look }[];

for (const run of RUNS) {
  const looks = [run.look, flipped(run.look)] as const;
  test(`checkout · ${run.size} · ${looks.map((l) => `${l.locale} · ${l.theme}`).join(' and ')}: every step passes axe and fits`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await newLookPage(browser, 'merchant', run, run.look);
    const { province, a, b, banned } = await banCase(page);
    await setCart(page, [a, b, banned]);
    const found: string[] = [];
    let look: Look = run.look;
    const shotIn = async (name: string) => {
      await pageShot(page, `${shotDir}/${run.size}-${look.locale}-${look.theme}-${name}.png`);
      found.push(...(await pageProblems(page)).map((p) => `${name} (${look.locale}, ${look.theme}): ${p}`));
    };
    /** Every load opens in the run's own look (newLookPage). */
    const go = async (path: string) => {
      await loadIn(page, path, run.look);
      look = run.look;
    };
    /** The step as it is, then switched in place to the other language and theme. */
    const shot = async (name: string) => {
      await shotIn(name);
      look = look === looks[0] ? looks[1] : looks[0];
      await switchLook(page, look);
      await shotIn(name);
    };

    await go(`/catalogue/goods/${a.goodsId}`);
    await expect(page.getByTestId('add-to-cart')).toBeVisible();
    await page.getByTestId('add-to-cart').scrollIntoViewIfNeeded();
    await shot('product');

    await go('/catalogue');
    const rows = page.locator('[data-testid="goods-row"], [data-testid="goods-card"]');
    await expect(rows.first()).toBeVisible();
    for (let i = 0; i < 2; i++) await rows.nth(i).getByRole('checkbox').check();
    // A dialog covers the language and theme controls: checked, closed, switched, opened again.
    for (let i = 0; i < 2; i++) {
      if (i) {
        look = look === looks[0] ? looks[1] : looks[0];
        await switchLook(page, look);
      }
      await page.getByRole('button', { name: /加入购物车…|to the cart…/ }).click();
      await expect(page.getByTestId('cart-pick').first()).toBeVisible();
      await shotIn('bulk-dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }

    await go('/cart');
    await expect(page.getByTestId('line-price').first()).toBeVisible();
    await shot('1-lines');
    await page.getByTestId('next-step').click();
    await fillAddress(page, province);
    await shot('2-address');
    await page.getByTestId('next-step').click();
    await expect(page.getByTestId('availability-verdict').first()).toBeVisible();
    await shot('3-availability');
    await page.getByTestId('next-step').click();
    await expect(page.getByTestId('money-summary')).toBeVisible();
    await shot('4-precheck');
    await page
      .locator(`[data-testid="precheck-problem"][data-sku="${banned.sku}"]`)
      .getByRole('button', { name: /移除|Remove/ })
      .click();
    await expect(page.getByTestId('precheck-problem')).toHaveCount(0);
    await page.getByTestId('next-step').click();
    await expect(page.getByTestId('place-order')).toBeVisible();
    await shot('5-submit');

    await setCart(page, []);
    await go('/cart');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot('empty');
    await page.context().close();
    expect(found, found.join('\n')).toEqual([]);
  });
}
