/**
 * Mirrors a browser-side setting into a cookie the gateway can read when it serves the page (the
 * language and colour mode of the header it paints before any script runs). Not a secret: readable
 * by the page, sent only to this site.
 */
export function mirrorToCookie(name: string, value: string) {
  if (typeof document === 'undefined') return;
  const pair = `${name}=${encodeURIComponent(value)}`;
  // Already there (every start-up after the first): not written again. A cookie write goes to the
  // browser's cookie store, 2-8 ms of a phone's start-up task at full speed in a CPU profile (issue 39).
  if (document.cookie.split('; ').includes(pair)) return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${pair}; path=/; max-age=31536000; samesite=strict${secure}`;
}
