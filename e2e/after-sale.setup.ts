import { test as setup } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { adminSession, advance, op, placeOrder, TINY_PNG } from './after-sale-fixtures';
import { AFTER_SALE_DATA, type AfterSaleData } from './after-sale-data';

/*
 * The records e2e/after-sale-layout.spec.ts and e2e/after-sale-pictures.spec.ts work on, made once
 * before the tests (the `world-setup` project): an after-sale agreed and waiting for the goods, and
 * two delivered lines with nothing asked yet. The business clock moves here, before the tests that
 * run in parallel start, so those two specs need not move it.
 */
setup('after-sale: an agreed record waiting for the goods, and delivered lines with nothing asked', async ({ browser }) => {
  setup.setTimeout(90_000);
  const admin = await adminSession(browser);
  const line = await placeOrder(admin.api, 3);
  const open = await placeOrder(admin.api, 4);
  const pictures = await placeOrder(admin.api, 2);
  // Shipped after 2 h, delivered 20 h later.
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
  await advance(admin.api, 2 * 3600);
  await admin.close();
  const data: AfterSaleData = { agreedId: id, line, open, pictures };
  writeFileSync(AFTER_SALE_DATA, JSON.stringify(data));
});
