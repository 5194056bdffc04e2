/**
 * When a paid child not yet shipped is late, in hours: the gateway's EXCEPTION_LATE_HOURS, the one
 * truth (support's exceptions and the overview's shipping use it), as `/bff/meta` says it
 * (src/app/meta.ts sets it when read, at start-up before any page). The default until then is the
 * gateway's own.
 */
export const DEFAULT_LATE_HOURS = 48;

let hours = DEFAULT_LATE_HOURS;

/** What the gateway said (ignored when it said nothing usable). */
export function setLateHours(h: number | undefined): void {
  if (typeof h === 'number' && Number.isFinite(h) && h > 0) hours = h;
}

export function lateHours(): number {
  return hours;
}
