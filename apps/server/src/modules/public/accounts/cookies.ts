import { ACCOUNT_COOKIES } from '@lantian/contracts';
import type { FastifyReply } from 'fastify';
import {
  appendCookies as append,
  readCookies,
  serializeCookie as serialize,
  sessionCookieName,
} from '../../../platform/http/cookies';
import { maskPhone } from './phone';
import type { ActiveSession } from './sessions.service';

export { readCookies, sessionCookieName };

/** The readable companions keep the spec's names (§3): the shell reads them; they grant nothing. */
const COMPANION_COOKIES = [
  ACCOUNT_COOKIES.username,
  ACCOUNT_COOKIES.userType,
  ACCOUNT_COOKIES.userTypeAqidata,
  ACCOUNT_COOKIES.lidarPermission,
] as const;

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
    serialize(sessionCookieName(ACCOUNT_COOKIES.token, options.secure), token, { ...readable, httpOnly: true }),
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
  append(reply, [
    serialize(sessionCookieName(ACCOUNT_COOKIES.token, secure), '', { httpOnly: true, secure, maxAge: 0 }),
    ...COMPANION_COOKIES.map((name) => serialize(name, '', { httpOnly: false, secure, maxAge: 0 })),
  ]);
}
