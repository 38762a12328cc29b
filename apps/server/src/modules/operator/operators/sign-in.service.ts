import { ErrorCode, operatorPasswordProblem } from '@lantian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock';
import { AppError } from '../../../platform/errors';
import { clientKey } from '../../../platform/http/client-address';
import type { OperatorPrincipal } from '../../../platform/http/principal';
import type { CaptchaService } from '../../../platform/security/captcha.service';
import { COMMON_PASSWORDS } from '../../../platform/security/common-passwords';
import { dummyHash, hashSecret, verifySecret } from '../../../platform/security/passwords';
import { humanWait } from '../../../platform/security/rate-limits';
import { logSecurityEvent } from '../../../platform/security/security-events';
import type { SharedState } from '../../../platform/state';
import type { AuditLog } from '../audit';
import type { OperatorDirectory, OperatorProfileFacts } from './directory.service';
import type { OperatorSession } from './operator-sessions.repository';
import type { OperatorsRepository } from './operators.repository';
import type { OperatorSessions } from './sessions.service';

/**
 * Sign-in throttling (issue 13, reworked by issue 16 item 8). Every attempt that reaches the password
 * check is counted first (an atomic increment), so parallel guesses cannot slip past a cap:
 * - per username and address: 5 tries in 15 minutes, then 429 for that pair only;
 * - per address: 30 tries in 15 minutes (successes included; PLATFORM_SIGNIN_MAX_PER_ADDRESS), plus
 *   failed captchas;
 * - per username from anywhere: past 10 tries, one try per 15 seconds for that username (a pace
 *   rather than a lock: a stranger guessing cannot keep the operator out for a quarter of an hour,
 *   and the whole internet together gets 4 guesses a minute, each behind an image captcha).
 * The console has no slide puzzle, so the pace stands in for the public site's puzzle escalation.
 * Counted in the shared state, so it holds across instances; a successful sign-in clears the
 * username's counters.
 */
export const LOCKOUT = {
  perAccountAndAddress: 5,
  perAddress: 30,
  /** Tries for a username (from anywhere) after which the pace applies. */
  paceAfter: 10,
  paceMs: 15_000,
  windowMs: 15 * 60_000,
} as const;

const accountKey = (username: string) => `oplock:user:${username.toLowerCase()}`;
const paceKey = (username: string) => `oplock:pace:${username.toLowerCase()}`;
const pairKey = (username: string, ip: string) => `oplock:pair:${username.toLowerCase()}:${clientKey(ip)}`;
const addressKey = (ip: string) => `oplock:ip:${clientKey(ip)}`;

const SIGN_IN_FAILED = '用户名或密码错误';

export interface SignInInput {
  username: string;
  password: string;
  validateCode: string;
  uuid: string;
}

/** A new operator password that passes the shown rules and is not a well-known one. */
export function checkOperatorPassword(password: string, username: string): string {
  const problem = operatorPasswordProblem(password, username);
  if (problem !== null) throw new AppError(ErrorCode.VALIDATION, problem);
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    throw new AppError(ErrorCode.VALIDATION, '密码过于常见，容易被猜中，请换一个');
  }
  return password;
}

/** Sign-in, sign-out and password changes of operators, each written to the audit log. */
export class SignInService {
  constructor(
    private readonly operators: OperatorsRepository,
    private readonly directory: OperatorDirectory,
    private readonly sessions: OperatorSessions,
    private readonly captchas: CaptchaService,
    private readonly state: SharedState,
    private readonly audit: AuditLog,
    private readonly now: Clock,
    private readonly log: FastifyBaseLogger,
    /** Tries per address in the window (PLATFORM_SIGNIN_MAX_PER_ADDRESS; LOCKOUT.perAddress by default). */
    private readonly perAddress: number = LOCKOUT.perAddress,
  ) {}

  captcha(): Promise<{ uuid: string; img: string }> {
    return this.captchas.create();
  }

  async signIn(
    input: SignInInput,
    ip: string,
  ): Promise<{ token: string; session: OperatorSession; profile: OperatorProfileFacts }> {
    const account = input.username.slice(0, 64);
    await this.refuseOver(addressKey(ip), this.perAddress, '该地址登录失败次数过多', ip, account, 'per_address');
    if (!(await this.captchas.check(input.uuid, input.validateCode))) {
      await this.state.increment(addressKey(ip), LOCKOUT.windowMs);
      throw new AppError(ErrorCode.CAPTCHA_INVALID, '验证码错误或已过期，请重新输入');
    }
    // Counted before the password is looked at: at most the cap of parallel tries reach it.
    await this.countOrRefuse(addressKey(ip), this.perAddress, '该地址登录失败次数过多', ip, account, 'per_address');
    await this.countOrRefuse(
      pairKey(input.username, ip),
      LOCKOUT.perAccountAndAddress,
      '该账号在此地址登录失败次数过多',
      ip,
      account,
      'per_account_address',
    );
    const { count: tries } = await this.state.increment(accountKey(input.username), LOCKOUT.windowMs);
    if (tries > LOCKOUT.paceAfter && !(await this.state.setIfAbsent(paceKey(input.username), '1', LOCKOUT.paceMs))) {
      const left = (await this.state.ttl(paceKey(input.username))) ?? LOCKOUT.paceMs;
      logSecurityEvent(this.log, {
        event: 'auth.login_escalated',
        realm: 'platform',
        ip,
        account,
        count: tries,
        reason: 'paced',
      });
      throw this.tooMany('该账号登录尝试过多', left);
    }
    const operator = await this.operators.byUsername(input.username);
    // An unknown username costs one hash verification too: no telling accounts apart by time.
    const matches = await verifySecret(operator?.password_hash ?? (await dummyHash()), input.password);
    if (operator === undefined || !matches) {
      await this.failed(input.username, ip, operator === undefined ? null : operator, '用户名或密码错误');
      throw new AppError(ErrorCode.LOGIN_FAILED, SIGN_IN_FAILED);
    }
    if (operator.status !== 'active') {
      await this.failed(input.username, ip, operator, '账号已停用');
      throw new AppError(ErrorCode.OPERATOR_DISABLED, '账号已停用，请联系管理员');
    }
    await Promise.all(
      [accountKey(input.username), pairKey(input.username, ip), paceKey(input.username)].map((key) =>
        this.state.delete(key),
      ),
    );
    logSecurityEvent(this.log, { event: 'auth.login_succeeded', realm: 'platform', ip, account });
    const opened = await this.sessions.open(operator.id, ip);
    const now = this.now();
    await this.operators.recordSignIn(operator.id, now);
    const profile = await this.directory.profile({ ...operator, last_login_at: now });
    await this.audit.record({
      actor: { id: operator.id, name: operator.username, areaCode: operator.org_area },
      ip,
      action: 'session.signin',
      target: { type: 'operator', id: operator.id, name: operator.username },
    });
    return { ...opened, profile };
  }

  /** Ends the session of a token, if it is still open (signing out twice, or after it ended, is fine). */
  async signOutToken(token: string, ip: string): Promise<void> {
    const session = await this.sessions.find(token);
    if (session === undefined) return;
    await this.sessions.end(session.token_hash);
    const operator = await this.operators.byId(session.operator_id);
    if (operator === undefined) return;
    await this.audit.record({
      actor: { id: operator.id, name: operator.username, areaCode: operator.org_area },
      ip,
      action: 'session.signout',
      target: { type: 'operator', id: operator.id, name: operator.username },
    });
  }

  /** The operator's own change: the old password must match; every other session of theirs ends. */
  async changePassword(
    principal: OperatorPrincipal,
    input: { oldPassword: string; newPassword: string },
    ip: string,
  ): Promise<void> {
    const operator = await this.operators.byId(principal.id);
    if (operator === undefined) throw new AppError(ErrorCode.SESSION_EXPIRED, '登录已过期，请重新登录');
    if (!(await verifySecret(operator.password_hash, input.oldPassword))) {
      logSecurityEvent(this.log, {
        event: 'auth.password_change_failed',
        realm: 'platform',
        ip,
        account: operator.username,
        reason: 'wrong_old_password',
      });
      throw new AppError(ErrorCode.OLD_PASSWORD_WRONG, '原密码不正确');
    }
    checkOperatorPassword(input.newPassword, operator.username);
    await this.operators.setPassword(operator.id, await hashSecret(input.newPassword), false, this.now());
    await this.sessions.endAll(operator.id, principal.session.key);
    logSecurityEvent(this.log, { event: 'auth.password_changed', realm: 'platform', ip, account: operator.username });
    await this.audit.record({
      actor: { id: operator.id, name: operator.username, areaCode: operator.org_area },
      ip,
      action: 'session.password_changed',
      target: { type: 'operator', id: operator.id, name: operator.username },
    });
  }

  /** Lifts the pace of a username (an administrator rescued the account from the shell). */
  async unlock(username: string): Promise<void> {
    await Promise.all([this.state.delete(accountKey(username)), this.state.delete(paceKey(username))]);
  }

  private tooMany(why: string, leftMs: number): AppError {
    const seconds = Math.max(1, Math.ceil((Number.isFinite(leftMs) ? leftMs : LOCKOUT.windowMs) / 1000));
    return new AppError(ErrorCode.SIGNIN_LOCKED, `${why}，请 ${humanWait(seconds)}后再试`, {
      headers: { 'retry-after': String(seconds) },
      data: { retryAfterSeconds: seconds },
    });
  }

  /** Refuses when a counter is already over its cap (before the captcha is spent); counts nothing. */
  private async refuseOver(key: string, max: number, why: string, ip: string, account: string, reason: string) {
    const count = Number((await this.state.get(key)) ?? 0);
    if (count < max) return;
    logSecurityEvent(this.log, { event: 'auth.login_throttled', realm: 'platform', ip, account, reason });
    throw this.tooMany(why, (await this.state.ttl(key)) ?? LOCKOUT.windowMs);
  }

  /** Counts one try, then refuses when that went over the cap: the count comes first, so it holds under races. */
  private async countOrRefuse(key: string, max: number, why: string, ip: string, account: string, reason: string) {
    const { count, resetInMs } = await this.state.increment(key, LOCKOUT.windowMs);
    if (count <= max) return;
    logSecurityEvent(this.log, { event: 'auth.login_throttled', realm: 'platform', ip, account, reason, count });
    throw this.tooMany(why, resetInMs);
  }

  private async failed(
    username: string,
    ip: string,
    operator: { id: string; username: string; org_area: string } | null,
    detail: string,
  ): Promise<void> {
    logSecurityEvent(this.log, {
      event: 'auth.login_failed',
      realm: 'platform',
      ip,
      account: username,
      reason: operator === null ? 'unknown_account' : detail === '账号已停用' ? 'disabled' : 'wrong_password',
    });
    await this.audit.record({
      actor: {
        id: operator?.id ?? null,
        name: operator?.username ?? username.slice(0, 64),
        areaCode: operator?.org_area ?? null,
      },
      ip,
      action: 'session.signin_failed',
      target: operator === null ? undefined : { type: 'operator', id: operator.id, name: operator.username },
      outcome: 'failure',
      detail,
    });
  }
}
