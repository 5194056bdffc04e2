import { expect, test } from '@playwright/test';
import { stateOf } from './sign-in';

test.use({ storageState: stateOf('manager') });
import { findSkus, orderByThirdSn, submitOrder } from './orders-helpers';

test('a manager finds an order by phone and by day, sees each channel’s children, exports the search, and follows the money', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const [jd, ali] = [...(await findSkus(page, { count: 1, source: 2 })), ...(await findSkus(page, { count: 1, source: 6 }))];
  const phone = `139${String(Date.now()).slice(-8)}`;
  const { orderSn, answer } = await submitOrder(
    page,
    [
      { sku: jd!.id, number: 1 },
      { sku: ali!.id, number: 2 },
    ],
    { consignee: '列表查找', phone, province: '广东省', city: '深圳市', area: '南山区', street: '科技园', description: '9 号' },
  );
  expect(answer.code, answer.msg).toBe(1);
  const order = await orderByThirdSn(page, orderSn);

  await page.goto('/orders');
  await page.getByLabel('手机号').fill(phone);
  await expect(page).toHaveURL(new RegExp(`phone=${phone}`));
  const row = page.getByTestId('order-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(order.sn);
  await expect(row.getByTestId('child-chip')).toHaveText([/^京东 · /, /^阿里巴巴 · /]);

  // A day range in Beijing time around the day it was created (business time) keeps it; a range in the past drops it.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(order.createdTime * 1000));
  await page.goto(`/orders?phone=${phone}&from=${today}&to=${today}`);
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await page.goto(`/orders?phone=${phone}&from=2020-01-01&to=2020-01-31`);
  await expect(page.getByText('没有符合条件的订单。')).toBeVisible();

  // Save the phone search as a view, export it.
  await page.goto(`/orders?phone=${phone}`);
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 CSV' }).click()]);
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c as Buffer[]).toString('utf8'));
  const lines = csv.slice(1).trim().split('\r\n');
  expect(lines[0]!.split(',').slice(0, 3)).toEqual(['平台订单号', '商户订单号', '下单时间']);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(order.sn);
  expect(lines[1]).toContain('列表查找');
  await page.getByRole('button', { name: '常用视图' }).click();
  await page.getByRole('menuitem', { name: '保存当前视图…' }).click();
  await page.getByLabel('视图名称').fill('按手机号');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await page.goto('/orders');
  await page.getByRole('button', { name: '常用视图' }).click();
  await page.getByRole('menuitem', { name: '按手机号' }).click();
  await expect(page).toHaveURL(new RegExp(`phone=${phone}`));

  // The Alibaba tab lists the child with its address; it opens the whole order.
  await page.getByRole('tab', { name: '阿里巴巴' }).click();
  await expect(page).toHaveURL(/tab=6/);
  const child = page.getByTestId('source-order-row').filter({ hasText: orderSn });
  await expect(child).toHaveCount(1);
  await expect(child).toContainText('列表查找');
  await child.getByRole('button').first().click();
  await expect(page.getByTestId('order-detail').getByTestId('child-order')).toHaveCount(2);
  await expect(page.getByTestId('order-detail').getByTestId('goods-line')).toHaveCount(2);
  await page.getByRole('button', { name: '关闭' }).click();

  // The payment is in the cash flow, linked to the order.
  await page.goto('/cash-flow?type=5&direction=1');
  const pay = page.getByTestId('cash-row').filter({ hasText: order.sn });
  await expect(pay).toHaveCount(1);
  await expect(pay).toContainText('订单支付');
  await pay.getByRole('link', { name: order.sn }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.sn}$`));
  await expect(page.getByRole('heading', { level: 1, name: `订单 ${order.sn}` })).toBeVisible();
});
