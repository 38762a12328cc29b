import { PAGES, type PageKey } from './pages';

/**
 * The routing rules of spec §2 "Routing of the public application", as pure functions of the address so
 * that the shell, the tabs and the city resolution agree on them.
 */

const PAGE_KEYS: readonly string[] = PAGES.map((p) => p.key);

export function isPageKey(value: string | undefined): value is PageKey {
  return value !== undefined && PAGE_KEYS.includes(value);
}

/**
 * Active page: the first path segment when the path has more than two segments (counted as the spec's
 * client did, `pathname.split('/')`, so `/site/` and `/site/beijing` have three), otherwise city.
 */
export function activePage(pathname: string): PageKey {
  const parts = pathname.split('/');
  const first = parts[1];
  return parts.length > 2 && isPageKey(first) ? first : 'city';
}

/** Whether the address is one of the three pages (anything else the router sends back to /). */
export function isPagePath(pathname: string): boolean {
  return isPageKey(pathname.split('/')[1]);
}

/** The city parameter: the last non-empty segment after the page prefix, decoded; undefined when none. */
export function citySegment(pathname: string): string | undefined {
  const segments = pathname.split('/').filter((s) => s !== '');
  if (segments.length < 2) return undefined;
  const last = segments[segments.length - 1] ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** `/{page}/{pinyin or station code}` followed by the query string (`?a=b` or empty), which is kept. */
export function pagePath(page: PageKey, segment: string, search = ''): string {
  return `/${page}/${encodeURIComponent(segment)}${search}`;
}
