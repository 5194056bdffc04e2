import { expect, type Page } from '@playwright/test';
import { ADDRESS } from './test-address';

/** Calls one operation through the gateway with the browser's own session, as the SPA does. */
export async function op<T = any>(page: Page, id: string, input: unknown): Promise<{ code: number; msg: string; data: T }> {
  const res = await page.request.post(`/bff/op/${id}`, { data: input });
  return (await res.json()) as { code: number; msg: string; data: T };
}

interface Sku {
  id: number;
  stock: number;
  agreement_price: number;
}

/** On-sale SKUs with stock, from the catalogue the person can see: `count` of them, one per product. */
export async function findSkus(page: Page, opts: { count: number; minPrice?: number; source?: number; minStock?: number }) {
  const found: (Sku & { source: number })[] = [];
  for (let p = 1; p <= 10 && found.length < opts.count; p++) {
    const list = await op<{ list: { id: number; status: number; source: number }[] }>(page, 'goods.list', {
      page: p,
      limit: 50,
      source: opts.source ?? 0,
      ...(opts.minPrice ? { range_type: 'agreement_price', range_from: opts.minPrice } : {}),
    });
    expect(list.code, list.msg).toBe(1);
    for (const g of list.data.list) {
      if (found.length >= opts.count) break;
      if (g.status !== 1) continue;
      const d = await op<{ status: number; source: number; specs: { options: Sku[] } }>(page, 'goods.detail', { id: g.id });
      const sku = d.data?.specs.options.find((o) => o.stock >= (opts.minStock ?? 5));
      if (sku) found.push({ ...sku, source: d.data.source });
    }
  }
  expect(found.length).toBe(opts.count);
  return found;
}

export { ADDRESS };

export const newOrderSn = () => `E2E${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Places an order through the gateway (the checkout's operation) and answers its merchant number and the answer. */
export async function submitOrder(
  page: Page,
  spu: { sku: number; number: number }[],
  address: Record<string, string> = ADDRESS,
  /** Beside the supplier's input, what checkout may add: `sale`, what the buyer paid (fen; the gateway keeps it). */
  extra: Record<string, unknown> = {},
) {
  const orderSn = newOrderSn();
  const answer = await op(page, 'order.submit', { orderSn, spu, address, strictMode: true, ...extra });
  return { orderSn, answer };
}

/** The order a merchant number names, as order.list answers it. */
export async function orderByThirdSn(page: Page, thirdSn: string) {
  const list = await op<{ list: { sn: string; status: number; createdTime: number; children: { goods: { sn: string }[] }[] }[] }>(
    page,
    'order.list',
    {
      search: { page: 1, limit: 1, thirdSn },
    },
  );
  expect(list.code, list.msg).toBe(1);
  return list.data.list[0]!;
}
