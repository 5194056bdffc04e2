import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type OpId, type Role } from '../contract';
import { bffAs, signIn } from './bff-client';
import { startSandbox, TEST_KEY, TEST_SECRET, type SandboxHarness } from './harness';

/*
 * Every after-sale operation through the gateway to the sandbox, as the after-sale desk calls them:
 * good input answers data of the documented shape, bad input is refused with the field or the
 * supplier's sentence and changes nothing, and each role gets what contract/permissions.ts says.
 */
let sb: SandboxHarness;
let gw: Awaited<ReturnType<typeof bffAs>>;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  sb = await startSandbox({ goods: 300 });
  gw = await bffAs(
    { upstream: { baseUrl: sb.sandboxUrl, appKey: TEST_KEY, appSecret: TEST_SECRET, timeoutMs: 5000 }, mode: 'sandbox' },
    'support',
  );
  cookies.support = gw.cookie;
  for (const role of ['admin', 'manager', 'merchant'] as const) cookies[role] = await signIn(gw.bff, role);
});
afterAll(async () => {
  await sb.close();
});

async function call(role: Role, id: OpId, input: unknown) {
  const res = await gw.bff.app.request(`/op/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies[role] },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: (await res.json()) as any };
}
async function ok(role: Role, id: OpId, input: unknown) {
  const { status, body } = await call(role, id, input);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.code, `${id}: ${body.msg}`).toBe(1);
  if (body.data !== null) expect(operations[id].data.safeParse(body.data).success, id).toBe(true);
  return body.data;
}
async function refused(role: Role, id: OpId, input: unknown, msg: RegExp) {
  const { body } = await call(role, id, input);
  expect(body.code, JSON.stringify(body)).toBe(0);
  expect(body.gateway, 'a refusal of the supplier, not of the gateway').toBeUndefined();
  expect(body.msg).toMatch(msg);
}
async function invalid(role: Role, id: OpId, input: unknown, field: string) {
  const { status, body } = await call(role, id, input);
  expect(status, JSON.stringify(body)).toBe(400);
  expect(body.gateway).toMatchObject({ reason: 'invalid_input', field });
}
const count = () => (sb.sandbox.db.prepare('SELECT count(*) AS n FROM after_sales').get() as { n: number }).n;

const address = {
  consignee: '李四',
  phone: '13900139000',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  street: '文三路',
  description: '1号',
};
let seq = 0;
/** An order placed by an admin (support may not order): one line of `n` units of a charged-freight SKU. */
async function placed(n = 1) {
  const row = sb.sandbox.db
    .prepare(
      `SELECT s.id AS sku, s.agreement_price AS price FROM goods g JOIN sku_options s ON s.goods_id = g.id
        WHERE g.status = 1 AND s.stock >= 20 AND g.is_free_shipping = 0 AND g.id NOT IN (SELECT goods_id FROM goods_bans)
        ORDER BY g.id LIMIT 1 OFFSET ?`,
    )
    .get(seq) as { sku: number; price: number };
  const orderSn = `DESK${Date.now()}${++seq}`;
  await ok('admin', 'order.submit', { orderSn, spu: [{ sku: row.sku, number: n }], address });
  const order = (await ok('admin', 'order.list', { search: { page: 1, limit: 1, thirdSn: orderSn } })).list[0];
  return { orderSn, sku: row.sku, price: row.price, order, child: order.children[0], line: order.children[0].goods[0] };
}
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5b0000000049454e44ae426082',
  'hex',
).toString('base64');

describe('after-sale operations through the gateway', () => {
  it('beforeCheck: the options of a line; bad input named; a line in transit refused with its sentence', async () => {
    const { orderSn, sku, order } = await placed(2);
    const opts = await ok('support', 'afterSale.beforeCheck', { orderSn, sku });
    expect(opts).toMatchObject({ num: 2, serviceType: [{ code: '40', name: '退款' }] });
    // The platform number finds the same line.
    expect((await ok('support', 'afterSale.beforeCheck', { orderSn: order.sn, sku })).num).toBe(2);
    await invalid('support', 'afterSale.beforeCheck', { orderSn, sku: 'abc' }, 'sku');
    await invalid('support', 'afterSale.beforeCheck', { sku }, 'orderSn');
    await refused('support', 'afterSale.beforeCheck', { orderSn: 'NO-SUCH-ORDER', sku }, /订单商品不存在/);
    await sb.advance(3 * 3600);
    await refused('support', 'afterSale.beforeCheck', { orderSn, sku }, /商品运输中/);
  });

  it('apply + list + detail: a refund before shipping; every bad input refused and nothing made', async () => {
    const { orderSn, sku, price } = await placed(2);
    const good = {
      orderSn,
      sku,
      num: 1,
      goodsFee: price,
      logisticFee: 0,
      serviceTypeCode: '40',
      reasonsTypeCode: '20006',
      reasonsDescription: '拍错了',
    };
    const before = count();
    await invalid('support', 'afterSale.apply', { ...good, reasonsDescription: '' }, 'reasonsDescription');
    await invalid('support', 'afterSale.apply', { ...good, goodsFee: -1 }, 'goodsFee');
    await invalid('support', 'afterSale.apply', { ...good, num: 0 }, 'num');
    await invalid('support', 'afterSale.apply', { ...good, vouchers: ['not a url'] }, 'vouchers.0');
    await invalid('support', 'afterSale.apply', { ...good, userInfo: { ...address, phone: '123' } }, 'userInfo.phone');
    await refused('support', 'afterSale.apply', { ...good, num: 3 }, /num 3 超过可申请数量 2/);
    await refused('support', 'afterSale.apply', { ...good, goodsFee: price + 1 }, /goodsFee .* 超过可退商品金额/);
    await refused('support', 'afterSale.apply', { ...good, serviceTypeCode: '10' }, /serviceTypeCode 10 不可用/);
    await refused('support', 'afterSale.apply', { ...good, reasonsTypeCode: '20004' }, /需要上传凭证/);
    await refused('support', 'afterSale.apply', { ...good, reasonsTypeCode: '20005', logisticFee: 100 }, /logisticFee 必须为 0/);
    expect(count()).toBe(before);

    const { id } = await ok('support', 'afterSale.apply', { ...good, userInfo: address });
    expect(count()).toBe(before + 1);
    const rec = await ok('support', 'afterSale.detail', { id });
    expect(rec).toMatchObject({ id, orderSn, sku, num: 1, goodsFee: price, serviceTypeCode: '40', reasonsTypeCode: '20006', status: 1 });
    expect(rec.userInfo).toMatchObject(address);

    // List: both filters or neither; the line's requests only.
    const mine = await ok('support', 'afterSale.list', { page: 1, limit: 10, orderSn, sku });
    expect(mine.list.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await ok('support', 'afterSale.list', { page: 1, limit: 100 })).list.some((r: { id: number }) => r.id === id)).toBe(true);
    await invalid('support', 'afterSale.list', { page: 1, limit: 10, orderSn }, 'sku');
    await invalid('support', 'afterSale.list', { page: 1, limit: 101 }, 'limit');
    await invalid('support', 'afterSale.detail', { id: 0 }, 'id');
    await refused('support', 'afterSale.detail', { id: 987654 }, /售后单不存在/);
  });

  it('picture + apply + mail: a return after delivery, agreed, mailed, received and refunded (goods + freight)', async () => {
    const { orderSn, sku, price, child, line } = await placed(1);
    await sb.advance(3 * 3600);
    await ok('admin', 'logistic.confirm', { goods_sn: line.sn });

    // Pictures: raw base64 of a real picture only, at most 1 MB.
    const { urls } = await ok('support', 'afterSale.picture', { orderSn, sku, pictures: [png] });
    expect(urls).toHaveLength(1);
    await invalid('support', 'afterSale.picture', { orderSn, sku, pictures: [`data:image/png;base64,${png}`] }, 'pictures.0');
    await invalid('support', 'afterSale.picture', { orderSn, sku, pictures: [] }, 'pictures');
    const big = Buffer.concat([Buffer.from('89504e47', 'hex'), Buffer.alloc(1024 * 1024)]).toString('base64');
    await invalid('support', 'afterSale.picture', { orderSn, sku, pictures: [big] }, 'pictures.0');
    // Not a picture by its bytes: the gateway refuses it before the supplier (contract/image-kind.ts).
    await invalid(
      'support',
      'afterSale.picture',
      { orderSn, sku, pictures: [Buffer.from('%PDF-1.4 not a picture').toString('base64')] },
      'pictures.0',
    );

    const apply = {
      orderSn,
      sku,
      num: 1,
      goodsFee: price,
      logisticFee: child.logisticFee,
      serviceTypeCode: '10',
      pickTypeCode: '40',
      packageTypeCode: '10',
      returnTypeCode: '10',
      reasonsTypeCode: '10001',
      reasonsDescription: '屏幕有划痕',
    };
    await refused('support', 'afterSale.apply', apply, /需要上传凭证/);
    await refused(
      'support',
      'afterSale.apply',
      { ...apply, vouchers: urls, logisticFee: child.logisticFee + 1 },
      /logisticFee .* 超过运费/,
    );
    const { id } = await ok('support', 'afterSale.apply', { ...apply, vouchers: urls });
    expect((await ok('support', 'afterSale.detail', { id })).vouchers).toEqual(urls);

    const mail = { id, sn: 'SF1234567890', company: 'SF', description: '已寄出' };
    await refused('support', 'afterSale.mail', mail, /尚未审核通过/);
    await sb.advance(2 * 3600);
    const agreed = await ok('support', 'afterSale.detail', { id });
    expect(agreed).toMatchObject({ status: 2, approvedResult: 1 });
    expect(agreed.sellerInfo.address).not.toBe('');
    await invalid('support', 'afterSale.mail', { ...mail, sn: '' }, 'sn');
    await invalid('support', 'afterSale.mail', { ...mail, company: '' }, 'company');
    await invalid('support', 'afterSale.mail', { ...mail, vouchers: ['nope'] }, 'vouchers.0');
    await refused('support', 'afterSale.mail', { ...mail, company: 'NOPE' }, /物流公司编码无效/);
    const firms = await ok('support', 'logistic.firms', {});
    expect(firms.some((f: { sn: string }) => f.sn === 'SF')).toBe(true);

    const balance = async () => (await ok('admin', 'account.balance', {})).balance as number;
    const start = await balance();
    await ok('support', 'afterSale.mail', { ...mail, vouchers: urls });
    expect(await ok('support', 'afterSale.detail', { id })).toMatchObject({
      status: 5,
      sendData: { company: 'SF', sn: 'SF1234567890', vouchers: urls },
    });
    await refused('support', 'afterSale.mail', mail, /当前不需要填写寄回信息/);
    await sb.advance(25 * 3600);
    expect(await ok('support', 'afterSale.detail', { id })).toMatchObject({ status: 3, refundFee: price + child.logisticFee });
    expect(await balance()).toBe(start + price + child.logisticFee);
  });

  it('roles: managers read, only support and admins apply, upload and mail; merchants see nothing', async () => {
    const { orderSn, sku, price } = await placed(1);
    const input = {
      orderSn,
      sku,
      num: 1,
      goodsFee: price,
      logisticFee: 0,
      serviceTypeCode: '40',
      reasonsTypeCode: '20006',
      reasonsDescription: 'x',
    };
    const before = count();
    for (const role of ['manager', 'merchant'] as const) {
      expect((await call(role, 'afterSale.apply', input)).status).toBe(403);
      expect((await call(role, 'afterSale.picture', { orderSn, sku, pictures: [png] })).status).toBe(403);
      expect((await call(role, 'afterSale.mail', { id: 1, sn: 'SF1234567890', company: 'SF' })).status).toBe(403);
    }
    expect(count()).toBe(before);
    await ok('manager', 'afterSale.beforeCheck', { orderSn, sku });
    const { id } = await ok('admin', 'afterSale.apply', input);
    expect((await ok('manager', 'afterSale.detail', { id })).id).toBe(id);
    expect((await ok('manager', 'afterSale.list', { page: 1, limit: 10, orderSn, sku })).list).toHaveLength(1);
    expect((await call('merchant', 'afterSale.list', { page: 1, limit: 10 })).status).toBe(403);
    expect((await call('merchant', 'afterSale.detail', { id })).status).toBe(403);
  });
});
