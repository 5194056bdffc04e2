import { expect, test } from '@playwright/test';
import { rolePage } from './sign-in';
import { findSkus, orderByThirdSn, submitOrder } from './orders-helpers';

test('business time moves on: the courier’s events appear on the timeline; support confirms receipt and the line says received', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await rolePage(browser, 'admin');
  const [sku] = await findSkus(admin, { count: 1, source: 2 });
  const { orderSn, answer } = await submitOrder(admin, [{ sku: sku!.id, number: 1 }], {
    consignee: '时间旅人',
    phone: '13911112222',
    province: '江苏省',
    city: '南京市',
    area: '玄武区',
    street: '中山路',
    description: '1 号',
  });
  expect(answer.code, answer.msg).toBe(1);
  const order = await orderByThirdSn(admin, orderSn);

  // The list finds it by phone number; the drawer shows the line, not shipped yet.
  await admin.goto('/orders');
  await admin.getByLabel('手机号').fill('13911112222');
  await expect(admin).toHaveURL(/phone=13911112222/);
  const row = admin.getByTestId('order-row').filter({ hasText: order.sn });
  await expect(row).toHaveCount(1);
  await expect(admin.getByTestId('order-row')).toHaveCount(1);
  await row.getByRole('button', { name: order.sn }).click();
  await expect(admin).toHaveURL(new RegExp(`order=${order.sn}`));
  const detail = admin.getByTestId('order-detail');
  await expect(detail.getByTestId('goods-line')).toHaveCount(1);
  await expect(detail.getByRole('button', { name: '物流' })).toHaveCount(0);
  await admin.getByRole('button', { name: '关闭' }).click();

  // Six hours of business time: shipped after two, then the courier reports every few hours.
  for (let i = 0; i < 6; i++) {
    await admin.getByRole('button', { name: '业务时间' }).click();
    await admin.getByRole('menuitem', { name: '往后 1 小时' }).click();
    await expect(admin.getByText(/^业务时间现在是/).last()).toBeVisible();
  }
  await row.getByRole('button', { name: order.sn }).click();
  await expect(detail.getByTestId('child-goods-status')).toHaveText('已发货');
  await detail.getByRole('button', { name: '物流' }).click();
  const events = detail.getByTestId('trace-event');
  await expect.poll(() => events.count()).toBeGreaterThanOrEqual(2);
  // Newest first: the hand-over to the courier is the oldest event.
  await expect(events.last()).toContainText('商家已发货');
  await expect(events.first()).not.toContainText('商家已发货');
  await expect(detail.getByTestId('trace-courier')).toContainText('快递公司');
  await expect(detail.getByTestId('trace').getByTestId('tracking-no')).not.toBeEmpty();
  await admin.context().close();

  // Support confirms receipt on the order's own page.
  const support = await rolePage(browser, 'support');
  await support.goto(`/orders/${order.sn}`);
  const line = support.getByTestId('goods-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('line-received')).toHaveCount(0);
  await line.getByRole('button', { name: '确认收货' }).click();
  const dialog = support.getByRole('dialog', { name: '确认收货？' });
  await expect(dialog).toContainText('不能撤销');
  await dialog.getByRole('button', { name: '确认已收到' }).click();
  await expect(dialog).toBeHidden();
  await expect(line.getByTestId('line-received')).toHaveText('已收货');
  await expect(line.getByRole('button', { name: '确认收货' })).toHaveCount(0);
  await line.getByRole('button', { name: '物流' }).click();
  await expect(line.getByTestId('trace-event').first()).toContainText('已确认收货');
  await support.context().close();
});
