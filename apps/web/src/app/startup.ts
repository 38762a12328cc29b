import { callApi } from '../shared/api/client';
import { clearAllCookies, getCookie, LONG_COOKIE_DAYS, setCookie } from '../shared/cookies';
import { runtimeConfig } from '../shared/runtime-config';
import { clearStorages } from '../shared/storage';

/**
 * What runs before the first render: the web-version reset, the phone/pc class and, when the
 * deployment turns it on, the anti-debugging guard. The unique id is fetched by the shell once it
 * listens for failures.
 */

/** Spec §9: the web version. A browser holding another one starts clean. */
export const WEB_VERSION = '1.0.13';
export const WEB_VERSION_COOKIE = 'webVersion';
export const UNIQUE_ID_COOKIE = 'Authentication-uniqueId';

/**
 * Spec §3/§9: when the version cookie differs from this build's (or is missing), everything an older
 * release may have left — cookies, local and session storage — is cleared, then the cookie is rewritten
 * for 400 days.
 */
export function checkWebVersion(): void {
  if (getCookie(WEB_VERSION_COOKIE) === WEB_VERSION) return;
  clearAllCookies();
  clearStorages();
  setCookie(WEB_VERSION_COOKIE, WEB_VERSION, LONG_COOKIE_DAYS);
}

const PHONE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|HarmonyOS/i;

export function deviceClass(userAgent: string): 'phone' | 'pc' {
  return PHONE_AGENT.test(userAgent) ? 'phone' : 'pc';
}

/** Spec §2 "Shell": the body is classed phone or pc from the user agent; phones get a fixed-height body. */
export function markDevice(): void {
  const kind = deviceClass(navigator.userAgent);
  document.body.classList.remove('phone', 'pc');
  document.body.classList.add(kind);
}

let uniqueId: Promise<void> | undefined;

/** Spec §7: the visitor's unique id, fetched at start when the cookie is missing, kept 400 days. */
export function ensureUniqueId(): Promise<void> {
  if (getCookie(UNIQUE_ID_COOKIE) !== undefined) return Promise.resolve();
  uniqueId ??= callApi<{ uniqueId: string }>('/anon/user/getUniqueId', {}, { method: 'POST' })
    .then((data) => setCookie(UNIQUE_ID_COOKIE, data.uniqueId, LONG_COOKIE_DAYS))
    .catch(() => {
      // Announced by the shell's toast; the next page load tries again.
      uniqueId = undefined;
    });
  return uniqueId;
}

export function startup(): void {
  checkWebVersion();
  markDevice();
  if (runtimeConfig.antiDebug) void import('./anti-debug').then((m) => m.startAntiDebug());
}
