import { lazyNamed } from '../lib/lazy';

// The app bar's tools and the live events: drawn after the first paint, from a chunk of their own.
export const ShellTools = lazyNamed(() => import('./shell-tools'), 'ShellTools');
export const BarEnd = lazyNamed(() => import('./shell-tools'), 'BarEnd');
export const ModeChip = lazyNamed(() => import('./shell-tools'), 'ModeChip');
export const LiveEvents = lazyNamed(() => import('./shell-tools'), 'LiveEvents');

// The navigation's icons: a small chunk of their own (nav-icons.tsx).
export const NavIcon = lazyNamed(() => import('./nav-icons'), 'NavIcon');

/** Starts loading the app bar's tools and the navigation's icons (at start-up, when a session is known: src/app/boot.ts). */
export const preloadShellTools = () => {
  ShellTools.preload();
  NavIcon.preload();
};
