import { afterEach, describe, expect, it, vi } from 'vitest';
import { bffFile, callOp, listItems, OpError } from './bff';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.unstubAllGlobals());

describe('callOp', () => {
  it('posts the input to /bff/op/:id and returns data of a code-1 envelope', async () => {
    const fetchMock = answer(200, { code: 1, msg: '操作成功', data: [{ id: 2, name: '京东' }] });
    vi.stubGlobal('fetch', fetchMock);
    await expect(callOp('source.list', {})).resolves.toEqual([{ id: 2, name: '京东' }]);
    expect(fetchMock).toHaveBeenCalledWith('/bff/op/source.list', expect.objectContaining({ method: 'POST', body: '{}' }));
  });

  it('turns a code other than 1 into an error carrying the msg', async () => {
    vi.stubGlobal('fetch', answer(200, { code: 0, msg: '商品不存在：id 9' }));
    const err = await callOp('goods.detail', { id: 9 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpError);
    expect(err).toMatchObject({ kind: 'upstream', message: '商品不存在：id 9', opId: 'goods.detail' });
  });

  it('keeps the gateway reason and the field at fault', async () => {
    vi.stubGlobal('fetch', answer(400, { code: 0, msg: 'Invalid input: id: …', gateway: { reason: 'invalid_input', field: 'id' } }));
    await expect(callOp('goods.detail', { id: 0 })).rejects.toMatchObject({ kind: 'invalid_input', field: 'id' });
  });

  it('keeps the id the gateway gave the request, for a refusal of its own and for the supplier’s', async () => {
    const withId = (status: number, body: unknown) =>
      vi.fn(
        async () =>
          new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-request-id': 'req-1234abcd' } }),
      );
    vi.stubGlobal('fetch', withId(500, { code: 0, msg: 'Internal error', gateway: { reason: 'internal' }, requestId: 'req-1234abcd' }));
    await expect(callOp('source.list', {})).rejects.toMatchObject({ kind: 'internal', requestId: 'req-1234abcd' });
    vi.stubGlobal('fetch', withId(200, { code: 0, msg: '余额不足' }));
    await expect(callOp('order.submit' as never, {} as never)).rejects.toMatchObject({ kind: 'upstream', requestId: 'req-1234abcd' });
    // Without the header (a proxy that dropped it): none, not a made-up one.
    vi.stubGlobal('fetch', answer(502, { msg: 'Bad gateway' }));
    const err = (await callOp('source.list', {}).catch((e: unknown) => e)) as OpError;
    expect(err.requestId).toBeUndefined();
  });

  it('reports a gateway that cannot be reached as network', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callOp('source.list', {})).rejects.toMatchObject({ kind: 'network' });
  });
});

describe('bffFile', () => {
  it('answers a file’s bytes and headers, and a JSON refusal as the OpError bffFetch gives', async () => {
    const fetchMock = vi.fn(
      async () => new Response('a,b\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'x-sheet-rows': '1' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = await bffFile('/pricing/sheet', { body: { only: 'all' } });
    expect(await file.blob.text()).toBe('a,b\r\n');
    expect(file.headers.get('x-sheet-rows')).toBe('1');
    expect(fetchMock).toHaveBeenCalledWith('/bff/pricing/sheet', expect.objectContaining({ method: 'POST', body: '{"only":"all"}' }));
    vi.stubGlobal('fetch', answer(400, { code: 0, msg: 'only must be …', gateway: { reason: 'invalid_input', field: 'only' } }));
    await expect(bffFile('/pricing/sheet', { body: { only: 'x' } })).rejects.toMatchObject({ kind: 'invalid_input', field: 'only' });
  });
});

describe('listItems', () => {
  it('accepts {list} and bare arrays', () => {
    expect(listItems({ list: [1, 2] })).toEqual([1, 2]);
    expect(listItems([3])).toEqual([3]);
    expect(listItems(undefined)).toEqual([]);
  });
});
