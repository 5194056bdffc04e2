import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Draws `children` once its box comes within a screen of the window (and keeps them from then on);
 * until then, `fallback` (which should take the room they will). For costly parts low on a page (the
 * overview's chart panels): a phone draws the one or two it shows while the page settles, not all of
 * them in one long commit (issue 39: total blocking time). Without IntersectionObserver (jsdom), drawn at once.
 */
export function WhenNear({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ref.current) return;
    // In a transition: React draws the costly part in slices, not in one task as the page settles.
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && startTransition(() => setNear(true)), {
      rootMargin: '100% 0px',
    });
    io.observe(ref.current);
    return () => io.disconnect();
  }, [near]);
  return near ? children : <div ref={ref}>{fallback}</div>;
}
