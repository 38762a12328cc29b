import type { SessionTime } from '@lantian/contracts';
import { ErrorCode } from '@lantian/contracts';
import { formatChinaDateTime } from '@lantian/domain';
import type { Clock } from '../../../platform/clock';
import { AppError } from '../../../platform/errors';
import { randomToken, sha256 } from '../../../platform/security/secrets';
import type { OperatorSession, OperatorSessionsRepository } from './operator-sessions.repository';

/** Last-seen times are written at most this often: a busy console does not write on every request. */
const TOUCH_EVERY_SECONDS = 60;

export interface SessionPolicy {
  idleSeconds: number;
  absoluteSeconds: number;
}

export const sessionExpired = () => new AppError(ErrorCode.SESSION_EXPIRED, '登录已过期，请重新登录');

/**
 * Operator sessions: 256-bit random tokens, stored as their SHA-256; an idle timeout and an absolute
 * lifetime; ended on sign-out, and all at once when the operator is disabled or their password changes.
 */
export class OperatorSessions {
  constructor(
    private readonly repository: OperatorSessionsRepository,
    private readonly policy: SessionPolicy,
    private readonly now: Clock,
  ) {}

  async open(operatorId: string, ip: string | null): Promise<{ token: string; session: OperatorSession }> {
    const token = randomToken();
    const now = this.now();
    const session: OperatorSession = {
      token_hash: sha256(token),
      operator_id: operatorId,
      created_at: now,
      last_seen_at: now,
      expires_at: now + this.policy.absoluteSeconds,
      ip,
    };
    await this.repository.insert(session);
    return { token, session };
  }

  /** The live session of a token (its last-seen time moved on); 401 for an unknown, idle or ended one. */
  async resolve(token: string): Promise<OperatorSession> {
    const key = sha256(token);
    const session = await this.repository.byTokenHash(key);
    const now = this.now();
    if (session === undefined) throw sessionExpired();
    if (session.expires_at <= now || session.last_seen_at + this.policy.idleSeconds <= now) {
      await this.repository.delete(key);
      throw sessionExpired();
    }
    if (now - session.last_seen_at >= TOUCH_EVERY_SECONDS) {
      await this.repository.touch(key, now);
      return { ...session, last_seen_at: now };
    }
    return session;
  }

  /** The stored session of a token, live or not (sign-out). */
  async find(token: string): Promise<OperatorSession | undefined> {
    return this.repository.byTokenHash(sha256(token));
  }

  /** The session behind a request that passed the access check (by its token's hash). */
  async current(key: string): Promise<OperatorSession> {
    const session = await this.repository.byTokenHash(key);
    if (session === undefined) throw sessionExpired();
    return session;
  }

  /** Extends an idle session (the console's "stay signed in"): the absolute end does not move. */
  async refresh(session: OperatorSession): Promise<OperatorSession> {
    const now = this.now();
    await this.repository.touch(session.token_hash, now);
    return { ...session, last_seen_at: now };
  }

  time(session: OperatorSession): SessionTime {
    const idleEnd = session.last_seen_at + this.policy.idleSeconds;
    const end = Math.min(idleEnd, session.expires_at);
    return {
      idleMinutes: Math.round(this.policy.idleSeconds / 60),
      expiresAt: formatChinaDateTime(end),
      absoluteExpiresAt: formatChinaDateTime(session.expires_at),
      remainingSeconds: Math.max(0, end - this.now()),
    };
  }

  async end(key: string): Promise<void> {
    await this.repository.delete(key);
  }

  async endAll(operatorId: string, exceptKey?: string): Promise<number> {
    return this.repository.deleteForOperator(operatorId, exceptKey);
  }

  async sweep(): Promise<number> {
    return this.repository.deleteExpired(this.now(), this.policy.idleSeconds);
  }
}
