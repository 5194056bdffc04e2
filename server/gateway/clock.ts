import type { UpstreamTarget } from './config';
import { callUpstream } from './operations/upstream';

/**
 * The one clock of what the app shows and makes for people (issue 38): times on screen, "as of",
 * the merchant order numbers a checkout makes. In sandbox mode that is the sandbox's business clock,
 * which runs `speed` times faster than the wall clock and which people move forward, so that an
 * order, its messages and the overview's periods meet on one time line; with the real upstream it is
 * the wall clock. Sessions, limits, timeouts and the audit's bookkeeping stay on the wall clock.
 */
export interface ShownClock {
  /** `business`: the sandbox's clock; `wall`: this machine's. */
  readonly kind: 'business' | 'wall';
  /** Now on the shown clock, ms. */
  now(): number;
  /** A moment of the wall clock (ms) on the shown clock: exact since the business clock was last moved. */
  fromWall(wallMs: number): number;
  /** How fast the shown clock runs against the wall clock (1 on the wall clock). */
  speed(): number;
  /** Reads the sandbox's clock again (after someone moved it); nothing on the wall clock. */
  sync(): Promise<void>;
  /** Resolves once the clock has been read at least once (at once on the wall clock): what shows a time waits for it. */
  ready(): Promise<void>;
  stop(): void;
}

/**
 * Which clock people are shown in a mode: the sandbox's business clock, or the wall clock. What needs
 * only the kind (the inbox's date filter: on the push time under the business clock) asks this.
 */
export const shownClockKind = (mode: 'sandbox' | 'upstream'): ShownClock['kind'] => (mode === 'sandbox' ? 'business' : 'wall');

/** How often the business clock is read again (someone may move it through another gateway). */
export const CLOCK_RESYNC_MS = 30_000;

export function createShownClock(opts: {
  mode: 'sandbox' | 'upstream';
  upstream: UpstreamTarget;
  wall?: () => number;
  resyncMs?: number;
  log?: (line: string) => void;
}): ShownClock {
  const wall = opts.wall ?? Date.now;
  if (shownClockKind(opts.mode) === 'wall')
    return {
      kind: 'wall',
      now: wall,
      fromWall: (ms) => ms,
      speed: () => 1,
      sync: () => Promise.resolve(),
      ready: () => Promise.resolve(),
      stop: () => {},
    };
  // Until the sandbox first answers, the wall clock (the sandbox starts on it).
  let anchor = { biz: wall(), wall: wall(), speed: 1 };
  let timer: NodeJS.Timeout | undefined;
  const sync = async () => {
    try {
      const sentAt = wall();
      const answer = await callUpstream(opts.upstream, { method: 'POST', path: '/sandbox/clock', query: {}, body: '{"advanceSeconds":0}' });
      const data = (answer.envelope as { data?: { nowMs?: unknown; speed?: unknown } }).data;
      if (typeof data?.nowMs !== 'number') return;
      // The answer's moment: halfway through the round trip.
      const at = Math.round((sentAt + wall()) / 2);
      anchor = { biz: data.nowMs, wall: at, speed: typeof data.speed === 'number' && data.speed > 0 ? data.speed : anchor.speed };
    } catch (e) {
      opts.log?.(`[clock] the sandbox's clock could not be read: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const fromWall = (ms: number) => Math.round(anchor.biz + (ms - anchor.wall) * anchor.speed);
  let stopped = false;
  const loop = () => {
    if (stopped) return;
    timer = setTimeout(() => void sync().finally(loop), opts.resyncMs ?? CLOCK_RESYNC_MS);
    timer.unref();
  };
  // Read when first needed (a gateway that shows no time asks the sandbox nothing), then every CLOCK_RESYNC_MS.
  let first: Promise<void> | undefined;
  const ready = () => (first ??= sync().finally(loop));
  return {
    kind: 'business',
    now: () => {
      void ready();
      return fromWall(wall());
    },
    fromWall,
    speed: () => anchor.speed,
    sync,
    ready,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
