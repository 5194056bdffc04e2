import { expect, test } from '@playwright/test';
import { stateOf } from './sign-in';
import { findSkus, op, submitOrder } from './orders-helpers';

test.use({ storageState: stateOf('manager') });

test('a manager lands on the overview, changes the period, and follows a channel to exactly the orders it counts on those days', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // An order placed through the gateway today: the mirror has it at once (no reconcile waited for).
  await page.goto('/cart');
  const [sku] = await findSkus(page, { count: 1, minStock: 10 });
  // With what the buyer paid (issue 53): ¥8,888.00, kept by the gateway for the overview's sales and profit.
  const { orderSn, answer } = await submitOrder(page, [{ sku: sku!.id, number: 2 }], undefined, { sale: 888800 });
  expect(answer.code, answer.msg).toBe(1);
  const placed = (await op<{ list: { sn: string }[] }>(page, 'order.list', { search: { page: 1, limit: 1, thirdSn: orderSn } })).data
    .list[0]!;
  expect(placed.sn).toBeTruthy();

  await page.goto('/');
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
  // Today's figures, from one call: at least the order just placed, money in yuan, the change in words.
  await page.getByTestId('period-today').click();
  await expect(page).toHaveURL(/period=today/);
  // The previous period's figures stay on screen until today's arrive.
  // The comparison is named (today against the day before), and the app bar says the times are business time.
  await expect(page.getByTestId('overview-period')).toHaveText(/^(\d{4}-\d{2}-\d{2}) 至 \1（.+），对比此前同样天数：/);
  await expect(page.getByTestId('mode-chip')).toHaveText('沙箱 · 业务时间');
  const orders = page.getByTestId('kpi-orders-value');
  await expect(orders).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByTestId('kpi-gmv-value')).toHaveText(/^¥[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('kpi-orders')).toContainText(/较上期|上期为零|与上期持平/);
  // Sales and profit over the orders with a sale amount (this one at least), each opening those orders.
  const fen = async (id: string) => Math.round(Number((await page.getByTestId(id).textContent())!.replace(/[¥,]/g, '')) * 100);
  await expect(page.getByTestId('kpi-sales-value')).toHaveText(/^¥[\d,]+\.\d{2}$/);
  expect(await fen('kpi-sales-value')).toBeGreaterThanOrEqual(888800);
  await expect(page.getByTestId('kpi-profit-value')).toHaveText(/^-?¥[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('kpi-soldShare-value')).toHaveText(/^\d+(\.\d)?%$/);
  await expect(page.getByTestId('kpi-profit').getByRole('link')).toHaveAttribute(
    'href',
    /^\/overview\/orders\?of=sold&from=\d{4}-\d{2}-\d{2}&to=/,
  );
  const period = (await page.getByTestId('overview-period').textContent()) ?? '';
  const today = /^(\d{4}-\d{2}-\d{2}) 至 \1/.exec(period)?.[1];
  expect(today, period).toBeTruthy();

  // Thirty days: the period line says so, the previous period ends the day before it starts.
  await page.getByTestId('period-30d').click();
  await expect(page).toHaveURL(/period=30d/);
  await expect(page.getByTestId('overview-period')).toContainText(`至 ${today}`);
  await expect(page.getByTestId('overview-period')).not.toHaveText(period);

  // How shipping went (issue 52.4): each figure opens its list; the open exceptions of a kind, support's queue of that kind.
  await expect(page.getByTestId('overview-shipping').getByRole('heading', { level: 2, name: '发货情况' })).toBeVisible();
  await expect(page.getByTestId('shipping-within-value')).toHaveText(/^(\d+(\.\d)?%|—)$/);
  await expect(page.getByTestId('shipping-open-late').getByRole('link')).toHaveAttribute('href', '/queue?kind=late&state=open');
  await expect(page.getByTestId('shipping-within').getByRole('link')).toHaveAttribute(
    'href',
    new RegExp(`^/shipments\\?state=all&from=\\d{4}-\\d{2}-\\d{2}&to=${today}$`),
  );

  // The channels' figures as a table, its first row a link to the orders that channel counts on those days
  // (from the order mirror: the supplier's channel list cannot filter by day), as many as its figure.
  // A panel draws its controls and figures as it comes near the window (issue 39): scrolled to, as a person would.
  const channels = page.getByTestId('chart-by-channel');
  await channels.scrollIntoViewIfNeeded();
  await channels.getByRole('button', { name: '表格' }).click();
  const row = channels.getByRole('row').nth(1);
  const first = row.getByRole('link');
  await expect(first).toBeVisible();
  const href = (await first.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/overview\/orders\?of=channel&key=\d+&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  expect(href).toContain(`to=${today}`);
  const channel = await first.textContent();
  const counted = (await row.getByRole('cell').nth(1).textContent())!.replace(/,/g, '');
  await first.click();
  await expect(page).toHaveURL(/\/overview\/orders\?of=channel&key=\d+&from=/);
  await expect(page.getByRole('heading', { level: 1, name: `含${channel}商品的订单` })).toBeVisible();
  await expect(page.getByTestId('order-count')).toHaveText(`共 ${counted} 个订单`);
  await expect(page.getByTestId('mirror-read')).toContainText('读取自订单镜像');
  await expect(page.getByTestId('order-row').first()).toBeVisible();

  // Back on the overview, the CSV of the channels is the table's figures.
  await page.goBack();
  // Paid out opens the mirror's cash-flow lines it adds up: their sum is the figure.
  const paidOut = (await page.getByTestId('kpi-paidOut-value').textContent())!;
  await page.getByTestId('kpi-paidOut').getByRole('link').click();
  await expect(page).toHaveURL(/\/overview\/cash-flow\?direction=1&from=\d{4}-\d{2}-\d{2}&to=/);
  await expect(page.getByRole('heading', { level: 1, name: '余额支出' })).toBeVisible();
  await expect(page.getByTestId('cash-count')).toContainText(`合计 ${paidOut}`);
  await expect(page.getByTestId('mirror-read')).toContainText('读取自订单镜像');
  await expect(page.getByTestId('cash-row').first()).toBeVisible();
  await page.goBack();
  await channels.getByRole('button', { name: '表格' }).click();
  const download = page.waitForEvent('download');
  await channels.getByRole('button', { name: '下载 CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^gmv-by-channel-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
});

test('the overview is for managers and admins: a merchant meets the words for a page of another role', async ({ browser }) => {
  const context = await browser.newContext({ storageState: stateOf('merchant'), locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/catalogue$/);
  await expect(page.getByRole('navigation').getByRole('link', { name: '概览' })).toHaveCount(0);
  await page.goto('/overview');
  await expect(page.getByText(/无权|没有权限/).first()).toBeVisible();
  expect((await page.request.get('/bff/overview')).status()).toBe(403);
  await context.close();
});
