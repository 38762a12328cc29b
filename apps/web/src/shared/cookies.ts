/**
 * Plain `document.cookie` helpers for the few cookies the public site keeps itself (spec §3 "Cookies":
 * the web version and the visitor's unique id). Cookies the server sets HttpOnly are out of reach here,
 * as they should be.
 */

/** Spec §9: the version cookie and the unique id live 400 days (also the most a browser allows). */
export const LONG_COOKIE_DAYS = 400;
const DAY_SECONDS = 86_400;

export function getCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export function setCookie(name: string, value: string, days: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and WebViews
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(days * DAY_SECONDS)}; Path=/; SameSite=Lax${secure}`;
}

/** The names of the cookies this page can see. */
export function cookieNames(): string[] {
  return document.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => name !== '');
}

/**
 * Expires every cookie the page can see. A cookie is deleted only by repeating its path and domain,
 * which `document.cookie` does not reveal, so each name is expired for every parent path of the
 * current address and for the host and its parent domains.
 */
export function clearAllCookies(): void {
  const segments = window.location.pathname.split('/').filter((s) => s !== '');
  const paths = ['/'];
  for (let i = 1; i <= segments.length; i++) {
    const p = `/${segments.slice(0, i).join('/')}`;
    paths.push(p, `${p}/`);
  }
  const labels = window.location.hostname.split('.');
  const domains: (string | undefined)[] = [undefined];
  for (let i = 0; i < labels.length - 1; i++) domains.push(labels.slice(i).join('.'));
  for (const name of cookieNames()) {
    for (const path of paths) {
      for (const domain of domains) {
        // biome-ignore lint/suspicious/noDocumentCookie: as in setCookie
        document.cookie = `${name}=; Max-Age=0; Path=${path}${domain === undefined ? '' : `; Domain=${domain}`}`;
      }
    }
  }
}
