/**
 * Mirrors a browser-side setting into a cookie the gateway can read when it serves the page (the
 * language and colour mode of the header it paints before any script runs). Not a secret: readable
 * by the page, sent only to this site.
 */
export function mirrorToCookie(name: string, value: string) {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=strict${secure}`;
}
