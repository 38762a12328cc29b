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

/**
 * The sections of the site beside the three pages: the side navigation's other five entries. They
 * live inside the same shell (search, tabs) but are not pages: no tab is active there and the current
 * city is not resolved from their address.
 */
export const SECTIONS = [
  { key: 'cityAnalysis', prefix: '/analysis/city', label: '城市分析' },
  { key: 'rankAnalysis', prefix: '/analysis/rank', label: '排名分析' },
  { key: 'imageAnalysis', prefix: '/analysis/image', label: '图像分析' },
  { key: 'dataAnalysis', prefix: '/analysis/data', label: '数据分析' },
  { key: 'news', prefix: '/news', label: '新闻资讯' },
] as const;

export type Section = (typeof SECTIONS)[number];

/** The section an address belongs to (`/analysis/rank`, `/news/article/3`), or undefined on a page. */
export function sectionOf(pathname: string): Section | undefined {
  return SECTIONS.find((s) => pathname === s.prefix || pathname.startsWith(`${s.prefix}/`));
}

/** The city analysis of a city: `/analysis/city/{pinyin}` with the query string kept. */
export function cityAnalysisPath(segment: string, search = ''): string {
  return `/analysis/city/${encodeURIComponent(segment)}${search}`;
}
