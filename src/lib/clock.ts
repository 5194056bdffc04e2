/**
 * The app's one clock (issue 38): every time the app shows or makes for people (periods, "as of",
 * the inbox's days, the messages' times) is on it. In sandbox mode it is the sandbox's business
 * clock, which runs faster than the wall clock and which people move forward; with the real
 * upstream it is the wall clock. The gateway says which (`/bff/meta`'s `clock`: server/gateway/clock.ts),
 * and `setShownClock` takes it in; nothing else decides.
 */
export interface ShownClockInfo {
  kind: 'business' | 'wall';
  /** Now on that clock when the gateway answered, ms. */
  nowMs: number;
  /** How many of its seconds pass per wall-clock second. */
  speed: number;
}

let anchor: { biz: number; wall: number; speed: number } | null = null;

/** What the gateway said of its clock (`receivedAt`: when its answer came, on this device's clock). */
export function setShownClock(info: ShownClockInfo | undefined, receivedAt = Date.now()) {
  anchor = info?.kind === 'business' ? { biz: info.nowMs, wall: receivedAt, speed: info.speed > 0 ? info.speed : 1 } : null;
}

/** Now on the shown clock, ms. */
export function shownNow(): number {
  return anchor ? Math.round(anchor.biz + (Date.now() - anchor.wall) * anchor.speed) : Date.now();
}

/** The app shows business time (sandbox mode), not the wall clock. */
export function showsBusinessTime(): boolean {
  return anchor !== null;
}

/**
 * When a message is shown as received: on the business clock, its push time (the sandbox stamps it
 * on that clock; the gateway's receipt is on the wall clock), else the gateway's receipt.
 */
export function messageTime(m: { pushedAt: number | null; receivedAt: number }): number {
  return showsBusinessTime() && m.pushedAt !== null ? m.pushedAt : m.receivedAt;
}
