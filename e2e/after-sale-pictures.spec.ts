import { expect, test } from '@playwright/test';
import { stateOf } from './sign-in';
import { nextStep } from './after-sale-fixtures';
import { afterSaleData } from './after-sale-data';

test.use({ storageState: stateOf('support') });

test('a 5 MB photo is compressed in the browser and accepted; a PDF and a text file named fake.png are refused with a sentence and nothing is uploaded', async ({
  page,
}) => {
  // Making and compressing a 5 MB picture in the browser takes a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  // A delivered line with nothing asked, placed by e2e/after-sale.setup.ts.
  const line = afterSaleData().pictures;

  const uploads: number[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/bff/op/afterSale.picture')) uploads.push((r.postData() ?? '').length);
  });

  // A noisy 1800×1200 photo as a camera writes it: a PNG of about 5 MB, made by the browser itself.
  await page.goto('/after-sale');
  const big = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1800;
    canvas.height = 1200;
    const ctx = canvas.getContext('2d')!;
    const img = ctx.createImageData(canvas.width, canvas.height);
    let seed = 7;
    for (let i = 0; i < img.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      img.data[i] = seed & 255;
      img.data[i + 1] = (seed >> 8) & 255;
      img.data[i + 2] = (seed >> 16) & 255;
      img.data[i + 3] = 255;
    }
    ctx.putImageData(img, 0, 0);
    // As base64 (7 MB of text), not as an array of numbers (about 20 MB of JSON to carry out of the page).
    return canvas.toDataURL('image/png').slice('data:image/png;base64,'.length);
  });
  const photo = Buffer.from(big, 'base64');
  expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);

  await page.getByRole('button', { name: '新建申请' }).click();
  const finder = page.getByRole('dialog', { name: '新建售后申请' });
  await finder.getByLabel(/^订单号/).fill(line.sn);
  await finder.getByRole('button', { name: '查找' }).click();
  await finder.getByTestId('after-sale-entry').click();
  const wizard = page.getByRole('dialog', { name: /售后申请/ });
  await wizard.getByRole('radio', { name: '换货' }).check();
  await nextStep(page);
  await wizard.getByRole('radio', { name: /商品与描述不符/ }).check();
  await wizard.getByLabel(/^问题描述/).fill('颜色与图片不符');
  await nextStep(page);
  await wizard.getByRole('combobox', { name: /取件方式/ }).click();
  await page.getByRole('option', { name: '客户发货' }).click();
  await wizard.getByRole('combobox', { name: /包装情况/ }).click();
  await page.getByRole('option', { name: '包装完整' }).click();
  await nextStep(page);
  await nextStep(page);
  await expect(wizard.getByText('该原因需要凭证图片：至少上传一张。')).toBeVisible();

  const input = wizard.getByTestId('voucher-input');
  await input.setInputFiles({
    name: 'invoice.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\n'),
  });
  await expect(wizard.getByText('“invoice.pdf” 不是图片，未上传。')).toBeVisible();
  expect(uploads).toHaveLength(0);
  // Named and declared a PNG, but a text file inside: its bytes decide (issue 48.7).
  await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is a text file named fake.png\n') });
  await expect(wizard.getByText('“fake.png” 名称像图片，但内容不是 PNG、JPEG、GIF 或 WEBP 图片，未上传。')).toBeVisible();
  expect(uploads).toHaveLength(0);
  await expect(wizard.getByTestId('voucher-uploaded')).toHaveCount(0);

  await input.setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer: photo });
  await expect(wizard.getByTestId('voucher-uploaded')).toHaveCount(1, { timeout: 60_000 });
  expect(uploads).toHaveLength(1);
  // What went up is at most 1 MB of picture (base64 is 4/3 of it, plus the JSON around it).
  expect(uploads[0]!).toBeLessThan(Math.ceil((1024 * 1024) / 3) * 4 + 200);
  const src = await wizard.getByTestId('voucher-uploaded').locator('img').getAttribute('src');
  const served = await page.request.get(src!);
  expect(served.status()).toBe(200);
  expect((await served.body()).length).toBeLessThanOrEqual(1024 * 1024);
  await nextStep(page);
  await expect(wizard.getByLabel(/^收货人/)).toBeVisible();
});
