import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookies of a request (first value of each name). */
export function readCookies(request: FastifyRequest): Map<string, string> {
  const cookies = new Map<string, string>();
  const header = request.headers.cookie;
  if (typeof header !== 'string') return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name === '' || cookies.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      // A value that is not valid percent-encoding is taken as written.
      cookies.set(name, value);
    }
  }
  return cookies;
}

export interface CookieOptions {
  httpOnly: boolean;
  secure: boolean;
  /** Seconds; undefined: a browser-session cookie. */
  maxAge: number | undefined;
  /** Where the cookie is sent; the whole site unless given (the console's own state stays under /platform/). */
  path?: string;
}

/** A Set-Cookie value, SameSite=Lax (GUIDE §7), for the whole site unless `path` says otherwise. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`, 'SameSite=Lax'];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * The name of a session-token cookie: with Secure it carries the `__Host-` prefix, which browsers
 * accept only from a secure origin, with Path=/ and no Domain, so neither a sibling subdomain nor a
 * plain-HTTP page can plant one (session fixation). Without Secure (development over plain HTTP,
 * where browsers refuse `__Host-`) the bare name. Readers take only the name of the running mode.
 */
export function sessionCookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

/**
 * A browser's request: it carries fetch metadata (`Sec-Fetch-Site` / `Sec-Fetch-Mode`), which every
 * current browser adds and no page script can remove. A browser's session lives in the HttpOnly
 * cookie, so a login answer to one leaves the token out: echoing it would hand it to any script
 * running on the page, which is what HttpOnly is for. Other callers (apps, curl, servers) get it:
 * they send it back in a header.
 */
export function isBrowserRequest(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  const mode = request.headers['sec-fetch-mode'];
  return (typeof site === 'string' && site !== '') || (typeof mode === 'string' && mode !== '');
}

/** Adds Set-Cookie values to those the reply already carries. */
export function appendCookies(reply: FastifyReply, cookies: readonly string[]): void {
  const existing = reply.getHeader('set-cookie');
  const before = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...before, ...cookies]);
}
