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
  it('says at once, not at the time limit, when the browser refuses the worker or it fails to load', async () => {
    // Refused when made (a browser that throws on a security policy).
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('Refused by the Content-Security-Policy', 'SecurityError');
        }
      },
    );
    let started = Date.now();
    expect(await readInWorker({ text: 'a' }, new AbortController().signal, 60_000)).toEqual({ ok: false, problem: { kind: 'worker' } });
    expect(Date.now() - started).toBeLessThan(1000);
    // Made, then its script refused (Chromium's way with a policy that forbids it): an error event, no message.
    vi.stubGlobal('Worker', StuckWorker);
    started = Date.now();
    const pending = readInWorker({ text: 'a' }, new AbortController().signal, 60_000);
    const w = StuckWorker.made[0]!;
    setTimeout(() => w.onerror!({ preventDefault() {} } as ErrorEvent), 10);
    expect(await pending).toEqual({ ok: false, problem: { kind: 'worker' } });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(w.terminated).toBe(true);
    // And the page says so in both languages.
    const { importsLocales: imports } = await import('../locales');
    expect(imports.en.read.worker).toMatch(/did not let the page start its file reader/);
    expect(imports['zh-CN'].read.worker).toMatch(/浏览器没有允许/);
  });

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
