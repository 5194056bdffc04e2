import { useEffect, useState, type ReactNode } from 'react';

/**
 * Toasts (notistack) without putting notistack in the first download: the library and its
 * provider load on the first toast, which is never needed to draw a page. Everything in the app
 * calls `toast()`; nothing imports notistack directly.
 */
type Notistack = typeof import('notistack');
type Key = string | number;
export interface ToastOptions {
  variant?: 'default' | 'success' | 'error' | 'warning' | 'info';
  autoHideDuration?: number | null;
  /** A button beside the message; it receives the toast's key to close it. */
  action?: (key: Key) => ReactNode;
  /** With `preventDuplicate`: a toast with this key already showing is not shown again. */
  key?: string;
  preventDuplicate?: boolean;
}

/** Toasts on screen at once. */
export const MAX_TOASTS = 3;

let loading: Promise<Notistack> | null = null;
let mounted: (() => void) | null = null;
const hostMounted = new Promise<void>((resolve) => (mounted = resolve));
const listeners = new Set<(m: Notistack) => void>();

function load(): Promise<Notistack> {
  loading ??= import('notistack').then((m) => {
    listeners.forEach((l) => l(m));
    return m;
  });
  return loading;
}

/** Shows a toast once the host is up (immediately after the first one). Resolves to its key. */
export async function toast(message: string, options: ToastOptions = {}): Promise<Key> {
  const m = await load();
  await hostMounted;
  return m.enqueueSnackbar(message, options);
}

/**
 * Closes a toast if one with `key` may be showing. notistack's `closeSnackbar` exists only once its
 * provider has mounted (it is set by the provider), so a dismissal before any toast does nothing
 * (there is nothing to close) instead of calling undefined, as the live-event stream's start did on
 * every page load.
 */
export function dismissToast(key: Key) {
  if (!loading) return;
  void Promise.all([loading, hostMounted]).then(([m]) => m.closeSnackbar(key));
}

/** Mount once near the root: renders notistack's provider after the first toast asks for it. */
export function ToastHost() {
  const [lib, setLib] = useState<Notistack | null>(null);
  useEffect(() => {
    const on = (m: Notistack) => setLib(() => m);
    listeners.add(on);
    if (loading) void loading.then(on);
    return () => void listeners.delete(on);
  }, []);
  useEffect(() => {
    if (lib) mounted?.();
  }, [lib]);
  if (!lib) return null;
  const { SnackbarProvider } = lib;
  // Three at most on screen (more wait their turn): a burst must leave the page readable.
  return <SnackbarProvider maxSnack={MAX_TOASTS} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} />;
}
