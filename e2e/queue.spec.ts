import { expect, test } from '@playwright/test';
import { afterSaleData } from './after-sale-data';
import { adminSession, op, placeOrder } from './after-sale-fixtures';
import { rolePage } from './sign-in';

/*
 * The landings of support and merchants (issue 28.4) and the overview's after-sale figures, on the
 * records e2e/after-sale.setup.ts made: an after-sale agreed and waiting for the customer's parcel, on
 * a delivered line.
 */

test('support lands on the work queue: an exception is taken, noted and resolved in the order drawer; the agreed request waits for the parcel, its delivered order is listed, a row opens the record', async ({
  browser,
}) => {
  const { agreedId, line } = afterSaleData();
  // An order the supplier cancels (the sandbox's irregular order); the gateway's sweep (every 5 s here,
  // playwright.config.ts) finds it in the order mirror, which the order list just read feeds.
  const admin = await adminSession(browser);
  const cancelled = await placeOrder(admin.api, 6);
  const made = await (await admin.api.post('/bff/sandbox/irregular', { data: { orderSn: cancelled.thirdSn, kind: 'cancelled' } })).json();
  expect(made.code, JSON.stringify(made)).toBe(1);
  await op(admin.api, 'order.list', { search: { page: 1, limit: 1, thirdSn: cancelled.thirdSn } });
  const page = await rolePage(browser, 'support', { locale: 'zh-CN' });
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/bff/exceptions?kind=cancelled&size=500')).json()).list as { orderSn: string }[]).some(
          (k) => k.orderSn === cancelled.sn,
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
  await admin.close();
  await page.goto('/');
  await expect(page).toHaveURL(/\/queue$/);
  await expect(page.getByRole('heading', { level: 1, name: '工作台' })).toBeVisible();

  // The queue opens with the orders going wrong: kind, age, who has it and state in words.
  const exceptions = page.getByTestId('queue-exceptions');
  await expect(exceptions.getByRole('heading', { level: 2, name: '异常订单' })).toBeVisible();
  // Of one kind (in the address, as the overview's counts link to it).
  await exceptions.getByLabel('种类').selectOption('cancelled');
  await expect(page).toHaveURL(/\/queue\?kind=cancelled$/);
  const caseRow = exceptions.getByTestId('exception-row').filter({ hasText: cancelled.thirdSn });
  await expect(caseRow).toContainText('供应商取消');
  await expect(caseRow).toContainText('暂无人认领');
  await expect(caseRow).toContainText('待处理');
  // One click opens the order drawer over the queue, with the case and its steps.
  await caseRow.getByRole('button', { name: `打开订单 ${cancelled.thirdSn}` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]order=${cancelled.sn}`));
  const kase = page.locator('[data-testid="order-exception"][data-kind="cancelled"]');
  await kase.getByRole('button', { name: '认领' }).click();
  await expect(kase.getByTestId('exception-holder')).toHaveText('你已认领');
  // A note: refused empty in words (nothing sent), then added.
  await kase.getByRole('button', { name: '添加备注' }).click();
  await expect(kase.getByText('请先写备注。')).toBeVisible();
  await kase.getByRole('textbox', { name: '备注' }).fill('已联系客户，供应商会退款。');
  await kase.getByRole('button', { name: '添加备注' }).click();
  await expect(kase.getByTestId('exception-notes')).toContainText('已联系客户，供应商会退款。');
  await kase.getByRole('textbox', { name: '备注' }).fill('退款已到账，客户知悉。');
  await kase.getByRole('button', { name: '按此备注标记解决' }).click();
  await expect(kase).toHaveAttribute('data-state', 'resolved');
  await expect(kase.getByTestId('exception-notes').getByRole('listitem')).toHaveCount(2);
  await page.keyboard.press('Escape');
  // Gone from the open ones; listed with the resolved ones (the state in the address).
  await expect(caseRow).toHaveCount(0);
  await exceptions.getByLabel('状态').selectOption('resolved');
  await expect(page).toHaveURL(/[?&]state=resolved/);
  await expect(exceptions.getByTestId('exception-row').filter({ hasText: cancelled.thirdSn })).toContainText('已解决');
  await page.goto('/queue');

  const mail = page.getByTestId('queue-mail');
  const row = mail.locator(`[data-testid="after-sale-row"][data-id="${agreedId}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('待寄回');
  await expect(row).toContainText('¥');
  await expect(page.getByTestId('queue-mail-count')).toHaveText(/^[1-9]\d*$/);
  // Not waiting for a decision any more: it was agreed.
  await expect(page.getByTestId('queue-decision').locator(`[data-id="${agreedId}"]`)).toHaveCount(0);

  // The delivered order with the request open; its link opens the order.
  const delivered = page.getByTestId('queue-delivered').getByTestId('queue-delivered-row').filter({ hasText: line.thirdSn });
  await expect(delivered).toBeVisible();
  await expect(delivered.getByRole('button', { name: new RegExp(`#${agreedId}$`) })).toBeVisible();

  // A row opens the record over the queue, where the mailing form waits.
  await row.getByRole('button', { name: new RegExp(`#${agreedId}$`) }).click();
  await expect(page).toHaveURL(new RegExp(`afterSale=${agreedId}`));
  await expect(page.getByTestId('after-sale-detail').getByTestId('mail-form')).toBeVisible();
  await page.keyboard.press('Escape');

  // "All" opens the filtered list of that status, the filter said in words.
  await mail.getByRole('link', { name: /^全部 \d+ 条$/ }).click();
  await expect(page).toHaveURL(/\/queue\?status=2$/);
  await expect(page.getByTestId('queue-filtered')).toContainText('状态：待寄回');
  await expect(page.getByTestId('queue-filtered').locator(`[data-testid="after-sale-row"][data-id="${agreedId}"]`)).toBeVisible();

  // Back to the queue; the delivered section's "all" opens every delivered order with a request open, as many as its figure.
  await page.getByRole('link', { name: '返回工作台' }).click();
  await expect(page).toHaveURL(/\/queue$/);
  const figure = (await page.getByTestId('queue-delivered-count').textContent())!;
  expect(figure).toMatch(/^[1-9]\d*$/);
  await page
    .getByTestId('queue-delivered')
    .getByRole('link', { name: `全部 ${figure} 条` })
    .click();
  await expect(page).toHaveURL(/\/queue\?delivered=1$/);
  const all = page.getByTestId('queue-delivered-all');
  await expect(all.getByRole('heading', { level: 2, name: '有未结售后的已发货订单' })).toBeVisible();
  await expect(all.getByTestId('queue-delivered-all-count')).toHaveText(figure);
  await expect(all.getByTestId('queue-delivered-row')).toHaveCount(Math.min(20, Number(figure)));
  await expect(all.getByRole('navigation')).toContainText(`共 ${figure} 条`);
  // Its open request opens the record over the list.
  const listed = all.getByTestId('queue-delivered-row').filter({ hasText: line.thirdSn });
  await listed.getByRole('button', { name: new RegExp(`#${agreedId}$`) }).click();
  await expect(page).toHaveURL(new RegExp(`delivered=1&afterSale=${agreedId}$`));
  await expect(page.getByTestId('after-sale-detail')).toBeVisible();
  await page.keyboard.press('Escape');
  await all.getByRole('link', { name: '返回工作台' }).click();
  await expect(page).toHaveURL(/\/queue$/);
  await page.context().close();
});

test('a manager follows the overview’s after-sale reason to its requests; a merchant lands on the catalogue under their figures', async ({
  browser,
}) => {
  const { agreedId } = afterSaleData();
  const page = await rolePage(browser, 'manager', { locale: 'zh-CN' });
  await page.goto('/overview?period=30d');
  await expect(page.getByTestId('kpi-afterSales-value')).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByTestId('kpi-afterSaleRate-value')).toHaveText(/^\d+(\.\d)?%$/);
  const reasons = page.getByTestId('chart-after-sales-by-reason');
  await reasons.scrollIntoViewIfNeeded();
  await reasons.getByRole('button', { name: '表格' }).click();
  const reason = reasons.getByRole('row').filter({ hasText: '商品与描述不符' }).getByRole('link');
  await expect(reason).toBeVisible();
  expect(await reason.getAttribute('href')).toMatch(/^\/queue\?reason=10002&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  await reason.click();
  await expect(page.getByTestId('queue-filtered')).toContainText('原因：');
  await expect(page.getByTestId('queue-filtered').locator(`[data-testid="after-sale-row"][data-id="${agreedId}"]`)).toBeVisible();
  await page.context().close();

  const merchant = await rolePage(browser, 'merchant', { locale: 'zh-CN' });
  await merchant.goto('/');
  await expect(merchant).toHaveURL(/\/catalogue$/);
  const strip = merchant.getByTestId('merchant-strip');
  await expect(strip.getByTestId('strip-ordersToday-value')).toHaveText(/^\d[\d,]*$/);
  await expect(strip.getByTestId('strip-libraryOffSale-value')).toHaveText(/^\d[\d,]*$/);
  // Orders today opens exactly the orders it counts: the mirror's orders of today, as many as the figure.
  const today = (await strip.getByTestId('strip-ordersToday-value').textContent())!.replace(/,/g, '');
  await strip.getByTestId('strip-ordersToday').getByRole('link').click();
  await expect(merchant).toHaveURL(/\/overview\/orders\?of=all&from=(\d{4}-\d{2}-\d{2})&to=\1$/);
  await expect(merchant.getByRole('heading', { level: 1, name: '计入的订单' })).toBeVisible();
  await expect(merchant.getByTestId('order-count')).toHaveText(`共 ${today} 个订单`);
  await expect(merchant.getByTestId('mirror-read')).toContainText('读取自订单镜像');
  await merchant.getByRole('link', { name: '返回商品选品' }).click();
  await expect(merchant).toHaveURL(/\/catalogue$/);
  await strip.getByTestId('strip-failedOrders').getByRole('link').click();
  await expect(merchant).toHaveURL(/\/orders\/failed$/);
  expect((await merchant.request.get('/bff/queue')).status()).toBe(403);
  await merchant.context().close();
});
