import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { roleContext } from './sign-in';

/*
 * The set-up of the after-sale e2e tests, done the way people of the other roles would do it, over
 * the gateway with their own sessions: an admin places the order and moves the sandbox's business
 * clock (the clock control of the orders desk calls the same route).
 */

export const ADDRESS = {
  consignee: '王五',
  phone: '13700137000',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  street: '文三路',
  description: '478 号 3 楼',
};

export async function op(api: APIRequestContext, id: string, input: unknown) {
  const res = await api.post(`/bff/op/${id}`, { data: input });
  const body = await res.json();
  expect(body.code, `${id}: ${JSON.stringify(body)}`).toBe(1);
  return body.data;
}

/** An admin in a browser context of their own (the saved session; no page open, so no live stream). */
export async function adminSession(browser: Browser) {
  const context = await roleContext(browser, 'admin');
  return { api: context.request, close: () => context.close() };
}

/** Moves the sandbox's business clock through the gateway (managers and admins). */
export async function advance(api: APIRequestContext, seconds: number) {
  const res = await api.post('/bff/sandbox/clock', { data: { advanceSeconds: seconds } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(1);
}

export interface PlacedLine {
  thirdSn: string;
  sn: string;
  lineSn: string;
  sku: number;
  price: number;
  freight: number;
  name: string;
}

let seq = 0;
/** An order of one unit of an on-sale SKU that ships with a charge, placed by the admin. */
export async function placeOrder(api: APIRequestContext, offset = 0): Promise<PlacedLine> {
  const list = await op(api, 'selection.online', { page: 1, limit: 50, is_free_shipping: 0 });
  const goods = (list.list as { id: number; status: number; stock: number }[]).filter((g) => g.status === 1 && g.stock > 5);
  for (const g of goods.slice(offset)) {
    const detail = await op(api, 'goods.detail', { id: g.id });
    const sku = (detail.specs?.options ?? []).find((o: { stock: number; status?: number }) => o.stock > 5 && o.status !== 0);
    if (!sku) continue;
    const thirdSn = `E2EAS${Date.now()}${++seq}`;
    const res = await api.post('/bff/op/order.submit', {
      data: { orderSn: thirdSn, spu: [{ sku: sku.id, number: 1, price: sku.agreement_price }], address: ADDRESS, strictMode: true },
    });
    if ((await res.json()).code !== 1) continue;
    const order = (await op(api, 'order.list', { search: { page: 1, limit: 1, thirdSn } })).list[0];
    const child = order.children[0];
    return {
      thirdSn,
      sn: order.sn,
      lineSn: child.goods[0].sn,
      sku: sku.id,
      price: child.goods[0].price,
      freight: child.logisticFee,
      name: child.goods[0].name,
    };
  }
  throw new Error('no sellable SKU found');
}

/** A small real PNG (a 2×2 picture), as a phone would attach it. */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000001049444154789c63f8cfc000440c100a001fee03fd8b5f14d40000000049454e44ae426082',
  'hex',
);

export const balanceOf = async (api: APIRequestContext) => (await op(api, 'account.balance', {})).balance as number;

/** The wizard's "next" in Chinese (the e2e browser's language). */
export const nextStep = (page: Page) => page.getByRole('button', { name: '下一步' }).click();
