import { lazy, useState, type ComponentType } from 'react';

/**
 * React.lazy for a named export, plus `preload()` to start the download before it is needed (on
 * hover or focus of the button that will show it). The module is fetched once.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  let loading: Promise<M> | undefined;
  // A failed download is forgotten, so the next attempt fetches again.
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
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
