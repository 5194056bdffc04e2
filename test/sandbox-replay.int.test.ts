import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { TEST_KEY, TEST_SECRET, startSandbox, type SandboxHarness } from './harness';

/**
 * Requests in the exact shapes the SDK clients send (upstream-api.md §2.3), written byte for byte to
 * a socket and signed here, independently of the project's signing code, the way each SDK signs.
 */

let h: SandboxHarness;
let port: number;
beforeAll(async () => {
  h = await startSandbox({ goods: 300 });
  port = Number(new URL(h.sandboxUrl).port);
});
afterAll(() => h.close());

const sha1 = (s: string) => createHash('sha1').update(s, 'utf8').digest('hex');
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

type Sdk = 'php' | 'go' | 'java';
let tick = 0;
/** Api-* headers as each SDK makes them: PHP strips spaces from the body, Go \s from the body, Java \s from everything. */
function signed(sdk: Sdk, params: Record<string, string>, signedBody: string) {
  const ts = String(Date.now() + ++tick);
  const nonce =
    sdk === 'php' ? md5(TEST_KEY + ts) : sdk === 'java' ? md5(TEST_KEY + Math.random()).toUpperCase() : String(process.hrtime.bigint());
  const map: Record<string, string> = { ...params, 'Api-App-Key': TEST_KEY, 'Api-Nonce': nonce, 'Api-Time-Stamp': ts };
  const keys = Object.keys(map).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const head = keys.map((k) => k + map[k]).join('');
  let s: string;
  if (sdk === 'php') s = head + TEST_SECRET + signedBody.replace(/ /g, '');
  else if (sdk === 'go') s = head + TEST_SECRET + signedBody.replace(/\s/g, '');
  else s = (head + TEST_SECRET + signedBody).replace(/\s/g, '');
  return { 'Api-App-Key': TEST_KEY, 'Api-Time-Stamp': ts, 'Api-Nonce': nonce, 'Api-Sign': md5(sha1(s)).toUpperCase() };
}

/** Writes the request as given and reads the answer until the server closes the connection. */
function send(head: string, body = ''): Promise<{ status: number; json: any }> {
  const bytes = Buffer.concat([
    Buffer.from(
      `${head}Host: 127.0.0.1:${port}\r\nConnection: close\r\n${body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : ''}\r\n`,
    ),
    Buffer.from(body, 'utf8'),
  ]);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [rawHead, ...rest] = text.split('\r\n\r\n');
      let payload = rest.join('\r\n\r\n');
      if (/transfer-encoding:\s*chunked/i.test(rawHead!)) {
        let out = '';
        let buf = Buffer.from(payload, 'utf8');
        for (;;) {
          const nl = buf.indexOf('\r\n');
          const size = parseInt(buf.subarray(0, nl).toString(), 16);
          if (!size) break;
          out += buf.subarray(nl + 2, nl + 2 + size).toString('utf8');
          buf = buf.subarray(nl + 2 + size + 2);
        }
        payload = out;
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(rawHead!)![1]), json: JSON.parse(payload) });
    });
  });
}

const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');

/** PHP's json_encode: non-ASCII as \uXXXX, "/" as "\/". */
const phpJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/\//g, '\\/');
/** Gson: = < > & ' as \u003d \u003c \u003e \u0026 \u0027; other characters as they are. */
const gsonJson = (v: unknown) => JSON.stringify(v).replace(/[=<>&']/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function sellable(n: number) {
  return h.sandbox.db
    .prepare(
      `SELECT s.id AS sku, s.agreement_price AS price, g.id AS goods FROM sku_options s JOIN goods g ON g.id = s.goods_id
        WHERE g.status = 1 AND s.stock > 20 AND g.id NOT IN (SELECT goods_id FROM goods_bans)
          AND s.id = (SELECT min(id) FROM sku_options WHERE goods_id = g.id) ORDER BY g.id LIMIT ?`,
    )
    .all(n) as { sku: number; price: number; goods: number }[];
}

const address = {
  consignee: '张三',
  phone: '13800138000',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  street: '文三路',
  description: '3号楼/301 室',
};

describe('PHP client (stbz-supply/php-sdk, hyperf clone)', () => {
  it('GET with business params and the Api-* values repeated in the query', async () => {
    const [g] = sellable(1);
    const api = signed('php', { id: String(g!.goods) }, '');
    const query = new URLSearchParams({ id: String(g!.goods), ...api }).toString();
    const r = await send(`GET /v2/Goods/Detail?${query} HTTP/1.1\r\nContent-Type: application/json\r\n${headerLines(api)}`);
    expect(r.status).toBe(200);
    expect(r.json.code, r.json.msg).toBe(1);
    expect(r.json.data.id).toBe(g!.goods);
  });

  it('GET + body with \\uXXXX escapes, an escaped slash and spaces (signed with the spaces removed)', async () => {
    const [a, b] = sellable(2);
    const body = phpJson({
      spu: [
        { sku: a!.sku, number: 1 },
        { sku: b!.sku, number: 2 },
      ],
      address,
    });
    expect(body).toContain('\\u5f20\\u4e09');
    expect(body).toContain('\\/');
    expect(body).toContain(' ');
    const api = signed('php', {}, body);
    const query = new URLSearchParams(api).toString();
    const r = await send(`GET /v2/order/availableCheck?${query} HTTP/1.1\r\nContent-Type: application/json\r\n${headerLines(api)}`, body);
    expect(r.json.code, r.json.msg).toBe(1);
    expect(r.json.data.flatMap((x: { available: number[] }) => x.available).sort()).toEqual([a!.sku, b!.sku].sort());
  });

  it('submits an order whose escaped address arrives decoded', async () => {
    const [a] = sellable(1);
    const body = phpJson({ orderSn: 'PHP-REPLAY-1', spu: [{ sku: a!.sku, number: 1 }], address, strictMode: true });
    const api = signed('php', {}, body);
    const r = await send(`POST /v2/order HTTP/1.1\r\nContent-Type: application/json\r\n${headerLines(api)}`, body);
    expect(r.json.code, r.json.msg).toBe(1);
    const list = await h.upstream('GET', '/v2/order', { body: JSON.stringify({ search: { thirdSn: 'PHP-REPLAY-1', page: 1, limit: 5 } }) });
    expect(list.body.data.list[0].address).toEqual(address);
  });

  it('[] bodies: POST GetSource, GET + body balance and GetBulkGoodsMessage', async () => {
    for (const [method, path] of [
      ['POST', '/v2/GetSource'],
      ['GET', '/v2/account/application/balance'],
    ] as const) {
      const api = signed('php', {}, '[]');
      const r = await send(`${method} ${path} HTTP/1.1\r\nContent-Type: application/json\r\n${headerLines(api)}`, '[]');
      expect(r.json.code, `${path}: ${r.json.msg}`).toBe(1);
    }
    const [g] = sellable(1);
    const body = phpJson({ goodsIds: String(g!.goods) });
    const api = signed('php', {}, body);
    const r = await send(`GET /v2/Goods/GetBulkGoodsMessage HTTP/1.1\r\nContent-Type: application/json\r\n${headerLines(api)}`, body);
    expect(r.json.code, r.json.msg).toBe(1);
    expect(r.json.data).toEqual([String(g!.goods)]);
  });
});

describe('Go clients (stbz-supply/go-sdk, stbz-sdk-golang)', () => {
  it('a GET to a URL ending in "?" with a {} body signed over an empty body', async () => {
    const api = signed('go', {}, '');
    const r = await send(`GET /v2/account/application/balance? HTTP/1.1\r\nContent-Type: application/json\r\n${headerLines(api)}`, '{}');
    expect(r.json.code, r.json.msg).toBe(1);
    expect(Number.isInteger(r.json.data.balance)).toBe(true);
  });

  it('a GET with QueryEscape-d params (Chinese search words) and no body', async () => {
    const word = (h.sandbox.db.prepare('SELECT title FROM goods WHERE status = 1 ORDER BY id LIMIT 1').get() as { title: string }).title
      .split(' ')[1]!
      .slice(0, 2);
    const params = { limit: '10', page: '1', search_words: word, source: '0' };
    const api = signed('go', params, '');
    const query = Object.entries(params)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('&');
    const r = await send(`GET /v2/Goods/Lists?${query} HTTP/1.1\r\n${headerLines(api)}`);
    expect(r.json.code, r.json.msg).toBe(1);
    expect(r.json.data.list.length).toBeGreaterThan(0);
    for (const item of r.json.data.list) expect(item.title).toContain(word);
  });

  it('a POST with its keys sorted (encoding/json of a map)', async () => {
    const body = JSON.stringify({ limit: 10, page: 1, promotion_rate: { from: 10, to: 50 } });
    const api = signed('go', {}, body);
    const r = await send(`POST /v2/GoodsStorage/NewList HTTP/1.1\r\nContent-Type: application/json\r\n${headerLines(api)}`, body);
    expect(r.json.code, r.json.msg).toBe(1);
    for (const item of r.json.data.list) expect(item.rate).toBeGreaterThanOrEqual(10);
  });
});

describe('Java client (stbzJavaSDK)', () => {
  const javaHeaders = 'Content-Type: application/json\r\nCharset: UTF-8\r\nAccept: application/json\r\nAccept-Charset: utf-8\r\n';

  it("a POST with Charset/Accept headers and Gson escapes of = < > & '", async () => {
    const [a] = sellable(1);
    const odd = { ...address, consignee: "<A&B='C'>", description: "x=1 <2> & '3'" };
    const body = gsonJson({ orderSn: 'JAVA-REPLAY-1', spu: [{ sku: a!.sku, number: 1 }], address: odd, strictMode: true });
    expect(body).toContain('\\u003cA\\u0026B\\u003d\\u0027C\\u0027\\u003e');
    const api = signed('java', {}, body);
    const check = await send(
      `POST /v2/order/beforeCheck HTTP/1.1\r\n${javaHeaders}${headerLines(api)}`,
      gsonJson({ spu: [{ sku: a!.sku, number: 1 }], address: odd }),
    );
    // That one was signed over the other body: refused, proving the sign covers the escaped bytes.
    expect(check.json.code).toBe(0);
    const api2 = signed('java', {}, body);
    const r = await send(`POST /v2/order HTTP/1.1\r\n${javaHeaders}${headerLines(api2)}`, body);
    expect(r.json.code, r.json.msg).toBe(1);
    const list = await h.upstream('GET', '/v2/order', {
      body: JSON.stringify({ search: { thirdSn: 'JAVA-REPLAY-1', page: 1, limit: 5 } }),
    });
    expect(list.body.data.list[0].address).toEqual(odd);
  });

  it('a GET with unencoded query values and doubles written as 10.0', async () => {
    const params = { limit: '20', page: '1', range_from: '10.0', range_to: '80.0', range_type: 'agreement_price', source: '2' };
    const api = signed('java', params, '');
    const query = Object.entries(params)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const r = await send(`GET /v2/Goods/Lists?${query} HTTP/1.1\r\n${javaHeaders}${headerLines(api)}`);
    expect(r.json.code, r.json.msg).toBe(1);
    expect(r.json.data.list.length).toBeGreaterThan(0);
    for (const item of r.json.data.list) {
      expect(item.source).toBe(2);
      expect(item.agreement_price).toBeGreaterThanOrEqual(1000);
      expect(item.agreement_price).toBeLessThanOrEqual(8000);
    }
  });

  it('GET with an entity (HttpGetWithEntity) and {} for an empty map', async () => {
    const body = gsonJson({ search: { page: 1, limit: 10 } });
    const api = signed('java', {}, body);
    const r = await send(`GET /v2/order HTTP/1.1\r\n${javaHeaders}${headerLines(api)}`, body);
    expect(r.json.code, r.json.msg).toBe(1);
    expect(typeof r.json.data.total).toBe('number');
    const api2 = signed('java', {}, '{}');
    const sources = await send(`POST /v2/GetSource HTTP/1.1\r\n${javaHeaders}${headerLines(api2)}`, '{}');
    expect(sources.json.code, sources.json.msg).toBe(1);
    expect(sources.json.data.map((s: { id: number }) => s.id)).toEqual([1, 2, 6, 7]);
  });
});
