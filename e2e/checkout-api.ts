import { expect, type Locator, type Page } from '@playwright/test';

/** Calls one upstream operation through the gateway with the page's session, as the SPA does. */
export async function op<T = any>(page: Page, id: string, input: unknown): Promise<T> {
  const res = await page.request.post(`/bff/op/${id}`, { data: input });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${id}: ${body.msg}`).toBe(1);
  return body.data;
}

export interface Pick {
  goodsId: number;
  sku: number;
  source: number;
  price: number;
  title: string;
  spec: string;
  cover: string;
  stock: number;
}

export const BANNING = ['新疆维吾尔自治区', '西藏自治区', '青海省', '海南省'] as const;

const address = (province: string) => ({
  consignee: '测试',
  phone: '13800138000',
  province,
  city: '某市',
  area: '某区',
  street: '某街道',
  description: '1 号',
});

/** On-sale goods with stock at most ¥300, first SKU with stock each, from a few pages of the catalogue. */
export async function candidates(page: Page, pages = 4): Promise<Pick[]> {
  const out: Pick[] = [];
  for (let p = 1; p <= pages; p++) {
    const list = await op<{ list: { id: number }[] }>(page, 'selection.online', {
      page: p,
      limit: 50,
      agreement_price: { to: 300 },
    });
    if (!list.list.length) break;
    const details = await op<any[]>(page, 'goods.bulkDetail', { ids: list.list.map((g) => g.id).join(',') });
    for (const g of details) {
      const o = g.status === 1 ? g.specs.options.find((x: any) => x.stock >= 10 && x.agreement_price <= 30_000) : undefined;
      if (o)
        out.push({
          goodsId: g.id,
          sku: o.id,
          source: g.source,
          price: o.agreement_price,
          title: g.title,
          spec: o.spec_value_names,
          cover: g.cover,
          stock: o.stock,
        });
    }
  }
  return out;
}

/**
 * A province among those the sandbox bans some goods in, with two goods of two channels that may go
 * there and one that may not (with the supplier's reason), all found through the API.
 */
export async function banCase(page: Page) {
  const pool = await candidates(page);
  for (const province of BANNING) {
    for (let i = 0; i < pool.length; i += 100) {
      const chunk = pool.slice(i, i + 100);
      const items = await op<{ skus: number[]; unsellable?: { sku: number; reason: string }[] }[]>(page, 'order.beforeCheck', {
        spu: chunk.map((c) => ({ sku: c.sku, number: 1, price: c.price })),
        address: address(province),
      });
      const ok = new Set(items.flatMap((it) => it.skus));
      const bannedSku = items.flatMap((it) => it.unsellable ?? []).find((u) => u.reason.includes('不支持配送'))?.sku;
      const a = chunk.find((c) => ok.has(c.sku));
      const b = a && chunk.find((c) => ok.has(c.sku) && c.source !== a.source);
      const banned = chunk.find((c) => c.sku === bannedSku);
      if (a && b && banned) return { province, a, b, banned };
    }
  }
  throw new Error('no province with a banned product among the candidates');
}

/** Empties the merchant's cart (the cart lives on the gateway, per person). */
export async function setCart(page: Page, lines: (Pick & { number?: number })[]) {
  const res = await page.request.put('/bff/me/cart', {
    data: {
      lines: lines.map((l) => ({
        sku: l.sku,
        goodsId: l.goodsId,
        number: l.number ?? 1,
        price: l.price,
        title: l.title.slice(0, 200),
        spec: l.spec.slice(0, 200),
        source: l.source,
        cover: l.cover,
        addedAt: 1_700_000_000,
      })),
    },
  });
  expect(res.status()).toBe(200);
}

/** Orders whose merchant number is `thirdSn`. */
export async function ordersWithThirdSn(page: Page, thirdSn: string) {
  const data = await op<{ list: { sn: string; thirdSn: string }[]; total: number }>(page, 'order.list', {
    search: { page: 1, limit: 10, thirdSn },
  });
  return data.list.filter((o) => o.thirdSn === thirdSn);
}

export async function orderTotal(page: Page) {
  return (await op<{ total: number }>(page, 'order.list', { search: { page: 1, limit: 1 } })).total;
}

/** Fills an address form (checkout's, or one that reuses it) with a region picked from the division list. */
export async function fillAddress(page: Page | Locator, province: string) {
  await page.getByLabel(/^(收货人|Consignee)/).fill('王小明');
  await page.getByLabel(/^(联系电话|Phone)/).fill('13912345678');
  await page.getByLabel(/^(省份|Province)/).selectOption(province);
  const city = page.getByLabel(/^(城市|City)/);
  await expect(city).toBeEnabled();
  await city.selectOption({ index: 1 });
  const area = page.getByLabel(/^(区县|District)/);
  await expect(area).toBeEnabled();
  await area.selectOption({ index: 1 });
  await page.getByLabel(/^(街道|Street)/).fill('人民路');
  await page.getByLabel(/^(详细地址|Building)/).fill('8 号 2 单元 301');
}
