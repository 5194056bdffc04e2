import { expect, test, type Page } from '@playwright/test';
import { stateOf } from './sign-in';
import { candidates, fillAddress, orderTotal, ordersWithThirdSn, setCart } from './checkout-api';

test.use({ storageState: stateOf('merchant') });

/** A cart of one cheap line, walked to the submit step with an address in Zhejiang; answers the draft's order number. */
async function toSubmit(page: Page, skip = 0) {
  const pool = await candidates(page, 1);
  await setCart(page, [pool[skip]!]);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('next-step').click();
  await fillAddress(page, '浙江省');
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('availability-verdict')).toHaveText('可售');
  await page.getByTestId('next-step').click();
  await expect(page.getByTestId('money-summary')).toBeVisible();
  await page.getByTestId('next-step').click();
  const text = (await page.getByText('商户订单号').textContent()) ?? '';
  return /SD\d{14}[0-9a-f]{8}/.exec(text)![0];
}

test('submit clicked twice quickly makes one order', async ({ page }) => {
  const before = await orderTotal(page);
  const orderSn = await toSubmit(page, 0);
  await page.getByTestId('place-order').dblclick();
  await expect(page).toHaveURL(/\/orders\/\d{20}$/);
  expect(await ordersWithThirdSn(page, orderSn)).toHaveLength(1);
  expect(await orderTotal(page)).toBe(before + 1);
  // The order's page by the shop's own number (as people paste it) moves to its platform number.
  const platform = page.url();
  await page.goto(`/orders/${orderSn}`);
  await expect(page).toHaveURL(platform);
  await expect(page.getByText(orderSn).first()).toBeVisible();
});

test('the first answer is cut; the retry is recognised as already placed and shows the one order', async ({ page }) => {
  const before = await orderTotal(page);
  const orderSn = await toSubmit(page, 1);
  let cut = 0;
  // The request reaches the supplier (the order is made), then the answer is lost on the way back.
  await page.route('**/bff/op/order.submit', async (route) => {
    await route.fetch();
    cut++;
    await route.abort('connectionreset');
  });
  await page.getByTestId('place-order').click();
  await expect(page.getByTestId('submit-error')).toContainText('应答在途中丢失');
  expect(cut).toBe(1);
  expect(await ordersWithThirdSn(page, orderSn)).toHaveLength(1);

  await page.unroute('**/bff/op/order.submit');
  // What was typed is still there, and the retry sends the same number.
  await expect(page.getByText(orderSn)).toBeVisible();
  await page.getByTestId('place-order').click();
  await expect(page.getByText('该订单此前已提交成功，现为你打开。')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/\d{20}$/);
  const found = await ordersWithThirdSn(page, orderSn);
  expect(found).toHaveLength(1);
  expect(page.url()).toContain(found[0]!.sn);
  expect(await orderTotal(page)).toBe(before + 1);
});

test('the same checkout in two tabs places one order', async ({ page, context }) => {
  const before = await orderTotal(page);
  const orderSn = await toSubmit(page, 2);
  const other = await context.newPage();
  await other.goto('/cart');
  await other.getByTestId('next-step').click();
  // The address typed in the first tab comes back from the draft.
  await expect(other.getByLabel(/^(收货人)/)).toHaveValue('王小明');
  await other.getByTestId('next-step').click();
  await other.getByTestId('next-step').click();
  await other.getByTestId('next-step').click();
  await expect(other.getByText(orderSn)).toBeVisible();

  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/orders\/\d{20}$/);
  await other.getByTestId('place-order').click();
  await expect(other.getByText('该订单此前已提交成功，现为你打开。')).toBeVisible();
  await expect(other).toHaveURL(page.url());
  expect(await ordersWithThirdSn(page, orderSn)).toHaveLength(1);
  expect(await orderTotal(page)).toBe(before + 1);
});
