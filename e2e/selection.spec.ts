import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in';

test.beforeEach(async ({ page }) => {
  await signIn(page, 'merchant');
});

const idsOn = (page: Page) => page.getByTestId('goods-row').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-goods-id'))));

test('add three goods from the catalogue in bulk, then find them in the library', async ({ page }) => {
  await page.goto('/catalogue?sort=created_time:desc');
  const rows = page.getByTestId('goods-row').filter({ hasNot: page.getByTestId('in-library') });
  await expect(rows.first()).toBeVisible();
  const picked: number[] = [];
  for (let i = 0; i < 3; i++) {
    const row = rows.nth(i);
    picked.push(Number(await row.getAttribute('data-goods-id')));
    await row.getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: '将 3 件加入选品库' }).click();
  await expect(page.getByText('已将 3 件商品加入选品库。')).toBeVisible();
  for (const id of picked) await expect(page.locator(`[data-goods-id="${id}"]`).getByTestId('in-library')).toBeVisible();

  await page.goto('/library?size=100');
  await expect(page.getByTestId('goods-row').first()).toBeVisible();
  const inLibrary = await idsOn(page);
  for (const id of picked) expect(inLibrary).toContain(id);
});

test('remove one from the library, then undo', async ({ page }) => {
  await page.goto('/library?size=100');
  await expect(page.getByTestId('goods-row').first()).toBeVisible();
  const before = await idsOn(page);
  const victim = before[0]!;
  await page.locator(`[data-goods-id="${victim}"]`).getByRole('checkbox').check();
  await page.getByRole('button', { name: '移除 1 件' }).click();
  await expect(page.getByText('已从选品库移除 1 件商品。')).toBeVisible();
  await expect(page.locator(`[data-goods-id="${victim}"]`)).toHaveCount(0);
  await page.getByRole('button', { name: '撤销' }).click();
  await expect(page.getByText('已恢复。')).toBeVisible();
  await expect(page.locator(`[data-goods-id="${victim}"]`)).toHaveCount(1);
  expect((await idsOn(page)).sort()).toEqual([...before].sort());
});

test('filter the library by a profit-rate range: every row is inside it; the filtered URL survives a reload', async ({ page }) => {
  await page.goto('/library?size=100');
  await page.getByLabel('区间类型').click();
  await page.getByRole('option', { name: '利润率', exact: true }).click();
  await page.getByLabel('从', { exact: true }).fill('40');
  await page.getByLabel('到', { exact: true }).fill('60');
  await expect(page).toHaveURL(/range=promotion_rate&from=40&to=60/);
  const rates = page.getByTestId('promotion-rate');
  await expect(rates.first()).toBeVisible();
  const check = async () => {
    const values = (await rates.evaluateAll((cells) => cells.map((c) => Number(c.getAttribute('data-value'))))) as number[];
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) {
      expect(v).toBeGreaterThanOrEqual(40);
      expect(v).toBeLessThanOrEqual(60);
    }
    return values;
  };
  const first = await check();
  await expect(page.getByText('%').first()).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('从', { exact: true })).toHaveValue('40');
  await expect(page.getByLabel('到', { exact: true })).toHaveValue('60');
  await expect(rates.first()).toBeVisible();
  expect(await check()).toEqual(first);

  await page.getByLabel('从', { exact: true }).fill('70');
  await page.getByLabel('到', { exact: true }).fill('10');
  await expect(page.getByText('"从" 不能大于 "到"。')).toBeVisible();
  await expect(page).toHaveURL(/from=40&to=60/); // nothing changed
});
