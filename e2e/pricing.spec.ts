import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { readSheet } from 'read-excel-file/node';
import { stateOf } from './sign-in';

test.use({ storageState: stateOf('merchant') });

/**
 * Issue 53 as a merchant tries it: a rule of ×1.5 ending in .90 (its preview first), one SKU priced by
 * hand in the library's rows, then the shop's price sheet, read back from the file.
 */
test('a rule of ×1.5 ending in .90, previewed and saved; an own price in the library; the price sheet holds both', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: '定价' })).toBeVisible();
  const ranges = page.getByTestId('pricing-rule');
  if ((await ranges.count()) === 0) await page.getByRole('button', { name: '添加区间' }).click();
  const range = ranges.first();
  await range.getByLabel('成本不超过（元）').fill('');
  await range.getByLabel('乘以').fill('1.5');
  await range.getByLabel('加价（元）').fill('');
  // A typo is refused in Chinese, and what was typed stays.
  await page.getByLabel('尾数（分）').fill('990');
  await page.getByRole('button', { name: '保存规则' }).click();
  await expect(page.getByText('尾数须为 0 到 99 之间的整数，例如 90 或 99。')).toBeVisible();
  await expect(range.getByLabel('乘以')).toHaveValue('1.5');
  await page.getByLabel('尾数（分）').fill('90');

  // The preview of the rules as typed (debounced): how many SKUs change, the lowest margins.
  const changed = page.getByTestId('pricing-preview-changed');
  await expect(page.getByTestId('pricing-preview')).toContainText('按当前填写的规则预览');
  await expect(changed).toHaveText(/个 SKU 中有 [\d,]+ 个零售价发生变化/);
  expect(Number(await changed.getAttribute('data-changed'))).toBeGreaterThan(0);
  await expect(page.getByTestId('pricing-low').first()).toBeVisible();
  await page.getByRole('button', { name: '保存规则' }).click();
  await expect(page.getByText('定价规则已保存。')).toBeVisible();
  await expect(page.getByTestId('pricing-saved-by')).toContainText('保存于');

  // One SKU priced by hand in the library's rows; the others keep the rule's price, ending in .90.
  await page.goto('/library');
  await page.getByTestId('library-prices').first().click();
  const dialog = page.getByRole('dialog');
  const sku = dialog.getByTestId('goods-price-sku').first();
  await expect(sku).toBeVisible();
  const retail = sku.getByTestId('goods-price-retail');
  await expect(retail).toHaveAttribute('data-source', 'rule');
  expect(Number(await retail.getAttribute('data-retail')) % 100).toBe(90);
  const skuId = Number(await sku.getAttribute('data-sku'));
  await sku.getByRole('textbox').first().fill('888.88');
  await expect(sku).toContainText('按此价格利润率为');
  await dialog.getByRole('button', { name: '保存价格' }).click();
  await expect(page.getByText('价格已保存。')).toBeVisible();
  await page.getByTestId('library-prices').first().click();
  await expect(page.getByRole('dialog').locator(`[data-sku="${skuId}"]`).getByTestId('goods-price-retail')).toHaveAttribute(
    'data-source',
    'own',
  );
  await page.keyboard.press('Escape');

  // The sheet of every SKU, as .xlsx: its header row and the hand-priced SKU's retail.
  await page.goto('/pricing');
  await page.getByTestId('pricing-sheet-all').click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('pricing-sheet-download').click()]);
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const rows = (await readSheet(readFileSync(await file.path()))) as unknown[][];
  expect(rows[0]).toEqual(['商品', '商品ID', 'SKU', '规格', '商家编码', '售价（元）', '划线价（元）']);
  const row = rows.find((r) => Number(r[2]) === skuId);
  expect(row?.[5]).toBe(888.88);
  await expect(page.getByText(/^价格表已下载：[\d,]+ 个 SKU。$/)).toBeVisible();
  // Everything was just downloaded: nothing counts as changed any more.
  await expect(page.getByTestId('pricing-sheet-changed')).toHaveAttribute('data-count', '0');
});
