import { afterEach, describe, expect, it, vi } from 'vitest';
import { callOp, onSettledWrite, OpError } from './bff';
import { canRetry, errorText } from './use-error-text';
import { testI18n } from '../test/render';

/**
 * Issue 50.3: a write whose answer was lost is settled by the gateway by reading. Found done, the
 * answer is the one the write would have had, marked `settled` (the app then says how it knows);
 * found not done, it is the gateway's `not_done`, said in words, and trying again is offered.
 */

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'x-request-id': 'req-1' } }),
    ),
  );

describe('a write settled by reading', () => {
  it('found done: resolves with its data and tells the listeners which write it was', async () => {
    const heard: string[] = [];
    const stop = onSettledWrite((id) => heard.push(id));
    answer(200, {
      code: 1,
      msg: 'The supplier did it; its answer was lost, and it was found by reading.',
      data: { id: 42 },
      settled: { found: true },
    });
    await expect(callOp('afterSale.apply', {} as never)).resolves.toEqual({ id: 42 });
    answer(200, { code: 1, msg: 'ok', data: { id: 43 } });
    await callOp('afterSale.apply', {} as never);
    stop();
    expect(heard).toEqual(['afterSale.apply']);
    expect(testI18n('en').t('app:errors.settled')).toBe("The supplier's answer was lost, but reading shows it was done.");
    expect(testI18n('zh-CN').t('app:errors.settled')).toBe('供应商的应答丢失了，但经查询确认已经完成。');
  });

  it('found not done: an error said in both languages, with trying again offered', async () => {
    answer(502, {
      code: 0,
      msg: "The supplier's answer was lost; reading shows it was not done.",
      data: null,
      gateway: { reason: 'not_done' },
    });
    const error = await callOp('order.submit', {} as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpError);
    expect((error as OpError).kind).toBe('not_done');
    expect((error as OpError).requestId).toBe('req-1');
    expect(canRetry(error)).toBe(true);
    expect(errorText(testI18n('en').t, error)).toBe(
      "The supplier's answer was lost; reading shows it was not done. Nothing changed: you may try again.",
    );
    expect(errorText(testI18n('zh-CN').t, error)).toBe('供应商的应答丢失了；经查询，此操作并未完成，没有任何变化，可以再试一次。');
  });
});
