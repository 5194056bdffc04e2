import { describe, expect, it } from 'vitest';
import { OP_IDS, operations, pathParams } from './index';
import { enums } from './index';

describe('the operation table', () => {
  it('holds all 36 operations of upstream-api.md §6, each path once per method', () => {
    expect(OP_IDS).toHaveLength(36);
    const keys = OP_IDS.map((id) => `${operations[id].method} ${operations[id].path.toLowerCase()}`);
    expect(new Set(keys).size).toBe(36);
  });

  it('every path starts with /v2/ and its {params} are input fields', () => {
    for (const id of OP_IDS) {
      const op = operations[id];
      expect(op.path, id).toMatch(/^\/v2\//);
      const shape = (op.input as unknown as { shape?: Record<string, unknown>; def?: { in?: { shape?: Record<string, unknown> } } }).shape;
      for (const p of pathParams(op.path)) expect(shape && p in shape, `${id} needs input field ${p}`).toBe(true);
    }
  });

  it('GET+body operations are the ones the SDKs send with a body', () => {
    const getBody = OP_IDS.filter((id) => operations[id].method === 'GET' && operations[id].placement === 'body').sort();
    expect(getBody).toEqual(['account.balance', 'order.availableCheck', 'order.errors', 'order.list', 'order.sourceList']);
  });
});

describe('status enums', () => {
  it('label known values in both languages and unknown ones as "unknown (N)"', () => {
    expect(enums.source.label(2, 'zh-CN')).toBe('京东');
    expect(enums.source.label(2, 'en')).toBe('JD');
    expect(enums.orderStatus.label(42, 'en')).toBe('unknown (42)');
    expect(enums.orderStatus.label(42, 'zh-CN')).toBe('未知 (42)');
    expect(enums.freeShipping.label(-1, 'en')).toBe('All');
  });
});
