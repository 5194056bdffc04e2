import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareAcrossTabs, type LiveFrame } from './live-channel';

/** Web Locks as browsers have them: one holder per name, the next waiter gets it when it lets go. */
function fakeLocks() {
  const queues = new Map<string, Array<() => Promise<void>>>();
  const run = (name: string) => {
    const q = queues.get(name)!;
    const next = q[0];
    if (!next) return;
    void next().finally(() => {
      q.shift();
      run(name);
    });
  };
  return {
    request(name: string, callback: () => Promise<void>) {
      const q = queues.get(name) ?? [];
      queues.set(name, q);
      return new Promise<void>((resolve) => {
        q.push(() => callback().then(resolve));
        if (q.length === 1) run(name);
      });
    },
  };
}

const frame = (type: string, lastEventId = ''): LiveFrame => ({ type, data: '{}', lastEventId });
const tick = () => new Promise((r) => setTimeout(r, 20));

describe('one event stream shared by the tabs of a browser', () => {
  const stops: Array<() => void> = [];
  afterEach(() => stops.splice(0).forEach((s) => s()));

  it('one tab opens the stream and every tab hears its events; when it closes another opens it from the last id', async () => {
    const locks = fakeLocks();
    const opened: string[] = [];
    const emitters: Array<(f: LiveFrame) => void> = [];
    const closed = vi.fn();
    const tab = (name: string) => {
      const heard: string[] = [];
      const share = shareAcrossTabs(
        'live-test-1',
        (f) => heard.push(`${f.type}${f.lastEventId}`),
        (after, emit) => {
          opened.push(`${name} after '${after}'`);
          emitters.push(emit);
          return closed;
        },
        undefined,
        { locks, Channel: BroadcastChannel },
      );
      stops.push(share.stop);
      return { heard, share };
    };
    const a = tab('a');
    const b = tab('b');
    const c = tab('c');
    await tick();
    expect(opened).toEqual(["a after ''"]);
    emitters[0]!(frame('message', '41'));
    emitters[0]!(frame('unread', '42'));
    await tick();
    for (const t of [a, b, c]) expect(t.heard).toEqual(['message41', 'unread42']);
    // The tab with the stream closes: the next one opens it, from the last event any tab heard.
    a.share.stop();
    await tick();
    expect(closed).toHaveBeenCalledOnce();
    expect(opened).toEqual(["a after ''", "b after '42'"]);
    emitters[1]!(frame('message', '43'));
    await tick();
    expect(b.heard.at(-1)).toBe('message43');
    expect(c.heard.at(-1)).toBe('message43');
    expect(a.heard.at(-1)).toBe('unread42');
  });

  it('a frame a tab sends reaches every tab, itself included (the reconnect button)', async () => {
    const locks = fakeLocks();
    const heard: string[][] = [[], []];
    const shares = heard.map((h) =>
      shareAcrossTabs(
        'live-test-2',
        (f) => h.push(f.type),
        () => () => {},
        undefined,
        { locks, Channel: BroadcastChannel },
      ),
    );
    shares.forEach((s) => stops.push(s.stop));
    shares[1]!.send(frame('reconnect'));
    await tick();
    expect(heard).toEqual([['reconnect'], ['reconnect']]);
  });

  it('a tab that joins later hears what the holder knows now', async () => {
    const locks = fakeLocks();
    const first = shareAcrossTabs(
      'live-test-4',
      () => {},
      () => () => {},
      () => [frame('state', 'open')],
      { locks, Channel: BroadcastChannel },
    );
    stops.push(first.stop);
    await tick();
    const heard: LiveFrame[] = [];
    const later = shareAcrossTabs(
      'live-test-4',
      (f) => heard.push(f),
      () => () => {},
      () => [],
      { locks, Channel: BroadcastChannel },
    );
    stops.push(later.stop);
    await tick();
    expect(heard).toEqual([frame('state', 'open')]);
  });

  it('without Web Locks each tab has a stream of its own', () => {
    const opened = vi.fn(() => () => {});
    const share = shareAcrossTabs('live-test-3', () => {}, opened, undefined, { locks: undefined, Channel: BroadcastChannel });
    stops.push(share.stop);
    expect(opened).toHaveBeenCalledWith('', expect.any(Function));
  });
});
