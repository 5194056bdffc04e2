import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bffAs } from '../../../test/bff-client';
import { gatewayConfigFromEnv } from '../config';
import { ConfigError } from '../../lib/env';
import { startHarness, TEST_KEY, TEST_SECRET, type Harness } from '../../../test/harness';

/** A fake upstream that misbehaves in one chosen way: the gateway must turn each into a sentence. */
function misbehaving(kind: 'hang' | 'html' | 'status500' | 'status503json'): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      req.resume();
      if (kind === 'hang') return; // never answers
      if (kind === 'html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      if (kind === 'status500') return res.writeHead(500).end('boom');
      res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 0, msg: '系统维护中' }));
    });
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}

async function callVia(baseUrl: string, timeoutMs = 400) {
  const gw = await bffAs({ upstream: { baseUrl, appKey: 'k', appSecret: 'super-secret-value', timeoutMs }, mode: 'upstream' });
  const res = await gw.request('/op/source.list', { method: 'POST', body: '{}' });
  const text = await res.text();
  expect(text).not.toContain('super-secret-value');
  return { status: res.status, body: JSON.parse(text) };
}

describe('gateway: failures of the upstream become sentences', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((s) => s.closeAllConnections?.() ?? s.close()));

  it('a timeout', async () => {
    const up = await misbehaving('hang');
    servers.push(up.server);
    const started = Date.now();
    const r = await callVia(up.url, 300);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(r.status).toBe(504);
    expect(r.body).toMatchObject({ code: 0, gateway: { reason: 'timeout' } });
    expect(r.body.msg).toMatch(/did not answer within 0\.3 s/);
  });

  it('a refused connection', async () => {
    const up = await misbehaving('html');
    const url = up.url;
    await new Promise((r) => up.server.close(r));
    const r = await callVia(url);
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ code: 0, gateway: { reason: 'unreachable' } });
    expect(r.body.msg).toMatch(/could not be reached \(ECONNREFUSED\)/);
  });

  it('an answer that is not JSON', async () => {
    const up = await misbehaving('html');
    servers.push(up.server);
    const r = await callVia(up.url);
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ code: 0, gateway: { reason: 'bad_response' } });
  });

  it('a non-200 answer, with and without an envelope', async () => {
    const a = await misbehaving('status500');
    const b = await misbehaving('status503json');
    servers.push(a.server, b.server);
    const r1 = await callVia(a.url);
    expect(r1.body).toMatchObject({ code: 0, gateway: { reason: 'bad_status', status: 500 } });
    expect(r1.body.msg).toBe('The supplier answered with HTTP 500.');
    const r2 = await callVia(b.url);
    expect(r2.body.msg).toBe('The supplier answered with HTTP 503: 系统维护中.');
  });

  it('unknown operations and bodies that are not JSON', async () => {
    const gw = await bffAs({
      upstream: { baseUrl: 'http://127.0.0.1:9', appKey: 'k', appSecret: 's', timeoutMs: 100 },
      mode: 'upstream',
    });
    const r1 = await gw.request('/op/goods.delete', { method: 'POST', body: '{}' });
    expect(r1.status).toBe(404);
    expect((await r1.json()).gateway.reason).toBe('unknown_operation');
    const r2 = await gw.request('/op/goods.detail', { method: 'POST', body: '{id:' });
    expect(r2.status).toBe(400);
    expect(await r2.json()).toMatchObject({ msg: 'The request body is not valid JSON.', gateway: { reason: 'invalid_input' } });
  });
});

describe('sandbox: signature refusals (code 0, msg naming the fault)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ goods: 50 });
  });
  afterAll(() => h.close());

  it('a signed call passes', async () => {
    const r = await h.upstream('GET', '/v2/Goods/Detail', { query: { id: '10001' } });
    expect(r.body.code).toBe(1);
  });

  it.each(['Api-App-Key', 'Api-Time-Stamp', 'Api-Nonce', 'Api-Sign'])('a missing %s header', async (header) => {
    const r = await h.upstream('POST', '/v2/GetSource', { body: '{}', headers: { [header]: '' } });
    expect(r.body).toMatchObject({ code: 0, msg: `必须传递 ${header}` });
  });

  it('a wrong sign, a wrong key, a stale timestamp, a repeated nonce', async () => {
    const wrong = await h.upstream('POST', '/v2/GetSource', { body: '{}', headers: { 'Api-Sign': 'A'.repeat(32) } });
    expect(wrong.body).toMatchObject({ code: 0, msg: 'Api-Sign 签名错误' });
    const key = await h.upstream('POST', '/v2/GetSource', { body: '{}', headers: { 'Api-App-Key': 'someone-else' } });
    expect(key.body.msg).toMatch(/Api-App-Key 无效/);
    const badTs = await h.upstream('POST', '/v2/GetSource', { body: '{}', headers: { 'Api-Time-Stamp': '17000' } });
    expect(badTs.body.msg).toMatch(/必须传递 合法的 Api-Time-Stamp/);

    const { signHeaders } = await import('../../signing');
    const old = signHeaders({ appKey: TEST_KEY, appSecret: TEST_SECRET, body: '{}', timestamp: Date.now() - 11 * 60_000 });
    const stale = await h.upstream('POST', '/v2/GetSource', { body: '{}', headers: old });
    expect(stale.body.msg).toMatch(/签名过期或时间还未到/);

    const once = signHeaders({ appKey: TEST_KEY, appSecret: TEST_SECRET, body: '{}' });
    expect((await h.upstream('POST', '/v2/GetSource', { body: '{}', headers: once })).body.code).toBe(1);
    const replay = await h.upstream('POST', '/v2/GetSource', { body: '{}', headers: once });
    expect(replay.body.msg).toMatch(/Api-Nonce 重复/);
  });

  it('a body changed after signing is refused', async () => {
    const { signHeaders } = await import('../../signing');
    const headers = signHeaders({ appKey: TEST_KEY, appSecret: TEST_SECRET, body: '{"ids":"10001"}' });
    const r = await h.upstream('POST', '/v2/Goods/GetBulkGoodDetail', { body: '{"ids":"10002"}', headers });
    expect(r.body.msg).toBe('Api-Sign 签名错误');
  });

  it('GET with a JSON body is read, paths match case-insensitively, Api-* query copies are ignored', async () => {
    const r = await h.upstream('GET', '/v2/goods/detail', { query: { id: '10001', 'Api-App-Key': TEST_KEY } });
    expect(r.body.code).toBe(1);
    // The body is part of the signature: had the sandbox not read it, the sign would not match.
    const bodyOnGet = await h.upstream('GET', '/v2/order/errorLists', { body: '{"page":1,"limit":10}' });
    expect(bodyOnGet.body.msg).not.toMatch(/签名|Api-/);
  });
});

describe('gateway configuration', () => {
  it('names every variable that is wrong', () => {
    expect(() => gatewayConfigFromEnv({ PORT: 'eighty' })).toThrow(/PORT is "eighty"/);
    expect(() => gatewayConfigFromEnv({ UPSTREAM_URL: 'https://api.example.com' })).toThrow(ConfigError);
    expect(() => gatewayConfigFromEnv({ UPSTREAM_URL: 'https://api.example.com' })).toThrow(
      /UPSTREAM_APP_KEY is missing[\s\S]*UPSTREAM_APP_SECRET is missing/,
    );
    expect(() => gatewayConfigFromEnv({ UPSTREAM_URL: 'not a url', UPSTREAM_APP_KEY: 'k', UPSTREAM_APP_SECRET: 's' })).toThrow(
      /UPSTREAM_URL/,
    );
    expect(() => gatewayConfigFromEnv({ UPSTREAM_TIMEOUT_MS: '5' })).toThrow(/UPSTREAM_TIMEOUT_MS is "5": must be at least 100/);
  });

  it('defaults to the embedded sandbox with a 15 s timeout', () => {
    const c = gatewayConfigFromEnv({});
    expect(c.upstream).toBeNull();
    expect(c.timeoutMs).toBe(15_000);
    const real = gatewayConfigFromEnv({ UPSTREAM_URL: 'https://api.jxhh.com/', UPSTREAM_APP_KEY: 'k', UPSTREAM_APP_SECRET: 's' });
    expect(real.upstream).toEqual({ baseUrl: 'https://api.jxhh.com', appKey: 'k', appSecret: 's' });
  });
});
