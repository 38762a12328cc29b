import { useSyncExternalStore } from 'react';
import { getCookie } from '../../shared/cookies';
import { tokenValid } from './account.api';
import { TIMING } from './messages';

/**
 * Login state (spec §3 "Session state", §4 "Session"). The token cookie is HttpOnly (GUIDE §7), so
 * the page cannot see it; the server sets readable companion cookies beside it, and the state is
 * derived from those, polled every 2 s — a login or logout in another tab shows here within 2 s.
 */

export interface Session {
  loggedIn: boolean;
  username: string;
  userType: string;
  userTypeAqidata: string;
  lidarPermission: string;
}

/** The readable cookies the server writes at login and clears at logout (spec §3 "Cookies"). */
export const COMPANION_COOKIES = ['username', 'userType', 'userTypeAqidata', 'lidarPermission'] as const;

const LOGGED_OUT: Session = {
  loggedIn: false,
  username: '',
  userType: '',
  userTypeAqidata: '',
  lidarPermission: '',
};

/** Removes the readable login cookies (the server removes the HttpOnly token at logout). */
export function expireCompanionCookies() {
  for (const name of COMPANION_COOKIES) {
    if (getCookie(name) === undefined) continue;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
    document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
  }
}

/**
 * The companion `username` cookie stands for the token: present means logged in. When it is gone, the
 * other companions are stale and are removed (spec §4: absent token → all login cookies cleared).
 */
function sessionFromCookies(): Session {
  const username = getCookie('username') ?? '';
  if (username === '') {
    expireCompanionCookies();
    return LOGGED_OUT;
  }
  return {
    loggedIn: true,
    username,
    userType: getCookie('userType') ?? '',
    userTypeAqidata: getCookie('userTypeAqidata') ?? '',
    lidarPermission: getCookie('lidarPermission') ?? '',
  };
}

let lastCookieText: string | null = null;
let current: Session = LOGGED_OUT;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function read(): Session {
  if (typeof document === 'undefined') return LOGGED_OUT;
  if (document.cookie === lastCookieText) return current;
  const next = sessionFromCookies();
  lastCookieText = document.cookie;
  const same =
    next.loggedIn === current.loggedIn &&
    next.username === current.username &&
    next.userType === current.userType &&
    next.userTypeAqidata === current.userTypeAqidata &&
    next.lidarPermission === current.lidarPermission;
  if (!same) current = next;
  return current;
}

/** Re-reads the cookies now (after a login or logout in this tab) instead of at the next poll. */
export function refreshSession() {
  const before = current;
  if (read() !== before) for (const l of listeners) l();
}

let confirmed = false;

/**
 * The companion cookies outlive a session the server ended (idle timeout, a password change elsewhere),
 * so the first time a page shows a login, the server is asked once whether it still stands.
 */
function confirmOnce() {
  if (confirmed || !read().loggedIn) return;
  confirmed = true;
  tokenValid().then(
    (status) => {
      if (status.valid) return;
      expireCompanionCookies();
      refreshSession();
    },
    () => {
      // Unreachable server: keep what the cookies say; the next page load asks again.
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  confirmOnce();
  if (timer === undefined) timer = setInterval(refreshSession, TIMING.sessionPollMs);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The visitor's login state, kept current by the 2-second cookie poll. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, read, () => LOGGED_OUT);
}
