import { expect, test } from '@playwright/test';
import { roleContext, stateOf } from './sign-in';

test.use({ storageState: stateOf('admin') });

test('the audit log reads in words: actions, input and results in Chinese, filters in the URL, dates in order', async ({
  page,
  browser,
}) => {
  // A refused write (by the merchant) leaves a row with its input summarised.
  const merchant = await roleContext(browser, 'merchant');
  const refused = await merchant.request.post('/bff/op/selection.add', { data: { goods_ids: '' } });
  expect(refused.status()).toBe(400);
  await merchant.close();
  // The action filter takes a name in either language; it is kept in the URL.
  await page.goto('/audit?action=加入选品库');
  const rows = page.getByTestId('audit-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toHaveAttribute('data-action', 'selection.add');
  await expect(rows.first()).toContainText('加入选品库');
  await expect(rows.first()).toContainText('拒绝');
  await expect(rows.first().getByTestId('audit-input')).toHaveText(/^被拒字段：“商品”$/);
  const table = await page.getByRole('table').innerText();
  expect(table).not.toMatch(/selection\.add|refused|Invalid input/);

  await page.getByLabel('操作').fill('sign in');
  await expect(page).toHaveURL(/action=sign\+in|action=sign%20in/);
  await expect(rows.first()).toHaveAttribute('data-action', 'auth.login');
  await expect(rows.first()).toContainText('登录');

  // A start after the end is refused with a sentence and not sent.
  await page.goto('/audit?from=2026-05-02&to=2026-05-01');
  await expect(page.getByText('开始日期晚于结束日期。')).toBeVisible();
  await expect(rows.first()).toBeVisible();
});
