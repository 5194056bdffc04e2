import { expect, test } from '@playwright/test';
import { stateOf } from './sign-in';
import { findSkus, op, orderByThirdSn, submitOrder } from './orders-helpers';

test.describe('as the merchant', () => {
  test.use({ storageState: stateOf('merchant') });

  test('an order larger than the balance becomes a failed order; refunding it leaves the balance where it was', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    const balanceChip = page.getByTestId('balance');
    await expect(balanceChip).toHaveAttribute('data-fen', /^\d+$/);
    const before = Number(await balanceChip.getAttribute('data-fen'));
    expect((await op(page, 'account.balance', {})).data.balance).toBe(before);

    // Dear goods, as many as their stock allows, until the order costs more than the balance.
    const skus = await findSkus(page, { count: 30, minPrice: 200, minStock: 20 });
    const spu: { sku: number; number: number }[] = [];
    let total = 0;
    for (const s of skus) {
      if (total > before) break;
      const number = Math.min(s.stock, 200);
      spu.push({ sku: s.id, number });
      total += s.agreement_price * number;
    }
    expect(total).toBeGreaterThan(before);
    const { orderSn, answer } = await submitOrder(page, spu);
    expect(answer.code).toBe(0);
    expect(answer.msg).toMatch(/余额不足/);
    const order = await orderByThirdSn(page, orderSn);

    await page.goto('/orders/failed');
    const card = page.getByTestId('failed-order').filter({ has: page.getByText(orderSn, { exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('failed-message')).toHaveText('余额不足');
    // The lines are read from the order's params, in words: one per line, with quantity and price in yuan.
    await expect(card.getByTestId('failed-line')).toHaveCount(spu.length);
    await expect(card.getByTestId('failed-line').first()).toContainText(`${spu[0]!.number} × ¥`);
    await expect(card).not.toContainText('"sku"');
    await expect(card.getByTestId('failed-total')).toContainText('¥');
    // Nothing was taken for it.
    await expect(balanceChip).toHaveAttribute('data-fen', String(before));

    await card.getByRole('button', { name: '退单' }).click();
    const dialog = page.getByRole('dialog', { name: '退单？' });
    await expect(dialog).toContainText('退回余额');
    await expect(dialog).toContainText(order.sn);
    await dialog.getByRole('button', { name: '退单并关闭' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`订单 ${order.sn} 已退单并关闭。`)).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(balanceChip).toHaveAttribute('data-fen', String(before));
    expect((await op(page, 'account.balance', {})).data.balance).toBe(before);

    // The order itself is closed, in words.
    await page.goto(`/orders?third=${orderSn}`);
    const row = page.getByTestId('order-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('order-status')).toHaveText('已关闭');
  });
});

test.describe('as a manager', () => {
  test.use({ storageState: stateOf('manager') });

  test('retrying a failed order while the balance is still short says so and takes nothing', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await expect(page.getByTestId('balance')).toHaveAttribute('data-fen', /^\d+$/);
    const before = Number(await page.getByTestId('balance').getAttribute('data-fen'));
    const skus = await findSkus(page, { count: 30, minPrice: 200, minStock: 20 });
    const spu: { sku: number; number: number }[] = [];
    let total = 0;
    for (const s of skus) {
      if (total > before) break;
      spu.push({ sku: s.id, number: Math.min(s.stock, 200) });
      total += s.agreement_price * Math.min(s.stock, 200);
    }
    const { orderSn, answer } = await submitOrder(page, spu);
    expect(answer.msg).toMatch(/余额不足/);
    await page.goto('/orders/failed');
    const card = page.getByTestId('failed-order').filter({ has: page.getByText(orderSn, { exact: true }) });
    await card.getByRole('button', { name: '重新支付' }).click();
    const dialog = page.getByRole('dialog', { name: '重新支付该订单？' });
    await expect(dialog).toContainText('从余额');
    await dialog.getByRole('button', { name: '立即支付' }).click();
    // The supplier's refusal stays in the dialog, in words; nothing moved.
    await expect(dialog.getByRole('alert')).toContainText('余额不足');
    // With the request named for support: the id the gateway gave it (its log line's).
    await expect(dialog.getByTestId('request-reference')).toContainText(/供客服查询的编号：\s*[0-9a-f-]{36}/);
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(card).toHaveCount(1);
    await expect(page.getByTestId('balance')).toHaveAttribute('data-fen', String(before));
    // Clean up: refund it so later tests start from the same balance.
    expect((await op(page, 'order.refund', { orderSn })).code).toBe(1);
  });
});
