import { expect, test } from '@playwright/test';
import { rolePage, stateOf } from './sign-in';

test.use({ storageState: stateOf('merchant') });

test('the catalogue shows seeded products with their pictures, fetched through the gateway', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/catalogue$/);
  await expect(page.getByRole('heading', { name: '商品选品' })).toBeVisible();
  const rows = page.getByTestId('goods-row');
  await expect(rows).toHaveCount(20);
  // Prices are shown in yuan, never as fen.
  await expect(rows.first().getByTestId('agreement-price')).toHaveText(/^¥\d{1,3}(,\d{3})*\.\d{2}$/);
  // Every picture on the page actually loaded.
  const images = page.locator('[data-testid="goods-row"] img');
  await expect(images.first()).toBeVisible();
  // Pictures load as they come near the window (loading="lazy"): the last row is brought into view,
  // so every one of the page's twenty has been asked for.
  await images.last().scrollIntoViewIfNeeded();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid="goods-row"] img')].every((i) => (i as HTMLImageElement).complete),
  );
  const widths = await images.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
  expect(widths.length).toBe(20);
  expect(widths.every((w) => w > 0)).toBe(true);
});

test('paging, channel and search live in the URL and survive a reload', async ({ page }) => {
  await page.goto('/catalogue');
  await expect(page.getByTestId('goods-row')).toHaveCount(20);
  const firstTitle = await page.getByTestId('goods-title').first().innerText();
  await page.getByRole('button', { name: /next page|下一页/i }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('goods-title').first()).not.toHaveText(firstTitle);

  await page.getByLabel('渠道').selectOption({ label: '京东' });
  await expect(page).toHaveURL(/source=2/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByTestId('goods-row').first()).toContainText('京东');

  await page.getByLabel('搜索商品').fill('坚果');
  await expect(page).toHaveURL(/q=%E5%9D%9A%E6%9E%9C/);
  await page.reload();
  await expect(page.getByLabel('搜索商品')).toHaveValue('坚果');
  await expect(page.getByTestId('goods-title').first()).toBeVisible();
  const titles = await page.getByTestId('goods-title').allInnerTexts();
  expect(titles.length).toBeGreaterThan(0);
  for (const t of titles) expect(t).toContain('坚果');
});

test('both languages and both themes, remembered across a reload', async ({ page }) => {
  await page.goto('/catalogue');
  await expect(page.getByRole('heading', { name: '商品选品' })).toBeVisible();
  await page.getByLabel('语言').selectOption({ label: 'English' });
  await expect(page.getByRole('heading', { name: 'Catalogue' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Cost (agreement)' })).toBeVisible();

  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await bg();
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect.poll(bg).not.toBe(light);
  const dark = await bg();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Catalogue' })).toBeVisible();
  expect(await bg()).toBe(dark);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('who asks their system for less motion gets none: a menu appears in place; others see it grow', async ({ browser }) => {
  for (const reducedMotion of ['reduce', 'no-preference'] as const) {
    const page = await rolePage(browser, 'merchant', { reducedMotion, viewport: { width: 1440, height: 900 } });
    await page.goto('/catalogue');
    await expect(page.getByTestId('goods-row')).toHaveCount(20);
    await page.getByRole('button', { name: '显示列' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    // The longest transition or animation on the page as the menu opens, in ms.
    const longest = await page.evaluate(() =>
      Math.max(0, ...document.getAnimations().map((a) => Number(a.effect?.getComputedTiming().duration) || 0)),
    );
    if (reducedMotion === 'reduce') expect(longest, 'with less motion asked for').toBeLessThanOrEqual(1);
    else expect(longest, 'the menu grows').toBeGreaterThan(100);
    await page.context().close();
  }
});

test('an unknown address shows a page in words, not a blank screen', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('页面不存在。')).toBeVisible();
  await page.getByRole('link', { name: '返回商品选品' }).click();
  await expect(page).toHaveURL(/\/catalogue$/);
});

test('brands of the listed goods filter the catalogue; the pick shows on the button and in the URL', async ({ page }) => {
  await page.goto('/catalogue');
  await expect(page.getByTestId('goods-row')).toHaveCount(20);
  await page.getByRole('button', { name: '品牌', exact: true }).click();
  const first = page.getByRole('menuitemcheckbox').first();
  const brand = (await first.innerText()).trim();
  expect(brand.length).toBeGreaterThan(0);
  await first.click();
  await expect(first).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/brand=\d+/);
  await expect(page.getByRole('button', { name: `品牌: ${brand}` })).toBeVisible();
  await expect
    .poll(async () => {
      const rows = await page.getByTestId('goods-row').allInnerTexts();
      return rows.length > 0 && rows.every((text) => text.includes(brand));
    })
    .toBe(true);
});

test('a chunk that cannot be loaded (a new build was deployed) reloads the tab once, then says so in words', async ({ page }) => {
  await page.goto('/catalogue');
  await expect(page.getByTestId('goods-row').first()).toBeVisible();
  // The columns menu loads its code on first use; the old build's file is gone.
  await page.route(/\/assets\/checklist-menu-[\w-]+\.js$/, (route) => route.abort());
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: '显示列' }).click();
  await reloaded;
  await expect(page.getByTestId('goods-row').first()).toBeVisible();
  await page.getByRole('button', { name: '显示列' }).click();
  await expect(page.getByText('页面显示失败。')).toBeVisible();
  await expect(page.getByRole('button', { name: '刷新' })).toBeVisible();
});
