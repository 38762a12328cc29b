import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, re-rendering when it changes (rotation, window resize). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Spec §2 "Shell": below this width the page tabs move into a popover. */
export const NARROW_QUERY = '(max-width: 767.98px)';
