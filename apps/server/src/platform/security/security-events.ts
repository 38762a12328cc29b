import type { FastifyBaseLogger } from 'fastify';

/**
 * Authentication security events (issue 16 item 8), one structured log entry each, so that an
 * operator can alert on `event` and count by `ip` or `account` without parsing messages. Never a
 * password, a code or a token; phones arrive masked (138****8000) and usernames as typed (bounded).
 */
export type SecurityEventName =
  | 'auth.login_failed'
  | 'auth.login_throttled'
  | 'auth.login_escalated'
  | 'auth.login_succeeded'
  | 'auth.password_reset'
  | 'auth.password_changed'
  | 'auth.password_change_failed'
  | 'auth.register_phone_taken';

export interface SecurityEvent {
  event: SecurityEventName;
  /** Which login: the public site's visitors or the operator platform. */
  realm: 'public' | 'platform';
  ip: string;
  /** A masked phone or an operator's username (cut to 64 characters). */
  account?: string;
  /** Why, in a word: wrong_password, unknown_account, per_ip, per_account_ip, ticket_missing… */
  reason?: string;
  /** Failures counted for the account in the current window, when known. */
  count?: number;
}

/** Failures, throttles and escalations are warnings (worth an alert in bulk); the rest is info. */
export function logSecurityEvent(log: FastifyBaseLogger, entry: SecurityEvent): void {
  const account = entry.account?.slice(0, 64);
  const line = { ...entry, ...(account === undefined ? {} : { account }) };
  if (entry.event === 'auth.login_succeeded' || entry.event === 'auth.password_changed') log.info(line, entry.event);
  else log.warn(line, entry.event);
}
