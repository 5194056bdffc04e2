import { expect, test } from '@playwright/test';
import { stateOf } from './sign-in';
import { banCase, candidates, fillAddress, op, ordersWithThirdSn, setCart } from './checkout-api';
import { source as sourceEnum } from '../contract/enums/source';

test.use({ storageState: stateOf('merchant') });

test.beforeEach(async ({ page }) => {
  await setCart(page, []);
});

test('goods of two channels and one banned line: the reason in words, removed, ordered once with both children and every line', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { province, a, b, banned } = await banCase(page);

  // Each product goes in from its own page: SKU and quantity, then "add to cart".
  for (const g of [a, b, banned]) {
    await page.goto(`/catalogue/goods/${g.goodsId}`);
    const box = page.getByTestId('add-to-cart');
    await box.getByLabel('规格').selectOption(String(g.sku));
    await box.getByRole('button', { name: '加入购物车' }).click();
    await expect(page.getByText('已将 1 行加入购物车。').last()).toBeVisible();
  }
  await expect(page.getByTestId('cart-badge')).toHaveAttribute('data-count', '3');

  await page.getByTestId('cart-badge').click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  await page.getByTestId('next-step').click();

  await fillAddress(page, province);
  await page.getByTestId('next-step').click();

  // Availability: the banned line is not sellable, and says why.
  const bannedRow = page.locator(`[data-testid="availability-line"][data-sku="${banned.sku}"]`);
  await expect(bannedRow.getByTestId('availability-verdict')).toHaveText('不可售');
  await expect(bannedRow.getByTestId('availability-reason')).toContainText(`不支持配送至${province}`);
  for (const ok of [a, b]) {
    await expect(page.locator(`[data-testid="availability-line"][data-sku="${ok.sku}"]`).getByTestId('availability-verdict')).toHaveText(
      '可售',
    );
  }
  await page.getByTestId('next-step').click();

  // Pre-check: the supplier's reason in words, then the line removed; freight per channel adds up.
  const problem = page.locator(`[data-testid="precheck-problem"][data-sku="${banned.sku}"]`);
  await expect(problem.getByTestId('precheck-reason')).toHaveText(/^不支持配送至(新疆|西藏|青海|海南)。$/);
  await problem.getByRole('button', { name: '移除' }).click();
  await expect(page.getByTestId('precheck-problem')).toHaveCount(0);
  const fen = async (id: string) => Number(await page.getByTestId(id).getAttribute('data-fen'));
  await expect(page.getByTestId('sum-goods')).toHaveAttribute('data-fen', String(a.price + b.price));
  await expect(page.getByTestId(`freight-${a.source}`)).toBeVisible();
  await expect(page.getByTestId(`freight-${b.source}`)).toBeVisible();
  expect(await fen('sum-total')).toBe((await fen('sum-goods')) + (await fen('sum-freight')));
  expect(await fen('balance-after')).toBe((await fen('balance-now')) - (await fen('sum-total')));
  await page.getByTestId('next-step').click();

  const orderSn = /SD\d{14}[0-9a-f]{8}/.exec((await page.getByText('商户订单号').textContent()) ?? '')?.[0];
  expect(orderSn).toBeTruthy();
  await page.getByTestId('place-order').click();

  // The new order opens, with both channels' lines.
  await expect(page).toHaveURL(/\/orders\/\d{20}$/);
  const detail = page.getByTestId('order-detail');
  await expect(detail).toBeVisible();
  for (const g of [a, b]) await expect(detail.locator(`[data-testid="goods-line"][data-sku="${g.sku}"]`)).toHaveCount(1);
  await expect(detail.locator(`[data-testid="goods-line"][data-sku="${banned.sku}"]`)).toHaveCount(0);
  await expect(detail.getByTestId('child-order')).toHaveCount(2);

  // The cart keeps only what was not ordered (nothing), and the order is in the list with its two children.
  await expect(page.getByTestId('cart-badge')).toHaveAttribute('data-count', '0');
  const found = await ordersWithThirdSn(page, orderSn!);
  expect(found).toHaveLength(1);
  await page.goto(`/orders?third=${orderSn}`);
  const row = page.locator(`[data-testid="order-row"][data-third-sn="${orderSn}"]`);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('child-chip')).toHaveCount(2);
  for (const s of [a.source, b.source]) await expect(row).toContainText(sourceEnum.label(s, 'zh-CN'));
});

test('bulk add from the catalogue: one SKU chosen per product, quantities kept, the cart survives a reload', async ({ page }) => {
  await page.goto('/catalogue?sort=created_time:desc');
  const rows = page.getByTestId('goods-row');
  await expect(rows.first()).toBeVisible();
  // Ticked until the tick holds: CI once saw the first tick undone as the list drew itself again
  // (the row focused, the box empty), which the bulk add under test does not depend on.
  await expect(async () => {
    for (let i = 0; i < 2; i++) await rows.nth(i).getByRole('checkbox').check({ timeout: 2000 });
    await expect(page.getByRole('button', { name: '将 2 件加入购物车…' })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.getByRole('button', { name: '将 2 件加入购物车…' }).click();
  const dialog = page.getByRole('dialog');
  const picks = dialog.getByTestId('cart-pick');
  await expect(picks).toHaveCount(2);
  const first = picks.first();
  const skuSelect = first.getByLabel('规格');
  const options = await skuSelect.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const chosen = options[options.length - 1]!;
  await skuSelect.selectOption(chosen);
  await first.getByLabel('数量').fill('2');
  await dialog.getByRole('button', { name: /^加入 \d 行$/ }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('cart-badge')).toHaveAttribute('data-count', /^[12]$/);
  await page.goto('/cart');
  const line = page.locator(`[data-testid="cart-line"][data-sku="${chosen}"]`);
  await expect(line.getByTestId('qty')).toHaveValue('2');
});

test('a price that changed since the cart was filled: the pre-check says so in yuan, the new price is accepted, the money follows', async ({
  page,
}) => {
  const [g] = await candidates(page, 1);
  // The cart remembers an older, lower price than the supplier's agreement price now.
  await setCart(page, [{ ...g!, price: g!.price > 100 ? g!.price - 100 : g!.price + 100 }]);
  await page.goto('/cart');
  await page.getByTestId('next-step').click();
  await fillAddress(page, '广东省');
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('availability-verdict')).toHaveText('可售');
  await page.getByTestId('next-step').click();
  const problem = page.getByTestId('precheck-problem');
  await expect(problem.getByTestId('precheck-reason')).toHaveText(/^价格已从 ¥[\d,.]+ 变为 ¥[\d,.]+。$/);
  await expect(problem).not.toContainText(' 分');
  await expect(page.getByTestId('next-step')).toBeDisabled();
  await problem.getByRole('button', { name: /^接受新价/ }).click();
  await expect(page.getByTestId('precheck-problem')).toHaveCount(0);
  await expect(page.getByTestId('sum-goods')).toHaveAttribute('data-fen', String(g!.price));
  await expect(page.getByTestId('next-step')).toBeEnabled();
  const cart = (await (await page.request.get('/bff/me/cart')).json()) as { lines: { price: number }[] };
  expect(cart.lines[0]!.price).toBe(g!.price);
});

test('an order larger than the balance: the pre-check warns, the result says so and links to the failed orders', async ({ page }) => {
  const balance = (await op<{ balance: number }>(page, 'account.balance', {})).balance;
  const pool = await candidates(page, 2);
  const g = pool.find((c) => c.price * Math.min(c.stock, 9999) > balance);
  expect(g, 'a product whose stock is worth more than the balance').toBeTruthy();
  const number = Math.floor(balance / g!.price) + 1;
  await setCart(page, [{ ...g!, number }]);
  await page.goto('/cart');
  await page.getByTestId('next-step').click();
  await fillAddress(page, '北京市');
  await page.getByTestId('next-step').click();
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('short-balance')).toContainText('余额还差');
  await page.getByTestId('next-step').click();
  const orderSn = /SD\d{14}[0-9a-f]{8}/.exec((await page.getByText('商户订单号').textContent()) ?? '')![0];
  await page.getByTestId('place-order').click();
  const result = page.getByTestId('result-short');
  await expect(result).toContainText('余额不足');
  await expect(result.getByRole('link', { name: '打开失败订单' })).toHaveAttribute('href', '/orders/failed');
  // No money moved; the order waits unpaid. Closing it leaves the sandbox as it was for the other tests.
  expect((await op<{ balance: number }>(page, 'account.balance', {})).balance).toBe(balance);
  await op(page, 'order.refund', { orderSn });
  await expect(page.getByTestId('cart-badge')).toHaveAttribute('data-count', '0');
});

test('address book: save, pick, edit and delete; the book is the signed-in person’s and survives a reload', async ({ page }) => {
  expect((await page.request.put('/bff/me/addresses', { data: { list: [] } })).status()).toBe(200);
  const [g] = await candidates(page, 1);
  await setCart(page, [g!]);
  await page.goto('/cart');
  await page.getByTestId('next-step').click();
  await fillAddress(page, '浙江省');
  // A landline is a valid phone.
  await page.getByLabel(/^联系电话/).fill('0571-88886666');
  await page.getByRole('button', { name: '保存到地址簿' }).click();
  await expect(page.getByTestId('saved-address')).toHaveCount(1);
  await expect(page.getByTestId('saved-address')).toContainText('0571-88886666');
  await expect(page.getByTestId('saved-address').getByRole('button', { name: '使用中' })).toBeVisible();

  // A second address typed by hand, then the first picked again from the book.
  await page.getByLabel(/^收货人/).fill('李四');
  await page.getByRole('button', { name: '保存到地址簿' }).click();
  await expect(page.getByTestId('saved-address')).toHaveCount(2);
  await page.getByTestId('saved-address').first().getByRole('button', { name: '使用', exact: true }).click();
  await expect(page.getByLabel(/^收货人/)).toHaveValue('王小明');

  // Edit the second: change its consignee, save the changes.
  await page.getByRole('button', { name: '编辑 李四 的地址' }).click();
  await expect(page.getByLabel(/^收货人/)).toHaveValue('李四');
  await page.getByLabel(/^收货人/).fill('李四四');
  await page.getByRole('button', { name: '保存修改' }).click();
  await expect(page.getByTestId('saved-address').nth(1)).toContainText('李四四');

  await page.reload();
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('saved-address')).toHaveCount(2);
  await page.getByRole('button', { name: '删除 王小明 的地址' }).click();
  await expect(page.getByTestId('saved-address')).toHaveCount(1);
  const book = (await (await page.request.get('/bff/me/addresses')).json()) as { list: { consignee: string; phone: string }[] };
  expect(book.list.map((a) => a.consignee)).toEqual(['李四四']);
});
