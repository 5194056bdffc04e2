import { afterEach, describe, expect, it, vi } from 'vitest';
import { readInWorker } from './read-in-worker';

/** A worker that never answers (a file that takes forever to inflate), or answers when told. */
class StuckWorker {
  static made: StuckWorker[] = [];
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  posted: unknown[] = [];
  constructor() {
    StuckWorker.made.push(this);
  }
  postMessage(m: unknown) {
    this.posted.push(m);
  }
  terminate() {
    this.terminated = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  StuckWorker.made = [];
});

describe('readInWorker', () => {
  it('ends the worker at the time limit and says so', async () => {
    vi.stubGlobal('Worker', StuckWorker);
    const started = Date.now();
    const r = await readInWorker({ text: 'a' }, new AbortController().signal, 50);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(r).toEqual({ ok: false, problem: { kind: 'timeout', seconds: 0 } });
    expect(StuckWorker.made[0]!.terminated).toBe(true);
  });

  it('ends the worker when the person stops it, and hands back what it read otherwise', async () => {
    vi.stubGlobal('Worker', StuckWorker);
    const stop = new AbortController();
    const pending = readInWorker({ text: 'a' }, stop.signal, 60_000);
    stop.abort();
    expect(await pending).toEqual({ ok: false, problem: { kind: 'cancelled' } });
    expect(StuckWorker.made[0]!.terminated).toBe(true);

    const answered = readInWorker({ text: 'b' }, new AbortController().signal, 60_000);
    const w = StuckWorker.made[1]!;
    expect(w.posted).toEqual([{ text: 'b' }]);
    w.onmessage!({ data: { ok: false, problem: { kind: 'empty' } } } as MessageEvent);
    expect(await answered).toEqual({ ok: false, problem: { kind: 'empty' } });
    expect(w.terminated).toBe(true);
  });
});
