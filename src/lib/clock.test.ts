import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageTime, setShownClock, showsBusinessTime, shownNow } from './clock';

afterEach(() => {
  vi.useRealTimers();
  setShownClock(undefined);
});

describe('the one clock', () => {
  it('in sandbox mode shows the business clock, running at its speed from what the gateway said', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    setShownClock({ kind: 'business', nowMs: 5_000_000, speed: 120 });
    expect(showsBusinessTime()).toBe(true);
    expect(shownNow()).toBe(5_000_000);
    vi.advanceTimersByTime(1000);
    expect(shownNow()).toBe(5_120_000);
    // A message is shown at its push time (business), not at the gateway's receipt (wall).
    expect(messageTime({ pushedAt: 5_100_000, receivedAt: 1_000_500 })).toBe(5_100_000);
  });

  it('with the real upstream shows the wall clock', () => {
    vi.useFakeTimers({ now: 2_000_000 });
    setShownClock({ kind: 'wall', nowMs: 9_999_999, speed: 1 });
    expect(showsBusinessTime()).toBe(false);
    expect(shownNow()).toBe(2_000_000);
    expect(messageTime({ pushedAt: 1_500_000, receivedAt: 1_600_000 })).toBe(1_600_000);
  });
});
