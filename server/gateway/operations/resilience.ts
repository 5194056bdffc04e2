/**
 * How the gateway lives with a supplier that has bad days (issue 50.3): reads are asked again after a
 * transient failure (bounded exponential backoff with full jitter), writes never are (a write whose
 * answer was lost is settled by reading: ./settle.ts); after `breakerFailures` calls in a row failed,
 * the gateway stops asking for `breakerOpenMs` and answers at once with its own words ("the supplier
 * cannot be reached since 14:05; retrying"), then lets one call through (half-open): its success
 * closes the breaker, its failure opens it again.
 */

import { DEFAULT_TIME_ZONE } from '../../../contract/time-zone';

/** UPSTREAM_RETRIES, UPSTREAM_RETRY_BASE_MS, UPSTREAM_RETRY_MAX_MS, UPSTREAM_BREAKER_FAILURES, UPSTREAM_BREAKER_SECONDS (in ms). */
export interface ResilienceSettings {
  /** Further tries of a read after a transient failure (0: none). */
  retries: number;
  /** The first backoff's ceiling; each next one doubles, up to `retryMaxMs`; the wait is a random share of it. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Calls in a row that failed (after their retries) before the gateway stops asking. */
  breakerFailures: number;
  /** How long it stops asking before one call may try again. */
  breakerOpenMs: number;
}

export const DEFAULT_RESILIENCE: ResilienceSettings = {
  retries: 3,
  retryBaseMs: 200,
  retryMaxMs: 2_000,
  breakerFailures: 5,
  breakerOpenMs: 30_000,
};

/**
 * The supplier's own words for "busy, ask again later" in an answer with code ≠ 1. upstream-api.md
 * names no codes for it (failures are `code: 0` with a Chinese msg): these are the phrases such
 * services use, and the sandbox's (系统繁忙，请稍后再试; 系统维护中，服务暂不可用).
 */
export const BUSY_MSG = /系统繁忙|服务繁忙|系统维护|服务暂不可用|请求过于频繁|访问过于频繁|请求太频繁/;

/**
 * Whether an answer is a transient failure worth asking again (a read) and counting against the
 * supplier: no answer (timeout, connection refused or cut), HTTP 5xx or 429, or a "busy" refusal.
 * Every other answer, a business refusal included, is the supplier answering.
 */
export function isTransient(a: { status: number; code: number; reason?: string; upstreamStatus?: number; msg?: string }): boolean {
  if (a.reason === 'timeout' || a.reason === 'unreachable') return true;
  if (a.reason === 'bad_status') return (a.upstreamStatus ?? 500) >= 500 || a.upstreamStatus === 429;
  if (a.status === 200 && a.code !== 1 && a.msg && BUSY_MSG.test(a.msg)) return true;
  return false;
}

/** The wait before try `n + 1` (n ≥ 1): full jitter under min(max, base · 2^(n-1)). */
export const backoffMs = (s: ResilienceSettings, n: number, random: () => number = Math.random) =>
  Math.round(random() * Math.min(s.retryMaxMs, s.retryBaseMs * 2 ** (n - 1)));

export type Admission =
  | { go: true; probe: boolean }
  /** The breaker is open: `since` (wall ms) the first failure of the run, `retryAt` (wall ms) when a call may try again. */
  | { go: false; since: number; retryAt: number };

export interface BreakerState {
  open: boolean;
  /** Wall ms of the first failure of the run that opened it (null when closed). */
  since: number | null;
  /** Wall ms from which one call may try again (null when closed). */
  retryAt: number | null;
  failures: number;
}

/**
 * One supplier's breaker (one per gateway process; each gateway judges for itself). `onChange` hears
 * it open and close (the log). Times are wall-clock ms; `shown` turns one into the clock people are
 * shown (the sandbox's business clock in sandbox mode), set once that clock exists.
 */
export function createUpstreamGuard(
  settings: Partial<ResilienceSettings> = {},
  o: { now?: () => number; onChange?: (state: BreakerState) => void } = {},
) {
  const s: ResilienceSettings = { ...DEFAULT_RESILIENCE, ...settings };
  const now = o.now ?? Date.now;
  let failures = 0;
  let firstFailAt: number | null = null;
  let openSince: number | null = null;
  let retryAt = 0;
  let probing = false;
  const state = (): BreakerState => ({
    open: openSince !== null,
    since: openSince,
    retryAt: openSince !== null ? retryAt : null,
    failures,
  });
  const guard = {
    settings: s,
    /** Wall ms → the shown clock's ms (identity until the server sets it). */
    shown: (wallMs: number) => wallMs,
    /** The zone of the time in the gateway's own sentence (MIRROR_TIME_ZONE; the SPA words it itself). */
    timeZone: DEFAULT_TIME_ZONE,
    /** May a call go now? While open, one call after `retryAt` goes as the probe; the rest are answered at once. */
    admit(): Admission {
      if (openSince === null) return { go: true, probe: false };
      if (!probing && now() >= retryAt) {
        probing = true;
        return { go: true, probe: true };
      }
      return { go: false, since: openSince, retryAt: Math.max(retryAt, now()) };
    },
    /** The supplier answered (any answer but a transient failure). */
    succeeded() {
      const wasOpen = openSince !== null;
      failures = 0;
      firstFailAt = null;
      openSince = null;
      probing = false;
      if (wasOpen) o.onChange?.(state());
    },
    /** A call failed transiently (after its retries, if it had any). */
    failed(probe = false) {
      failures += 1;
      firstFailAt ??= now();
      if (probe || openSince !== null || failures >= s.breakerFailures) {
        const opening = openSince === null;
        openSince ??= firstFailAt;
        retryAt = now() + s.breakerOpenMs;
        probing = false;
        if (opening) o.onChange?.(state());
      }
    },
    /** A probe that ended without a verdict (it was not sent): another call may probe. */
    released() {
      probing = false;
    },
    state,
  };
  return guard;
}
export type UpstreamGuard = ReturnType<typeof createUpstreamGuard>;

/**
 * For background work that reads the supplier in many calls (the order mirror's and the goods
 * watch's reconciles): a call that meets the breaker's pause waits for it to end and then asks (as
 * its probe), instead of failing the whole run. Right after an outage the breaker stays open for up to
 * `breakerOpenMs` though the supplier answers again; a reconcile that started then was refused at its
 * first read, kept the stale figures and left the catching up to the next one, a whole interval later
 * (issue 50: "within one reconcile"). One pacer (one run) waits out at most `pauses` pauses (default
 * one): during a real outage its probe fails and the run fails, in bounded time. A call refused while
 * another call probes is asked again every 100 ms, for at most one pause's length in all. It asks
 * `PROBE_YIELD_MS` after the pause ends, so that a person's call or /readyz's, which ask at once, is
 * the breaker's try rather than being refused while a reconcile's is.
 */
export const PROBE_YIELD_MS = 500;
export function pauseAware(guard: UpstreamGuard | undefined, o: { pauses?: number; now?: () => number } = {}) {
  const now = o.now ?? Date.now;
  let pauses = o.pauses ?? 1;
  let shortLeft = guard ? Math.max(1_000, guard.settings.breakerOpenMs) : 0;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    for (;;) {
      const before = guard?.state();
      if (before?.open && before.retryAt !== null && before.retryAt > now()) {
        // No pause left to wait out: the call is refused at once, as it would be.
        if (pauses <= 0) return fn();
        pauses -= 1;
        await sleep(before.retryAt - now() + PROBE_YIELD_MS);
      }
      try {
        return await fn();
      } catch (e) {
        const after = guard?.state();
        if (!after?.open || after.retryAt === null) throw e;
        // A new pause (this call's probe failed, or the supplier just went down): wait it out if allowed.
        if (after.retryAt > now()) {
          if (pauses <= 0) throw e;
          continue;
        }
        // The pause is over and another call is the probe: ask again shortly.
        if (shortLeft < 100) throw e;
        shortLeft -= 100;
        await sleep(100);
      }
    }
  };
}
export type PauseAware = ReturnType<typeof pauseAware>;
