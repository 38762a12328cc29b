import { randomToken, sha256, TOKEN_PATTERN } from '../../../platform/security/secrets';
import type { SessionsRepository, SessionWithUser } from './sessions.repository';

/** Session lifetimes in seconds (SESSION_* settings). */
export interface SessionPolicy {
  idleSeconds: number;
  absoluteSeconds: number;
  /** "Remember password": absolute lifetime, and the lifetime of the cookies. */
  rememberSeconds: number;
  /** "Remember password": idle timeout (a week, or the whole lifetime when shorter). */
  rememberIdleSeconds: number;
}

export const REMEMBER_IDLE_SECONDS = 7 * 86_400;

export function sessionPolicy(config: {
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  sessionRememberDays: number;
}): SessionPolicy {
  const rememberSeconds = config.sessionRememberDays * 86_400;
  return {
    idleSeconds: config.sessionIdleMinutes * 60,
    absoluteSeconds: config.sessionAbsoluteHours * 3600,
    rememberSeconds,
    rememberIdleSeconds: Math.min(REMEMBER_IDLE_SECONDS, rememberSeconds),
  };
}

/** Recording every request's time would write on every call; a minute's precision is enough. */
const TOUCH_AFTER_SECONDS = 60;
/** Expired rows are swept at most this often (at logins). */
const SWEEP_EVERY_MS = 10 * 60_000;

export interface ActiveSession {
  tokenHash: string;
  userId: string;
  phone: string;
  uniqueId: string;
  userType: string;
  userTypeAqidata: string;
  lidarPermission: string | null;
  remember: boolean;
  /** Absolute end, epoch seconds. */
  expiresAt: number;
}

function present(row: SessionWithUser): ActiveSession {
  return {
    tokenHash: row.token_hash,
    userId: row.user_id,
    phone: row.phone,
    uniqueId: row.unique_id,
    userType: row.user_type,
    userTypeAqidata: row.user_type_aqidata,
    lidarPermission: row.lidar_permission,
    remember: row.remember === 1,
    expiresAt: row.expires_at,
  };
}

/**
 * Server-side sessions (GUIDE.md §7): 256-bit random tokens, stored as SHA-256; an idle and an
 * absolute timeout; revocable one by one or per user.
 */
export class SessionService {
  private lastSweep = 0;

  constructor(
    private readonly repository: SessionsRepository,
    private readonly policy: SessionPolicy,
    private readonly nowMs: () => number = Date.now,
  ) {}

  private now(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  async create(userId: string, remember: boolean): Promise<{ token: string; tokenHash: string; expiresAt: number }> {
    const now = this.now();
    if (this.nowMs() - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = this.nowMs();
      await this.repository.deleteExpired(now);
    }
    const token = randomToken();
    const tokenHash = sha256(token);
    const expiresAt = now + (remember ? this.policy.rememberSeconds : this.policy.absoluteSeconds);
    await this.repository.insert({
      token_hash: tokenHash,
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      idle_seconds: remember ? this.policy.rememberIdleSeconds : this.policy.idleSeconds,
      expires_at: expiresAt,
      remember: remember ? 1 : 0,
    });
    return { token, tokenHash, expiresAt };
  }

  /** The live session of a token (and a note that it was used), or undefined; an expired one is removed. */
  async resolve(token: string): Promise<ActiveSession | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const tokenHash = sha256(token);
    const row = await this.repository.byTokenHash(tokenHash);
    if (row === undefined) return undefined;
    const now = this.now();
    if (row.expires_at <= now || row.last_seen_at + row.idle_seconds <= now) {
      await this.repository.delete(tokenHash);
      return undefined;
    }
    if (now - row.last_seen_at >= TOUCH_AFTER_SECONDS) await this.repository.touch(tokenHash, now);
    return present(row);
  }

  async revoke(token: string): Promise<void> {
    if (TOKEN_PATTERN.test(token)) await this.repository.delete(sha256(token));
  }

  async revokeAll(userId: string): Promise<number> {
    return this.repository.deleteForUser(userId);
  }

  async revokeOthers(userId: string, keepTokenHash: string): Promise<number> {
    return this.repository.deleteForUser(userId, keepTokenHash);
  }
}
