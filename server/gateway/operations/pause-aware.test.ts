import { describe, expect, it } from 'vitest';
import { createUpstreamGuard, pauseAware, PROBE_YIELD_MS, type UpstreamGuard } from './resilience';

/** A call as callUpstream makes it through the breaker: refused while it pauses, else the supplier's answer. */
const through = (guard: UpstreamGuard, up: () => boolean, calls: { sent: number }) => async () => {
  const a = guard.admit();
  if (!a.go) throw new Error('supplier_down');
  calls.sent += 1;
  if (up()) {
    guard.succeeded();
    return 'answered';
  }
  guard.failed(a.probe);
  throw new Error('unreachable');
};
const PAUSE = 150;
const opened = () => {
  const guard = createUpstreamGuard({ breakerFailures: 2, breakerOpenMs: PAUSE });
  guard.failed();
  guard.failed();
  expect(guard.state().open).toBe(true);
  return guard;
};

describe('pauseAware (a reconcile meeting the breaker’s pause, issue 50)', () => {
  it('waits the pause out when the supplier is back, and the call then probes and answers', async () => {
    const guard = opened();
    const calls = { sent: 0 };
    const t0 = Date.now();
    await expect(pauseAware(guard)(through(guard, () => true, calls))).resolves.toBe('answered');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(PAUSE - 10);
    expect(calls.sent).toBe(1);
    expect(guard.state().open).toBe(false);
  });

  it('without it the same call is refused at once (what a reconcile right after an outage met)', async () => {
    const guard = opened();
    const calls = { sent: 0 };
    await expect(through(guard, () => true, calls)()).rejects.toThrow('supplier_down');
    expect(calls.sent).toBe(0);
  });

  it('asks again shortly when another call is the probe', async () => {
    const guard = createUpstreamGuard({ breakerFailures: 1, breakerOpenMs: 1 });
    guard.failed();
    await new Promise((r) => setTimeout(r, 5));
    expect(guard.admit()).toEqual({ go: true, probe: true }); // someone else probes...
    setTimeout(() => guard.succeeded(), 150); // ...and the supplier answers it
    const calls = { sent: 0 };
    await expect(pauseAware(guard)(through(guard, () => true, calls))).resolves.toBe('answered');
    expect(calls.sent).toBe(1);
  });

  it('still fails during a real outage, after at most one pause (its probe fails)', async () => {
    const guard = opened();
    const calls = { sent: 0 };
    const t0 = Date.now();
    await expect(pauseAware(guard)(through(guard, () => false, calls))).rejects.toThrow();
    expect(calls.sent).toBe(1);
    expect(Date.now() - t0).toBeLessThan(PAUSE + PROBE_YIELD_MS + 500);
    expect(guard.state().open).toBe(true);
  });

  it('a failure with the breaker closed is not asked again', async () => {
    const guard = createUpstreamGuard({ breakerFailures: 5, breakerOpenMs: PAUSE });
    const calls = { sent: 0 };
    await expect(pauseAware(guard)(through(guard, () => false, calls))).rejects.toThrow('unreachable');
    expect(calls.sent).toBe(1);
  });
});
