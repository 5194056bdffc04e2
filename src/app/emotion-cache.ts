import createCache from '@emotion/cache';
import { FIRST_STYLES_ID } from '../../contract/constants';

/**
 * Emotion's cache for the whole app (key "css", as emotion's own default), told that the classes the
 * gateway already wrote into the page are written: emotion then never serialises or inserts them again.
 *
 * The gateway's tag is not in emotion's server-rendering form (`data-emotion="css …"`) on purpose:
 * emotion takes that form in by moving the tag within the head (`insertBefore`, even to where it already
 * is), and the browser then builds the tag's ~90 kB stylesheet a second time, 10-25 ms of a phone's
 * start-up in the trace. Here the tag stays where it is; it becomes the sheet's first tag, so the rules
 * emotion writes later follow it, and the baseline's global styles precede it, as before.
 */
export function makeEmotionCache() {
  const cache = createCache({ key: 'css' });
  const given = document.getElementById(FIRST_STYLES_ID);
  if (given instanceof HTMLStyleElement) {
    for (const name of (given.dataset.names ?? '').split(' ')) if (name) cache.inserted[name] = true;
    cache.sheet.tags.push(given);
  }
  return cache;
}
