import { useLocation } from 'react-router';

/**
 * The city (or station) a page shows, as the URL names it: the last segment of
 * `/{page}/{city+}` — a lowercase pinyin name, an area code or, on the site page, a station code.
 * Undefined while the shell is still resolving the visitor's city (spec §4 "Initial city
 * resolution"); the shell then navigates to a path that has one.
 */
export function useCityParam(): string | undefined {
  const { pathname } = useLocation();
  const segments = pathname.split('/').filter((s) => s !== '');
  if (segments.length < 2) return undefined;
  return decodeURIComponent(segments[segments.length - 1] ?? '');
}
