import { PLATFORM_COOKIES } from '@lantian/contracts';
import type { FastifyReply } from 'fastify';
import { appendCookies, serializeCookie, sessionCookieName } from '../../../platform/http/cookies';

/**
 * The console's session cookies: the token HttpOnly for the whole site (`__Host-Platform-Token` when
 * Secure: that prefix needs Path=/, which the token has anyway) (platform calls live at
 * /zhhb, /sys, /portal …), `platformSignedIn` readable so the console's poll notices a sign-out made
 * elsewhere, and spec §3's userType / userTypeAqidata / lidarPermission readable under /platform/
 * only — the public site keeps cookies of the same names for its visitors, and the two must not
 * overwrite each other.
 */
const CONSOLE_PATH = '/platform/';

export interface SessionCookieState {
  userType: string;
  userTypeAqidata: string;
  lidarPermission: string | null;
}

export function setSessionCookies(reply: FastifyReply, token: string, state: SessionCookieState, secure: boolean) {
  const site = { httpOnly: false, secure, maxAge: undefined };
  const consolePages = { ...site, path: CONSOLE_PATH };
  appendCookies(reply, [
    serializeCookie(sessionCookieName(PLATFORM_COOKIES.token, secure), token, { ...site, httpOnly: true }),
    serializeCookie(PLATFORM_COOKIES.signedIn, '1', site),
    serializeCookie(PLATFORM_COOKIES.userType, state.userType, consolePages),
    serializeCookie(PLATFORM_COOKIES.userTypeAqidata, state.userTypeAqidata, consolePages),
    state.lidarPermission === null
      ? serializeCookie(PLATFORM_COOKIES.lidarPermission, '', { ...consolePages, maxAge: 0 })
      : serializeCookie(PLATFORM_COOKIES.lidarPermission, state.lidarPermission, consolePages),
  ]);
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  const gone = { httpOnly: false, secure, maxAge: 0 };
  appendCookies(reply, [
    serializeCookie(sessionCookieName(PLATFORM_COOKIES.token, secure), '', { ...gone, httpOnly: true }),
    serializeCookie(PLATFORM_COOKIES.signedIn, '', gone),
    ...[PLATFORM_COOKIES.userType, PLATFORM_COOKIES.userTypeAqidata, PLATFORM_COOKIES.lidarPermission].map((name) =>
      serializeCookie(name, '', { ...gone, path: CONSOLE_PATH }),
    ),
  ]);
}
