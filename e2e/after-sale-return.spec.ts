import { expect, test } from '@playwright/test';
import { stateOf } from './sign-in';
import { adminSession, advance, balanceOf, nextStep, placeOrder, TINY_PNG } from './after-sale-fixtures';

test.use({ storageState: stateOf('support') });

const HOUR = 3600;

test('support: a delivered line → return with a picture → agreed → mailing info → received → refunded, with the money and every step', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await adminSession(browser);
  const line = await placeOrder(admin.api);
  // Shipped after 2 h, delivered 20 h later.
  await advance(admin.api, 23 * HOUR);

  await page.goto(`/orders/${line.sn}`);
  const goods = page.locator(`[data-line-sn="${line.lineSn}"]`);
  const entry = goods.getByTestId('after-sale-entry');
  await expect(entry).toBeEnabled();
  await entry.click();

  const wizard = page.getByRole('dialog', { name: /售后申请/ });
  await expect(wizard).toBeVisible();
  // Only what the pre-check offered for a delivered line: return and exchange.
  await expect(wizard.getByRole('radio')).toHaveCount(2);
  await wizard.getByRole('radio', { name: '退货' }).check();
  await nextStep(page);
  await wizard.getByRole('radio', { name: /质量问题/ }).check();
  await wizard.getByLabel(/^问题描述/).fill('屏幕有一道划痕');
  await nextStep(page);
  await wizard.getByRole('combobox', { name: /取件方式/ }).click();
  await page.getByRole('option', { name: '客户发货' }).click();
  await wizard.getByRole('combobox', { name: /包装情况/ }).click();
  await page.getByRole('option', { name: '包装完整' }).click();
  await nextStep(page);
  await expect(wizard.getByLabel(/^退运费/)).toBeVisible();
  await nextStep(page);
  // The reason needs a picture: refused without one, then one from the "phone".
  await nextStep(page);
  await expect(wizard.getByText('该原因至少需要一张图片。')).toBeVisible();
  await wizard.getByTestId('voucher-input').setInputFiles({ name: 'scratch.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(wizard.getByTestId('voucher-uploaded')).toHaveCount(1);
  await nextStep(page);
  await expect(wizard.getByLabel(/^收货人/)).toHaveValue('王五');
  await nextStep(page);
  const review = wizard.getByTestId('wizard-review');
  await expect(review).toContainText('退货');
  await expect(review).toContainText('质量问题');
  await expect(review).toContainText('客户发货');
  await wizard.getByTestId('wizard-submit').dblclick();

  // The new record at its own page.
  await expect(page).toHaveURL(/\/after-sale\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const detail = page.getByTestId('after-sale-detail');
  await expect(detail).toContainText('质量问题');
  await expect(detail.getByTestId('gallery').getByRole('listitem')).toHaveCount(1);

  // Business time moves on: the supplier agrees and wants the goods back.
  await advance(admin.api, 2 * HOUR);
  await page.reload();
  await expect(detail).toHaveAttribute('data-status', '2');
  await expect(page.getByTestId('seller-address')).toContainText('售后组');
  const mail = page.getByTestId('mail-form');
  await mail.getByRole('button', { name: '提交寄回信息' }).click();
  await expect(mail.getByText('请从列表中选择快递公司。')).toBeVisible();
  await mail.getByRole('combobox', { name: /快递公司/ }).fill('顺丰');
  await page.getByRole('option', { name: /顺丰/ }).first().click();
  await mail.getByLabel(/^运单号/).fill('SF1234567890');
  await mail.getByTestId('voucher-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(mail.getByTestId('voucher-uploaded')).toHaveCount(1);
  const before = await balanceOf(admin.api);
  await mail.getByTestId('mail-submit').click();
  await expect(detail).toHaveAttribute('data-status', '5');
  await expect(page.getByTestId('mailed')).toContainText('SF1234567890');

  // The goods arrive at the supplier a day later; the return is refunded: goods fee + freight.
  await advance(admin.api, 25 * HOUR);
  await page.reload();
  await expect(detail).toHaveAttribute('data-status', '3');
  expect(await balanceOf(admin.api)).toBe(before + line.price + line.freight);
  const steps = page.getByTestId('after-sale-timeline').locator('li');
  await expect(steps).toHaveCount(8);
  expect(await steps.evaluateAll((li) => li.map((l) => `${l.getAttribute('data-step')}:${l.getAttribute('data-state')}`))).toEqual([
    'applied:done',
    'reviewed:done',
    'agreed:done',
    'awaitingMail:done',
    'mailed:done',
    'received:done',
    'refunded:done',
    'closed:done',
  ]);

  // The list shows it in words, and the double click made one request.
  await page.goto(`/after-sale?order=${line.thirdSn}&sku=${line.sku}`);
  await expect(page.getByTestId('after-sale-row')).toHaveCount(1);
  await expect(page.getByTestId('after-sale-row')).toHaveAttribute('data-id', String(id));
  await expect(page.getByTestId('after-sale-row')).toContainText('已完成');
  await admin.close();
});
