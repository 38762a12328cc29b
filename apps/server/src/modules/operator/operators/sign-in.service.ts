import { ErrorCode, operatorPasswordProblem } from '@lantian/contracts';
import type { Clock } from '../../../platform/clock';
import { AppError } from '../../../platform/errors';
import type { OperatorPrincipal } from '../../../platform/http/principal';
import type { CaptchaService } from '../../../platform/security/captcha.service';
import { COMMON_PASSWORDS } from '../../../platform/security/common-passwords';
import { dummyHash, hashSecret, verifySecret } from '../../../platform/security/passwords';
import { humanWait } from '../../../platform/security/rate-limits';
import type { SharedState } from '../../../platform/state';
import type { AuditLog } from '../audit';
import type { OperatorDirectory, OperatorProfileFacts } from './directory.service';
import type { OperatorSession } from './operator-sessions.repository';
import type { OperatorsRepository } from './operators.repository';
import type { OperatorSessions } from './sessions.service';

/**
 * Lockout (issue 13): 5 wrong passwords for an account, or 20 failures from one address, within 15
 * minutes lock further attempts until the window ends. Counted in the shared state, so it holds
 * across instances.
 */
export const LOCKOUT = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 } as const;

const accountKey = (username: string) => `oplock:user:${username.toLowerCase()}`;
const addressKey = (ip: string) => `oplock:ip:${ip}`;

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
  ) {}

  captcha(): Promise<{ uuid: string; img: string }> {
    return this.captchas.create();
  }

  async signIn(
    input: SignInInput,
    ip: string,
  ): Promise<{ token: string; session: OperatorSession; profile: OperatorProfileFacts }> {
    await this.refuseIfLocked(addressKey(ip), '该地址登录失败次数过多');
    if (!(await this.captchas.check(input.uuid, input.validateCode))) {
      await this.state.increment(addressKey(ip), LOCKOUT.windowMs);
      throw new AppError(ErrorCode.CAPTCHA_INVALID, '验证码错误或已过期，请重新输入');
    }
    await this.refuseIfLocked(accountKey(input.username), '该账号登录失败次数过多，已暂时锁定');
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
    await this.state.delete(accountKey(input.username));
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
      throw new AppError(ErrorCode.OLD_PASSWORD_WRONG, '原密码不正确');
    }
    checkOperatorPassword(input.newPassword, operator.username);
    await this.operators.setPassword(operator.id, await hashSecret(input.newPassword), false, this.now());
    await this.sessions.endAll(operator.id, principal.session.key);
    await this.audit.record({
      actor: { id: operator.id, name: operator.username, areaCode: operator.org_area },
      ip,
      action: 'session.password_changed',
      target: { type: 'operator', id: operator.id, name: operator.username },
    });
  }

  /** Lifts the lockout of a username (an administrator rescued the account from the shell). */
  async unlock(username: string): Promise<void> {
    await this.state.delete(accountKey(username));
  }

  private async refuseIfLocked(key: string, why: string): Promise<void> {
    const count = Number((await this.state.get(key)) ?? 0);
    const limit = key.startsWith('oplock:ip:') ? LOCKOUT.perAddress : LOCKOUT.perAccount;
    if (count < limit) return;
    const left = (await this.state.ttl(key)) ?? LOCKOUT.windowMs;
    const seconds = Math.max(1, Math.ceil((Number.isFinite(left) ? left : LOCKOUT.windowMs) / 1000));
    throw new AppError(ErrorCode.SIGNIN_LOCKED, `${why}，请 ${humanWait(seconds)}后再试`, {
      headers: { 'retry-after': String(seconds) },
      data: { retryAfterSeconds: seconds },
    });
  }

  private async failed(
    username: string,
    ip: string,
    operator: { id: string; username: string; org_area: string } | null,
    detail: string,
  ): Promise<void> {
    await Promise.all([
      this.state.increment(accountKey(username), LOCKOUT.windowMs),
      this.state.increment(addressKey(ip), LOCKOUT.windowMs),
    ]);
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
