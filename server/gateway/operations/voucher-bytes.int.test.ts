import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bffAs, bffOp, signIn } from '../../../test/bff-client';
import { startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from '../../../test/harness';

/*
 * Issue 48.7: a voucher is what its bytes are, not what its file was called. A text file named
 * fake.png is refused by the gateway (400, a sentence) before any call upstream; real PNG, JPEG, GIF
 * and WEBP pictures go through to the sandbox. The upstream calls are counted by a pass-through in
 * front of the sandbox.
 */
let sb: SandboxHarness;
let proxy: Server;
let gw: Awaited<ReturnType<typeof bffAs>>;
let admin: string;
/** Paths of the calls that reached the sandbox through the gateway. */
const calls: string[] = [];
const pictureCalls = () => calls.filter((p) => p.toLowerCase().startsWith('/v2/aftersale/picture')).length;

beforeAll(async () => {
  sb = await startSandbox({ goods: 200 });
  const target = new URL(sb.sandboxUrl);
  proxy = createServer((req, res) => {
    calls.push(req.url ?? '');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void fetch(new URL(req.url ?? '/', target), {
        method: req.method,
        headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length')) as Record<
          string,
          string
        >,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      }).then(async (up) => {
        res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await up.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  gw = await bffAs({ upstream: { baseUrl: url, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 }, mode: 'sandbox' }, 'support');
  admin = await signIn(gw.bff, 'admin');
});
afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((r) => proxy?.close(r));
  await gw?.close();
  await sb?.close();
});

const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');
/** Real one-pixel pictures of each kind the supplier takes. */
const REAL = {
  png: b64(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5b0000000049454e44ae426082',
  ),
  jpeg: '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  gif: 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  webp: 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==',
};

async function placedLine() {
  const row = sb.sandbox.db
    .prepare(
      `SELECT s.id AS sku FROM goods g JOIN sku_options s ON s.goods_id = g.id
        WHERE g.status = 1 AND s.stock >= 20 AND s.agreement_price <= 20000 AND g.id NOT IN (SELECT goods_id FROM goods_bans) ORDER BY g.id LIMIT 1`,
    )
    .get() as { sku: number };
  const orderSn = `VOUCHER${Date.now()}`;
  const address = {
    consignee: '李四',
    phone: '13900139000',
    province: '浙江省',
    city: '杭州市',
    area: '西湖区',
    street: '文三路',
    description: '1号',
  };
  const placed = await bffOp(gw.bff, admin, 'order.submit', { orderSn, spu: [{ sku: row.sku, number: 1 }], address });
  expect(placed.code, placed.msg).toBe(1);
  return { orderSn, sku: row.sku };
}

async function upload(input: unknown) {
  const res = await gw.request('/op/afterSale.picture', { method: 'POST', body: JSON.stringify(input) });
  return { status: res.status, body: (await res.json()) as any };
}

describe('after-sale vouchers are checked by their bytes (issue 48.7)', () => {
  it('refuses a text file named fake.png with 400 and a sentence, and never calls upstream; real pictures go through', async () => {
    const line = await placedLine();
    const before = pictureCalls();
    const fake = Buffer.from('this is a text file that someone named fake.png\n').toString('base64');
    const refused = await upload({ ...line, pictures: [fake] });
    expect(refused.status).toBe(400);
    expect(refused.body.gateway).toMatchObject({ reason: 'invalid_input', field: 'pictures.0' });
    expect(refused.body.msg).toMatch(/PNG, JPEG, GIF or WEBP image \(checked by its bytes, not its name\)/);
    // A real picture beside it does not carry it through: the whole call is refused.
    const mixed = await upload({ ...line, pictures: [REAL.png, fake] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.gateway).toMatchObject({ field: 'pictures.1' });
    // A PDF, and a picture's name inside a text, are not pictures either.
    for (const text of ['%PDF-1.4\n%âãÏÓ\n', 'PNG image 89504e47', 'GIF8']) {
      const r = await upload({ ...line, pictures: [Buffer.from(text).toString('base64')] });
      expect(r.status, text).toBe(400);
    }
    expect(pictureCalls()).toBe(before);
    expect((sb.sandbox.db.prepare('SELECT count(*) AS n FROM vouchers').get() as { n: number }).n).toBe(0);

    for (const [kind, picture] of Object.entries(REAL)) {
      const r = await upload({ ...line, pictures: [picture] });
      expect(r.status, kind).toBe(200);
      expect(r.body.code, `${kind}: ${r.body.msg}`).toBe(1);
      expect(r.body.data.urls, kind).toHaveLength(1);
    }
    expect(pictureCalls()).toBe(before + 4);
    const kinds = sb.sandbox.db.prepare('SELECT mime FROM vouchers ORDER BY id').all() as { mime: string }[];
    expect(kinds.map((k) => k.mime)).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
  });
});
