import { ACCOUNT_COOKIES } from '@lantian/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { maskPhone } from './phone';
import type { ActiveSession } from './sessions';

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

interface CookieOptions {
  httpOnly: boolean;
  secure: boolean;
  /** Seconds; undefined: a browser-session cookie. */
  maxAge: number | undefined;
}

function serialize(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

const LOGIN_COOKIES = [
  ACCOUNT_COOKIES.token,
  ACCOUNT_COOKIES.username,
  ACCOUNT_COOKIES.userType,
  ACCOUNT_COOKIES.userTypeAqidata,
  ACCOUNT_COOKIES.lidarPermission,
] as const;

function append(reply: FastifyReply, cookies: string[]) {
  const existing = reply.getHeader('set-cookie');
  const before = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...before, ...cookies]);
}

/**
 * Spec §3 "Cookies": the token HttpOnly (GUIDE.md §7) and the readable companions the shell polls.
 * Remembered sessions get persistent cookies; others last until the browser closes.
 */
export function setLoginCookies(
  reply: FastifyReply,
  token: string,
  session: Pick<ActiveSession, 'phone' | 'userType' | 'userTypeAqidata' | 'lidarPermission'>,
  options: { secure: boolean; maxAge: number | undefined },
) {
  const readable = { httpOnly: false, secure: options.secure, maxAge: options.maxAge };
  const cookies = [
    serialize(ACCOUNT_COOKIES.token, token, { ...readable, httpOnly: true }),
    serialize(ACCOUNT_COOKIES.username, maskPhone(session.phone), readable),
    serialize(ACCOUNT_COOKIES.userType, session.userType, readable),
    serialize(ACCOUNT_COOKIES.userTypeAqidata, session.userTypeAqidata, readable),
  ];
  // Spec §3: lidarPermission is set only if present; a stale one from an earlier login goes.
  cookies.push(
    session.lidarPermission === null
      ? serialize(ACCOUNT_COOKIES.lidarPermission, '', { ...readable, maxAge: 0 })
      : serialize(ACCOUNT_COOKIES.lidarPermission, session.lidarPermission, readable),
  );
  append(reply, cookies);
}

export function clearLoginCookies(reply: FastifyReply, secure: boolean) {
  append(
    reply,
    LOGIN_COOKIES.map((name) => serialize(name, '', { httpOnly: name === ACCOUNT_COOKIES.token, secure, maxAge: 0 })),
  );
}
