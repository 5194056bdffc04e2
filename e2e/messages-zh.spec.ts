import { expect, test } from '@playwright/test';
import { stateOf } from './sign-in';

/** Latin words on a Chinese page, other than units, protocol and product codes (kB, HTTP, SKU). */
const ENGLISH = /(?!kB\b|HTTP\b|SKU\b)\b[A-Za-z]{3,}/;

test.describe('as the merchant', () => {
  test.use({ storageState: stateOf('merchant') });

  test('a link with an over-long search is not sent: dropped and said once in Chinese; the box takes 100 characters at most', async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/bff/op/') && r.status() === 400) refused.push(r.url());
    });
    await page.goto(`/catalogue?q=${'长'.repeat(101)}&page=2`);
    await expect(page.getByText('链接中的筛选条件无法使用，已忽略：“搜索词”。')).toBeVisible();
    await expect(page).toHaveURL(/\/catalogue\?page=2$/);
    await expect(page.getByTestId('goods-row').first()).toBeVisible();
    expect(refused).toEqual([]);
    const search = page.getByLabel('搜索商品');
    await expect(search).toHaveAttribute('maxlength', '100');
    await search.fill('字'.repeat(100));
    await search.press('End');
    await search.pressSequentially('多');
    await expect(search).toHaveValue('字'.repeat(100));
  });
});

test.describe('as an admin', () => {
  test.use({ storageState: stateOf('admin') });

  test('a gateway refusal on the users page is worded in Chinese by its field and reason, without a retry button', async ({ page }) => {
    await page.goto('/users');
    await page.getByRole('button', { name: '新增用户' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('用户名').fill('merchant');
    await dialog.getByLabel('姓名').fill('重复的人');
    await dialog.getByLabel('密码').fill('a-long-password-1');
    await dialog.getByRole('button', { name: '创建' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText('该用户名已被占用，请换一个。');
    await expect(dialog.getByRole('button', { name: '重试' })).toHaveCount(0);
    // What was typed is kept.
    await expect(dialog.getByLabel('姓名')).toHaveValue('重复的人');
    const text = await dialog.innerText();
    expect(text.replace(/merchant/g, '')).not.toMatch(ENGLISH);
  });
});
