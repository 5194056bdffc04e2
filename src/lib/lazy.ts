import { lazy, useState, type ComponentType, type MouseEvent } from 'react';
import { loadChunk } from './server-probe';

/**
 * What every lazy part waits for besides its own code (main.tsx sets it: the `app` texts the first
 * page leaves out, src/app/i18n.ts). The first page itself is not lazy (src/app/router.tsx).
 */
let prerequisite: () => Promise<unknown> = () => Promise.resolve();
export function setLazyPrerequisite(wait: () => Promise<unknown>) {
  prerequisite = wait;
}

/**
 * React.lazy for a named export, plus `preload()` to start the download before it is needed (on
 * hover or focus of the button that will show it). The module is fetched once. It is drawn once
 * the prerequisite above is in too.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  let loading: Promise<M> | undefined;
  // A failed preload (on hover) is forgotten, so opening the popup fetches again.
  // With the server away, the download waits for it to come back (see loadChunk) instead of failing.
  const get = () =>
    (loading ??= Promise.all([loadChunk(load), prerequisite()])
      .then(([m]) => m)
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      }));
  const Component = lazy(async () => ({ default: (await get())[name] as M[K] & ComponentType<object> }));
  return Object.assign(Component, { preload: () => void get().catch(() => undefined) });
}

/** True from the first time `on` is true: a popup's code loads on first open and stays for its closing animation. */
export function useLatch(on: boolean) {
  const [latched, setLatched] = useState(on);
  if (on && !latched) setLatched(true);
  return latched || on;
}

/**
 * A button that opens a lazily loaded menu: where it is anchored, whether its code was asked for,
 * and the props for the button (open on click, preload on hover or focus, ARIA state).
 */
export function useMenuTrigger(preload: () => void) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const loaded = useLatch(!!anchor);
  return {
    anchor,
    loaded,
    close: () => setAnchor(null),
    trigger: {
      onClick: (e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget),
      onPointerEnter: preload,
      onFocus: preload,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': !!anchor,
    },
  };
}
