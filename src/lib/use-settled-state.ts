import { useEffect, useRef, useState } from 'react';
import { useDebounced } from './use-debounced';

/**
 * What a person types into a list's filters: shown at once, written to the URL (`apply`) only once
 * it has settled and is valid, and replaced by what the URL says whenever the URL changes for
 * another reason (back button, a saved view, a reset).
 */
export function useSettledState<T>(fromUrl: T, apply: (v: T) => void, isValid: (v: T) => boolean = () => true, ms = 350) {
  const urlKey = JSON.stringify(fromUrl);
  const [typed, setTyped] = useState<T>(fromUrl);
  const settled = useDebounced(typed, ms);
  const latest = useRef({ apply, isValid, urlKey });
  useEffect(() => {
    latest.current = { apply, isValid, urlKey };
  });
  // The URL said something else: show that. Unchanged (as on mount), the same object stays, so neither
  // this state nor the debounced copy of it re-renders the page (each was a whole-page render).
  useEffect(() => {
    setTyped((current) => (JSON.stringify(current) === urlKey ? current : (JSON.parse(urlKey) as T)));
  }, [urlKey]);
  useEffect(() => {
    const { apply: write, isValid: ok, urlKey: current } = latest.current;
    if (ok(settled) && JSON.stringify(settled) !== current) write(settled);
  }, [settled]);
  return [typed, setTyped] as const;
}
