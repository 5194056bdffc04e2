import { expect, test } from '@playwright/test';
import { stateOf } from './sign-in';

test.use({ storageState: stateOf('merchant') });

test('with the server away the tab never reloads: typed text kept, a calm banner, and it recovers by itself', async ({ page }) => {
  await page.goto('/catalogue');
  await expect(page.getByTestId('goods-row').first()).toBeVisible();
  const search = page.getByLabel('搜索商品');
  await search.fill('保温杯');
  let loads = 0;
  page.on('load', () => loads++);

  // The server stops answering: every request of the page fails like a stopped server.
  await page.route('**/*', (route) => route.abort('connectionrefused'));
  // The columns menu needs code this tab has not downloaded yet.
  await page.getByRole('button', { name: '显示列' }).click();
  const banner = page.getByTestId('server-away');
  await expect(banner).toHaveText('暂时连接不上服务器。已填写的内容都保留着，我们会自动重试，恢复后继续。');
  await page.waitForTimeout(4000); // a probe or two later: still no reload
  expect(loads).toBe(0);
  await expect(page).toHaveURL(/\/catalogue/);
  await expect(search).toHaveValue('保温杯');
  await expect(page.getByText('页面显示失败。')).toHaveCount(0);

  // The server is back: the banner goes, the menu's code loads, the list answers the typed search.
  await page.unroute('**/*');
  await expect(banner).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('menu')).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('保温杯');
  await expect(page).toHaveURL(/q=%E4%BF%9D%E6%B8%A9%E6%9D%AF|q=保温杯/);
  expect(loads).toBe(0);
});
