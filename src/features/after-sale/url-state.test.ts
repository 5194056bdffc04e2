import { describe, expect, it } from 'vitest';
import { isFiltered, parseQueueView, queueViewToDeliveredQuery, queueViewToParams, queueViewToQuery } from './url-state';

const parse = (q: string) => parseQueueView(new URLSearchParams(q));

describe("the work queue's views in the address", () => {
  it('the sections: nothing asked', () => {
    const v = parse('');
    expect(v).toEqual({ delivered: false, status: [], reason: '', from: '', to: '', page: 1, size: 20 });
    expect(isFiltered(v)).toBe(false);
    expect(queueViewToParams(v).toString()).toBe('');
  });

  it('a filtered list of requests: read, written back the same, the gateway told page and size', () => {
    const v = parse('status=1,2&reason=20006&from=2026-11-01&to=2026-11-20&page=3&size=50');
    expect(v).toEqual({ delivered: false, status: [1, 2], reason: '20006', from: '2026-11-01', to: '2026-11-20', page: 3, size: 50 });
    expect(isFiltered(v)).toBe(true);
    expect(queueViewToParams(v).toString()).toBe('status=1%2C2&reason=20006&from=2026-11-01&to=2026-11-20&size=50&page=3');
    expect(queueViewToQuery(parse('status=2'))).toBe('status=2&page=1&size=20');
  });

  it('every delivered order with a request open: delivered=1 with its page and size, the open record kept', () => {
    const v = parse('delivered=1&page=2&size=50');
    expect(v).toEqual({ delivered: true, status: [], reason: '', from: '', to: '', page: 2, size: 50 });
    // Not a filtered list of requests: the page shows the delivered orders instead.
    expect(isFiltered(v)).toBe(false);
    expect(queueViewToParams(v).toString()).toBe('delivered=1&size=50&page=2');
    expect(queueViewToParams(parse('delivered=1')).toString()).toBe('delivered=1');
    expect(queueViewToParams({ ...v, page: 1, size: 20 }, new URLSearchParams('delivered=1&afterSale=42')).toString()).toBe(
      'delivered=1&afterSale=42',
    );
    // The gateway is told the page and the size only (its route refuses anything else).
    expect(queueViewToDeliveredQuery(v)).toBe('page=2&size=50');
    expect(queueViewToDeliveredQuery(parse('delivered=1'))).toBe('page=1&size=20');
  });

  it('nonsense from a hand-edited address is dropped', () => {
    // The filters of requests do not apply to delivered orders; a page size the lists do not offer is the default.
    expect(parse('delivered=1&status=1&reason=x&from=2026-11-01&page=0&size=7')).toEqual({
      delivered: true,
      status: [],
      reason: '',
      from: '',
      to: '',
      page: 1,
      size: 20,
    });
    expect(queueViewToParams(parse('delivered=1&status=1&reason=x')).toString()).toBe('delivered=1');
    // Only delivered=1 asks for them.
    for (const q of ['delivered=0', 'delivered=yes', 'delivered=']) expect(parse(q).delivered, q).toBe(false);
    expect(parse('status=x,1,2000&from=2026-13&page=-2&size=1000')).toEqual({
      delivered: false,
      status: [1],
      reason: '',
      from: '',
      to: '',
      page: 1,
      size: 20,
    });
  });
});
