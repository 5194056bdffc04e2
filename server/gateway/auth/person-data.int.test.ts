import { beforeEach, describe, expect, it } from 'vitest';
import { bffAs, signIn } from '../../../test/bff-client';

const deps = { upstream: { baseUrl: 'http://127.0.0.1:9', appKey: 'k', appSecret: 's', timeoutMs: 1000 }, mode: 'sandbox' as const };

const line = (sku: number, over: Record<string, unknown> = {}) => ({
  sku,
  goodsId: 100 + sku,
  number: 2,
  price: 1250,
  title: `商品 ${sku}`,
  spec: '红色 / L',
  source: 1,
  cover: `/images/goods/${100 + sku}.svg`,
  addedAt: 1_700_000_000,
  ...over,
});
const address = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  consignee: '张三',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  street: '文三路',
  description: '100号',
  ...over,
});

let g: Awaited<ReturnType<typeof bffAs>>;
beforeEach(async () => {
  g = await bffAs(deps, 'merchant');
});

const put = (path: string, body: unknown, cookie?: string) =>
  g.bff.app.request(path, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: cookie ?? g.cookie },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const get = async (path: string, cookie?: string) => {
  const res = await g.bff.app.request(path, { headers: { cookie: cookie ?? g.cookie } });
  return { status: res.status, body: (await res.json()) as any };
};

describe('/bff/me/cart', () => {
  it('starts empty, keeps what was put, and belongs to one person', async () => {
    expect(await get('/me/cart')).toEqual({ status: 200, body: { lines: [] } });
    const res = await put('/me/cart', { lines: [line(1), line(2, { source: 2 })] });
    expect(res.status).toBe(200);
    const back = await get('/me/cart');
    expect(back.body.lines.map((l: { sku: number }) => l.sku)).toEqual([1, 2]);
    expect(back.body.lines[1].source).toBe(2);

    const other = await signIn(g.bff, 'merchant');
    expect((await get('/me/cart', other)).body).toEqual({ lines: [] });
  });

  it('refuses bad carts with a sentence naming the field, and changes nothing', async () => {
    await put('/me/cart', { lines: [line(1)] });
    const cases: [unknown, RegExp][] = [
      [{ lines: [line(1, { number: 0 })] }, /lines\.0\.number: number must be at least 1/],
      [{ lines: [line(1, { number: 10_000 })] }, /lines\.0\.number/],
      [{ lines: [line(1, { price: -5 })] }, /lines\.0\.price/],
      [{ lines: [line(1), line(1)] }, /each SKU may appear once/],
      [{ lines: Array.from({ length: 101 }, (_, i) => line(i + 1)) }, /at most 100 lines/],
      [{ lines: [line(1, { title: 'x'.repeat(201) })] }, /lines\.0\.title: at most 200 characters/],
      [{ lines: [{ ...line(1), extra: true }] }, /unknown field extra/],
      ['{not json', /not valid JSON/],
    ];
    for (const [body, msg] of cases) {
      const res = await put('/me/cart', body);
      const json = (await res.json()) as { msg: string; gateway: { reason: string } };
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(json.gateway.reason).toBe('invalid_input');
      expect(json.msg).toMatch(msg);
    }
    expect((await get('/me/cart')).body.lines).toEqual([line(1)]);
  });

  it('refuses a body over 64 kB', async () => {
    const res = await put('/me/cart', JSON.stringify({ lines: [], pad: 'x'.repeat(70 * 1024) }));
    expect(res.status).toBe(413);
  });

  it('needs a session, and a role that places orders', async () => {
    expect((await g.bff.app.request('/me/cart')).status).toBe(401);
    const support = await signIn(g.bff, 'support');
    const res = await get('/me/cart', support);
    expect(res.status).toBe(403);
    expect(res.body.gateway.reason).toBe('forbidden');
    expect((await put('/me/cart', { lines: [] }, support)).status).toBe(403);
    for (const role of ['manager', 'admin'] as const) expect((await get('/me/cart', await signIn(g.bff, role))).status).toBe(200);
  });
});

describe('/bff/me/addresses', () => {
  it('saves mobiles and landlines, refuses other phones and a book over 20', async () => {
    const book = { list: [address('a1'), address('a2', { phone: '0571-88886666' }), address('a3', { phone: '010 12345678' })] };
    expect((await put('/me/addresses', book)).status).toBe(200);
    expect((await get('/me/addresses')).body).toEqual(book);

    for (const phone of ['12345', '12800138000', '138001380001', '571-88886666', 'abc']) {
      const res = await put('/me/addresses', { list: [address('a1', { phone })] });
      expect(res.status, phone).toBe(400);
      expect(((await res.json()) as { msg: string }).msg).toMatch(/list\.0\.phone: phone must be a mainland mobile/);
    }
    const missing = await put('/me/addresses', { list: [address('a1', { province: '' })] });
    expect(((await missing.json()) as { msg: string }).msg).toMatch(/province is required/);
    const many = await put('/me/addresses', { list: Array.from({ length: 21 }, (_, i) => address(`x${i}`)) });
    expect(((await many.json()) as { msg: string }).msg).toMatch(/at most 20 addresses/);
    const dup = await put('/me/addresses', { list: [address('a1'), address('a1')] });
    expect(dup.status).toBe(400);
    expect((await get('/me/addresses')).body).toEqual(book);
  });
});

describe('/bff/me/checkout', () => {
  it('makes one merchant order number per draft, keeps it on every read and write, and a new one after closing', async () => {
    const first = await get('/me/checkout');
    expect(first.body.orderSn).toMatch(/^SD\d{14}[0-9a-f]{8}$/);
    expect((await get('/me/checkout')).body.orderSn).toBe(first.body.orderSn);

    const saved = await put('/me/checkout', { address: { consignee: '李四', phone: '0' }, strictMode: true });
    const body = (await saved.json()) as { orderSn: string; address: { consignee: string }; strictMode: boolean };
    expect(body.orderSn).toBe(first.body.orderSn);
    expect(body.address.consignee).toBe('李四');
    expect((await get('/me/checkout')).body).toMatchObject({ orderSn: first.body.orderSn, strictMode: true });

    // The number is the gateway's: the browser cannot set it.
    const forged = await put('/me/checkout', { orderSn: 'SDforged0001' });
    expect(forged.status).toBe(400);

    // A stale tab closing an older number leaves the open draft alone.
    await g.bff.app.request('/me/checkout?orderSn=SD00000000000000deadbeef', { method: 'DELETE', headers: { cookie: g.cookie } });
    expect((await get('/me/checkout')).body.orderSn).toBe(first.body.orderSn);
    await g.bff.app.request(`/me/checkout?orderSn=${first.body.orderSn}`, { method: 'DELETE', headers: { cookie: g.cookie } });
    const next = await get('/me/checkout');
    expect(next.body.orderSn).not.toBe(first.body.orderSn);
    expect(next.body.address).toBeUndefined();
  });

  it('gives two tabs asking at once the same number', async () => {
    const [a, b] = await Promise.all([get('/me/checkout'), get('/me/checkout')]);
    expect(a.body.orderSn).toBe(b.body.orderSn);
  });
});
