import { expect, test, type Page } from '@playwright/test';
import { afterSaleData } from './after-sale-data';
import { ADDRESS } from './after-sale-fixtures';
import { rolePage } from './sign-in';

/*
 * The command palette and the shortcuts (issue 29), on the records e2e/after-sale.setup.ts made: an
 * order placed through the gateway (so in the mirror) and its agreed after-sale. Read only.
 */

const palette = (page: Page) => page.getByTestId('palette');
/** The options of one kind (orders, afterSales, goods, messages, pages, actions, recent, searches). */
const ofKind = (page: Page, group: string) => palette(page).locator(`[data-testid="palette-option"][data-group="${group}"]`);

async function openPalette(page: Page, text: string) {
  // The shortcuts come with the app bar's tools, right after the first paint.
  await expect(page.getByTestId('palette-button')).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  const field = palette(page).getByRole('combobox');
  await expect(field).toBeFocused();
  await field.fill(text);
}

/** Moves the highlight down to the option that says `text` (the keyboard only). */
async function highlight(page: Page, text: string | RegExp) {
  for (let i = 0; i < 30; i++) {
    const active = await palette(page).getByRole('combobox').getAttribute('aria-activedescendant');
    if (active && (await page.locator(`[id="${active}"]`).filter({ hasText: text }).count())) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option says ${String(text)}`);
}

test('support finds an order by its whole and partial number, an after-sale by id (opened in the drawer), a product by its title, all from the keyboard', async ({
  browser,
}) => {
  const { agreedId, line } = afterSaleData();
  const page = await rolePage(browser, 'support', { locale: 'en' });
  await page.goto('/queue');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The whole number: the order comes first, in words; Enter opens it.
  await openPalette(page, line.thirdSn);
  const order = ofKind(page, 'orders').filter({ hasText: `Order ${line.thirdSn}` });
  await expect(order.first()).toBeVisible();
  await expect(order.first()).toContainText('¥');
  await expect(palette(page).getByRole('status')).toHaveText(/^\d+ results?$/);
  await expect(palette(page).getByText(/^Orders \(\d+\+?\)$/)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders/${line.sn}$`));
  await expect(page.getByTestId('order-detail')).toBeVisible();

  // Part of it: found by its start.
  await openPalette(page, line.thirdSn.slice(0, -2));
  await expect(ofKind(page, 'orders').filter({ hasText: `Order ${line.thirdSn}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);

  // "My order, phone ending 7000": the orders to that phone from the mirror, the consignee's name masked; Ctrl+Enter opens it in the orders' drawer.
  const tail = ADDRESS.phone.slice(-4);
  await openPalette(page, `phone ${tail}`);
  await expect(palette(page)).toContainText('4 digits (or “phone 1234”)');
  const byPhone = `Order ${line.thirdSn} · ${ADDRESS.consignee.slice(0, 1)}*`;
  await expect(ofKind(page, 'phoneOrders').filter({ hasText: byPhone })).toBeVisible();
  await expect(palette(page).getByText(new RegExp(`^Orders, phone ending ${tail} \\(\\d+\\+?\\)$`))).toBeVisible();
  await highlight(page, byPhone);
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(new RegExp(`/orders\\?order=${line.sn}$`));
  await expect(page.getByRole('dialog').getByTestId('order-detail')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A command on the order found: a new after-sale request, its lines already looked up.
  await openPalette(page, line.thirdSn);
  await highlight(page, `New after-sale request for order ${line.thirdSn}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/after-sale\\?new=${line.thirdSn}$`));
  await expect(page.getByRole('dialog').getByTestId('found-order').first()).toContainText(line.thirdSn);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/after-sale$/);

  // The after-sale by its id, opened with Ctrl+Enter in the drawer over the after-sale list.
  await openPalette(page, String(agreedId));
  await expect(ofKind(page, 'afterSales').filter({ hasText: `After-sale #${agreedId} · order ${line.thirdSn}` })).toBeVisible();
  await highlight(page, `After-sale #${agreedId}`);
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(new RegExp(`/after-sale\\?afterSale=${agreedId}$`));
  await expect(page.getByRole('dialog').getByTestId('after-sale-detail')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A product by the words of its title; it is remembered among the recently opened.
  await openPalette(page, line.name);
  // The supplier is asked for the title: its answer is waited for before the keys go down the list.
  await expect(ofKind(page, 'goods').filter({ hasText: line.name }).first()).toBeVisible();
  await highlight(page, line.name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/catalogue\/goods\/\d+$/);
  await expect(page.getByRole('heading', { name: line.name }).first()).toBeVisible();
  await openPalette(page, '');
  await expect(palette(page).getByText(/^Recently opened \(\d\)$/)).toBeVisible();
  await expect(ofKind(page, 'recent').filter({ hasText: line.name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);

  // The shortcut sheet, and g then o to the orders; j puts the focus on the first row.
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText('Go to the orders');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/\/orders$/);
  // The orders themselves, not the placeholder rows drawn while they load.
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  // Rows by their order number: other tests place orders meanwhile, and a new one comes first.
  const focusedSn = () => page.evaluate(() => document.activeElement?.getAttribute('data-sn') ?? null);
  await page.keyboard.press('j');
  await expect.poll(focusedSn).toMatch(/^\d+$/);
  const first = await focusedSn();
  await page.keyboard.press('j');
  await expect.poll(focusedSn).not.toBe(first);
  await page.keyboard.press('k');
  await expect.poll(focusedSn).toBe(first);
  // Enter opens the focused row's order.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`order=${first}`));
  await expect(page.getByRole('dialog').getByTestId('order-detail')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // `/` puts the cursor in the list's search; a `g` typed there goes nowhere.
  await page.keyboard.press('/');
  const search = page.locator('main [role="search"] input').first();
  await expect(search).toBeFocused();
  await page.keyboard.type('go');
  await expect(page).toHaveURL(/\/orders/);
  await expect(search).toHaveValue('go');
  await page.context().close();
});

test('a merchant finds only their own pages and records: no after-sales, no audit log', async ({ browser }) => {
  const { agreedId, line } = afterSaleData();
  const page = await rolePage(browser, 'merchant', { locale: 'zh-CN' });
  await page.goto('/catalogue');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '搜索与命令（Ctrl+K）' }).click();
  await expect(palette(page)).toBeVisible();
  await expect(ofKind(page, 'pages').filter({ hasText: '前往订单' })).toBeVisible();
  await palette(page).getByRole('combobox').fill('审计');
  await expect(palette(page).getByRole('alert')).toHaveText('没有找到与“审计”相关的结果。');
  await palette(page).getByRole('combobox').fill(String(agreedId));
  await expect(palette(page).getByRole('status')).toHaveText(/条结果$/);
  await expect(ofKind(page, 'afterSales')).toHaveCount(0);
  // Their order, with the command to place it again.
  await palette(page).getByRole('combobox').fill(line.thirdSn);
  await expect(ofKind(page, 'orders').filter({ hasText: `订单 ${line.thirdSn}` })).toBeVisible();
  await expect(ofKind(page, 'actions').filter({ hasText: `再次下单 ${line.thirdSn}` })).toBeVisible();
  // Tab stays in the dialog; closing gives the focus back to the button that opened it.
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  expect(await palette(page).evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);
  await expect(page.getByTestId('palette-button')).toBeFocused();
  await page.context().close();
});
