import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { signIn } from './sign-in';
import { pageProblems } from './page-checks';
import { banCase, fillAddress, setCart } from './checkout-api';

/**
 * Every step of the checkout, the product page's "add to cart" and the bulk dialog, at desktop and
 * phone size, in both languages and both themes: no serious axe violation, nothing wider than the
 * window. Screenshots land in test-results/checkout/.
 */
const shotDir = 'test-results/checkout';
mkdirSync(shotDir, { recursive: true });

const RUNS = [
  { size: 'desktop', width: 1440, height: 900, locale: 'zh-CN', theme: 'light' },
  { size: 'desktop', width: 1440, height: 900, locale: 'en', theme: 'dark' },
  { size: 'phone', width: 390, height: 844, locale: 'zh-CN', theme: 'dark' },
  { size: 'phone', width: 390, height: 844, locale: 'en', theme: 'light' },
] as const;

for (const run of RUNS) {
  test(`checkout · ${run.size} · ${run.locale} · ${run.theme}: every step passes axe and fits`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width: run.width, height: run.height }, locale: run.locale });
    await context.addInitScript(
      ({ theme, lang }) => {
        localStorage.setItem('supply-desk.theme', theme);
        localStorage.setItem('supply-desk.language', lang);
      },
      { theme: run.theme as string, lang: run.locale as string },
    );
    const page = await context.newPage();
    await signIn(page, 'merchant');
    const { province, a, b, banned } = await banCase(page);
    await setCart(page, [a, b, banned]);
    const found: string[] = [];
    const shot = async (name: string) => {
      await page.screenshot({ path: `${shotDir}/${run.size}-${run.locale}-${run.theme}-${name}.png`, fullPage: true });
      found.push(...(await pageProblems(page)).map((p) => `${name}: ${p}`));
    };

    await page.goto(`/catalogue/goods/${a.goodsId}`);
    await expect(page.getByTestId('add-to-cart')).toBeVisible();
    await page.getByTestId('add-to-cart').scrollIntoViewIfNeeded();
    await shot('product');

    await page.goto('/catalogue');
    const rows = page.locator('[data-testid="goods-row"], [data-testid="goods-card"]');
    await expect(rows.first()).toBeVisible();
    for (let i = 0; i < 2; i++) await rows.nth(i).getByRole('checkbox').check();
    await page.getByRole('button', { name: /加入购物车…|to the cart…/ }).click();
    await expect(page.getByTestId('cart-pick').first()).toBeVisible();
    await shot('bulk-dialog');
    await page.keyboard.press('Escape');

    await page.goto('/cart');
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
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot('empty');
    await context.close();
    expect(found, found.join('\n')).toEqual([]);
  });
}
