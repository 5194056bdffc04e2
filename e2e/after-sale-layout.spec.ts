import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { signIn } from './sign-in';
import { newLocalePage, pageProblems } from './page-checks';
import { adminSession, advance, op, placeOrder, TINY_PNG, type PlacedLine } from './after-sale-fixtures';

/*
 * Every after-sale page, drawer and dialog at desktop and phone size, in both languages and both
 * themes: no critical or serious axe violation, nothing wider than the window, no raw text keys.
 * Screenshots land in test-results/after-sale/ for people to look at.
 */
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const RUNS = [
  { locale: 'zh-CN', theme: 'light' },
  { locale: 'en', theme: 'dark' },
  { locale: 'en', theme: 'light' },
  { locale: 'zh-CN', theme: 'dark' },
] as const;
const shots = 'test-results/after-sale';
mkdirSync(shots, { recursive: true });

let agreedId = 0;
let line: PlacedLine;
/** A second delivered line with nothing asked yet, for the wizard. */
let open: PlacedLine;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await adminSession(browser);
  line = await placeOrder(admin.api, 3);
  open = await placeOrder(admin.api, 4);
  await advance(admin.api, 23 * 3600);
  const { urls } = await op(admin.api, 'afterSale.picture', {
    orderSn: line.thirdSn,
    sku: line.sku,
    pictures: [TINY_PNG.toString('base64'), TINY_PNG.toString('base64')],
  });
  const { id } = await op(admin.api, 'afterSale.apply', {
    orderSn: line.thirdSn,
    sku: line.sku,
    num: 1,
    goodsFee: line.price,
    logisticFee: line.freight,
    serviceTypeCode: '10',
    pickTypeCode: '40',
    packageTypeCode: '10',
    returnTypeCode: '10',
    reasonsTypeCode: '10002',
    reasonsDescription: '颜色与图片不符，客户要求退货',
    vouchers: urls,
    userInfo: {
      consignee: '王五',
      phone: '13700137000',
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      street: '文三路',
      description: '478 号',
    },
  });
  agreedId = id;
  await advance(admin.api, 2 * 3600);
  await admin.close();
});

for (const run of RUNS) {
  for (const size of SIZES) {
    test(`after-sale · ${size.name} · ${run.locale} · ${run.theme}: pages, drawer and dialogs pass axe and fit`, async ({ browser }) => {
      test.setTimeout(120_000);
      const zh = run.locale === 'zh-CN';
      const page = await newLocalePage(browser, size, run.locale, run.theme);
      await signIn(page, 'support');
      const problems: string[] = [];
      const check = async (name: string) => {
        await page.waitForTimeout(350); // transitions settle
        await page.screenshot({ path: `${shots}/${size.name}-${run.locale}-${run.theme}-${name}.png`, fullPage: true });
        problems.push(...(await pageProblems(page)).map((p) => `${name}: ${p}`));
      };

      await page.goto('/after-sale');
      await expect(page.getByTestId('after-sale-row').first()).toBeVisible();
      await check('list');

      await page.goto(`/after-sale?afterSale=${agreedId}`);
      const drawer = page.getByTestId('after-sale-detail');
      await expect(drawer.getByTestId('mail-form')).toBeVisible();
      await check('drawer');
      await drawer.getByTestId('gallery').getByRole('listitem').first().click();
      await expect(page.getByRole('dialog').last().locator('img')).toBeVisible();
      await check('gallery');
      await page.keyboard.press('Escape');

      await page.goto(`/after-sale/${agreedId}`);
      await expect(page.getByTestId('mail-form')).toBeVisible();
      await page.getByTestId('mail-submit').click();
      await expect(page.getByText(zh ? '请从列表中选择快递公司。' : 'Choose a courier from the list.')).toBeVisible();
      await check('detail-page');

      await page.goto('/after-sale');
      await page.getByRole('button', { name: zh ? '新建申请' : 'New request' }).click();
      const finder = page.getByRole('dialog');
      await finder.getByLabel(zh ? /^订单号/ : /^Order number/).fill(open.thirdSn);
      await finder.getByRole('button', { name: zh ? '查找' : 'Find' }).click();
      await expect(finder.getByTestId('found-line')).toHaveCount(1);
      await check('new-request');
      await finder.getByTestId('after-sale-entry').click();
      const wizard = page.getByRole('dialog', { name: zh ? /售后申请/ : /After-sale request/ });
      await expect(wizard.getByRole('radio').first()).toBeVisible();
      await check('wizard-what');
      await wizard.getByRole('radio').first().check();
      await wizard.getByRole('button', { name: zh ? '下一步' : 'Next' }).click();
      await wizard.getByRole('radio').first().check();
      await wizard.getByRole('button', { name: zh ? '下一步' : 'Next' }).click();
      await wizard.getByRole('button', { name: zh ? '下一步' : 'Next' }).click();
      await check('wizard-why-errors');
      const next = () => wizard.getByRole('button', { name: zh ? '下一步' : 'Next' }).click();
      await wizard
        .getByRole('textbox')
        .first()
        .fill(zh ? '屏幕有划痕' : 'Scratched screen');
      await next();
      // The customer ships it (door pick-up would ask for a time).
      await wizard.getByRole('combobox').first().click();
      await page.getByRole('option').nth(1).click();
      await check('wizard-how');
      await wizard.getByRole('combobox').nth(1).click();
      await page.getByRole('option').nth(1).click();
      await next();
      await expect(wizard.getByRole('textbox').first()).toBeVisible();
      await check('wizard-amount');
      await wizard.getByRole('textbox').nth(1).fill('99999');
      await next();
      await expect(wizard.getByText(zh ? /最多 ¥/ : /At most ¥/).first()).toBeVisible();
      await check('wizard-amount-error');
      await wizard.getByRole('textbox').nth(1).fill('1');
      await next();
      await expect(wizard.getByTestId('voucher-drop')).toBeVisible();
      await check('wizard-vouchers');
      expect(problems, problems.join('\n')).toEqual([]);
      await page.context().close();
    });
  }
}
