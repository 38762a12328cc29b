import { logout } from './account.api';
import { expireCompanionCookies, refreshSession } from './session';

/**
 * Spec §4 "Session": logout calls the server, then clears the login state and reloads the page even
 * if the call failed — the visitor asked to be logged out, and this browser at least forgets them.
 */
export async function performLogout(): Promise<void> {
  try {
    await logout();
  } catch {
    // Errors are ignored (spec §7 "Account": logout).
  }
  expireCompanionCookies();
  refreshSession();
  window.location.reload();
}
