import {
  ACCOUNT_MESSAGES,
  ErrorCode,
  type LoginResult,
  PHONE_PATTERN,
  SMS_CODE_PATTERN,
  type TokenStatus,
} from '@lantian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../platform/errors';
import { clientKey } from '../../../platform/http/client-address';
import type { CaptchaService } from '../../../platform/security/captcha.service';
import { humanWait, type Limit, MINUTE_MS, type RateLimiter } from '../../../platform/security/rate-limits';
import { randomId } from '../../../platform/security/secrets';
import { logSecurityEvent, type SecurityEvent } from '../../../platform/security/security-events';
import { checkNewPassword, dummyHash, hashSecret, verifySecret } from './passwords';
import { maskPhone, requirePhone } from './phone';
import type { ActiveSession, SessionService } from './sessions.service';
import type { SlidePuzzleService } from './slide-puzzle.service';
import type { SmsCodeService } from './sms-codes.service';
import type { UsersRepository } from './users.repository';

/**
 * Login throttling (GUIDE.md §7, issue 16 item 8). Every attempt that reaches the password check is
 * counted first (an atomic increment), then judged, so parallel guesses cannot slip past a cap:
 * - per phone and client address: 5 tries in 15 minutes, then 429 (the guesser is slowed, the
 *   phone's owner elsewhere is not);
 * - per client address: 30 tries in 15 minutes, successes included (whole-site guessing);
 * - per phone from anywhere: after 5 tries every further one also needs a slide-puzzle ticket for
 *   that phone (a harder check, never a lock: a stranger cannot lock the owner out).
 * A successful login clears the phone's two counters.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * MINUTE_MS,
  perPhoneAndIp: 5,
  perIp: 30,
  /** Tries for a phone (from anywhere) after which the puzzle is required too. */
  escalateAfter: 5,
} as const;
/** Wrong old passwords at updatePassword, per user, per 15 minutes. */
export const OLD_PASSWORD_TRIES = 5;

/** New accounts are ordinary visitors; other types are granted by operators. */
export const DEFAULT_USER_TYPE = '1';
export const DEFAULT_USER_TYPE_AQIDATA = '0';

/** Visitor ids: the 32-hex ids of getUniqueId, or any similar opaque id of 8–64 safe characters. */
export const UNIQUE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

const phoneAndIpKey = (phone: string, ip: string) => `login:try:pip:${phone}:${clientKey(ip)}`;
const phoneKey = (phone: string) => `login:try:phone:${phone}`;

/** The login's answer when the phone needs the puzzle too; the web client opens it and retries. */
export const LOGIN_PUZZLE_REQUIRED = '该账号登录尝试过多，请先完成滑动验证';

const tooManyLogins = (seconds: number) => `登录失败次数过多，请 ${humanWait(seconds)}后再试`;

const fail = (code: (typeof ErrorCode)[keyof typeof ErrorCode], msg: string) => new AppError(code, msg);

function requireSmsCode(raw: string | undefined): string {
  const code = raw?.trim() ?? '';
  if (code === '') throw fail(ErrorCode.VALIDATION, ACCOUNT_MESSAGES.smsCodeEmpty);
  if (!SMS_CODE_PATTERN.test(code)) throw fail(ErrorCode.SMS_CODE_INVALID, ACCOUNT_MESSAGES.smsCodeWrong);
  return code;
}

const smsCodeRefused = () => fail(ErrorCode.SMS_CODE_INVALID, '验证码不正确或已失效');

export interface LoginInput {
  username?: string | undefined;
  password?: string | undefined;
  code?: string | undefined;
  uuid?: string | undefined;
  remember: boolean;
  /** A slide-puzzle ticket for this phone; required once the phone has seen too many tries. */
  ticket?: string | undefined;
}

export interface PasswordChangeInput {
  phone?: string | undefined;
  code?: string | undefined;
  password?: string | undefined;
  uuid?: string | undefined;
}

export function loginResultOf(
  session: Omit<ActiveSession, 'tokenHash' | 'remember' | 'expiresAt'>,
  token: string,
): LoginResult & { token: string } {
  return {
    token,
    uniqueId: session.uniqueId,
    username: maskPhone(session.phone),
    userType: session.userType,
    userTypeAqidata: session.userTypeAqidata,
    ...(session.lidarPermission === null ? {} : { lidarPermission: session.lidarPermission }),
  };
}

/** Login, registration, password reset and change, logout (spec §4, §5, §7 "Account"). */
export class AccountService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionService,
    private readonly captchas: CaptchaService,
    private readonly smsCodes: SmsCodeService,
    private readonly limiter: RateLimiter,
    private readonly puzzles: SlidePuzzleService,
    private readonly log: FastifyBaseLogger,
    private readonly nowMs: () => number = Date.now,
  ) {}

  private now() {
    return Math.floor(this.nowMs() / 1000);
  }

  private loginLimits(phone: string, ip: string): Limit[] {
    const { windowMs, perPhoneAndIp, perIp } = LOGIN_LIMITS;
    return [
      { key: phoneAndIpKey(phone, ip), max: perPhoneAndIp, windowMs, message: tooManyLogins },
      { key: `login:try:ip:${clientKey(ip)}`, max: perIp, windowMs, message: tooManyLogins },
    ];
  }

  private event(entry: Omit<SecurityEvent, 'realm'>) {
    logSecurityEvent(this.log, { realm: 'public', ...entry });
  }

  /**
   * The captcha first (used up, right or wrong), then the throttles (counted before the password is
   * looked at), the puzzle ticket when the phone is under attack, then the password. An unknown
   * phone and a wrong password get the same answer, after the same argon2 work.
   */
  async login(
    input: LoginInput,
    ip: string,
  ): Promise<{ result: LoginResult & { token: string }; session: ActiveSession }> {
    const code = input.code?.trim() ?? '';
    if (code === '') throw fail(ErrorCode.VALIDATION, ACCOUNT_MESSAGES.captchaEmpty);
    const uuid = input.uuid?.trim() ?? '';
    if (uuid === '') throw fail(ErrorCode.CAPTCHA_INVALID, '验证码已失效，请刷新后重试');
    if (!(await this.captchas.check(uuid, code))) throw fail(ErrorCode.CAPTCHA_INVALID, ACCOUNT_MESSAGES.captchaWrong);

    const phone = input.username?.trim() ?? '';
    const password = input.password ?? '';
    if (phone === '' || password === '' || phone.length > 32) {
      throw fail(ErrorCode.LOGIN_FAILED, ACCOUNT_MESSAGES.loginFailed);
    }
    const account = maskPhone(phone);
    try {
      await this.limiter.hit(this.loginLimits(phone, ip));
    } catch (err) {
      this.event({ event: 'auth.login_throttled', ip, account, reason: 'per_phone_ip_or_ip' });
      throw err;
    }
    const { count: tries } = await this.limiter.count(phoneKey(phone), LOGIN_LIMITS.windowMs);
    if (tries > LOGIN_LIMITS.escalateAfter) {
      const ticket = input.ticket?.trim() ?? '';
      if (ticket === '' || !(await this.puzzles.spendTicket(ticket, phone))) {
        this.event({
          event: 'auth.login_escalated',
          ip,
          account,
          count: tries,
          reason: ticket === '' ? 'ticket_missing' : 'ticket_invalid',
        });
        throw fail(ErrorCode.PUZZLE_TICKET_REQUIRED, LOGIN_PUZZLE_REQUIRED);
      }
    }

    const user = PHONE_PATTERN.test(phone) ? await this.users.byPhone(phone) : undefined;
    const passwordRight = await verifySecret(user?.password_hash ?? (await dummyHash()), password);
    if (user === undefined || !passwordRight) {
      this.event({
        event: 'auth.login_failed',
        ip,
        account,
        count: tries,
        reason: user === undefined ? 'unknown_account' : 'wrong_password',
      });
      throw fail(ErrorCode.LOGIN_FAILED, ACCOUNT_MESSAGES.loginFailed);
    }

    await Promise.all([this.limiter.reset(phoneAndIpKey(phone, ip)), this.limiter.reset(phoneKey(phone))]);
    this.event({ event: 'auth.login_succeeded', ip, account });
    await this.users.recordLogin(user.id, this.now());
    const { token, tokenHash, expiresAt } = await this.sessions.create(user.id, input.remember);
    const session: ActiveSession = {
      tokenHash,
      userId: user.id,
      phone: user.phone,
      uniqueId: user.unique_id,
      userType: user.user_type,
      userTypeAqidata: user.user_type_aqidata,
      lidarPermission: user.lidar_permission,
      remember: input.remember,
      expiresAt,
    };
    return { result: loginResultOf(session, token), session };
  }

  /** Spec §7: phone, SMS code, password; the visitor id comes from the cookie (or header, or body). */
  async register(input: PasswordChangeInput & { uniqueId?: string | undefined }, ip: string): Promise<void> {
    const phone = requirePhone(input.phone);
    const code = requireSmsCode(input.code);
    const password = checkNewPassword(input.password, phone);
    if (!(await this.smsCodes.verify(phone, 'register', code, input.uuid?.trim() || undefined))) {
      throw smsCodeRefused();
    }
    const uniqueId =
      input.uniqueId !== undefined && UNIQUE_ID_PATTERN.test(input.uniqueId) ? input.uniqueId : randomId();
    const now = this.now();
    const created = await this.users.insertIfPhoneFree({
      id: randomId(),
      phone,
      password_hash: await hashSecret(password),
      unique_id: uniqueId,
      user_type: DEFAULT_USER_TYPE,
      user_type_aqidata: DEFAULT_USER_TYPE_AQIDATA,
      lidar_permission: null,
      created_at: now,
      last_login_at: null,
      password_changed_at: now,
    });
    if (!created) {
      // Only the phone's owner gets here (the SMS code proved the phone), so telling is safe.
      this.event({ event: 'auth.register_phone_taken', ip, account: maskPhone(phone) });
      throw fail(ErrorCode.PHONE_TAKEN, '该手机号已注册，请直接登录或找回密码');
    }
  }

  /** forgetUpdatePassword: a reset code proves the phone; every session of the account ends. */
  async resetPassword(input: PasswordChangeInput, ip: string): Promise<void> {
    const phone = requirePhone(input.phone);
    const code = requireSmsCode(input.code);
    const password = checkNewPassword(input.password, phone);
    if (!(await this.smsCodes.verify(phone, 'reset', code, input.uuid?.trim() || undefined))) {
      throw smsCodeRefused();
    }
    const user = await this.users.byPhone(phone);
    if (user === undefined) throw smsCodeRefused();
    await this.users.setPassword(user.id, await hashSecret(password), this.now());
    await this.sessions.revokeAll(user.id);
    // The owner proved the phone: whatever tries strangers made no longer ask them for a puzzle.
    await this.limiter.reset(phoneKey(phone));
    this.event({ event: 'auth.password_reset', ip, account: maskPhone(phone) });
  }

  /** updatePassword: the old password (throttled), the new one's rules; other sessions end. */
  async changePassword(
    session: ActiveSession,
    input: { oldPassword?: string | undefined; newPassword?: string | undefined; confirmPassword?: string | undefined },
    ip: string,
  ): Promise<void> {
    const oldPassword = input.oldPassword ?? '';
    if (oldPassword === '') throw fail(ErrorCode.VALIDATION, ACCOUNT_MESSAGES.passwordEmpty);
    const newPassword = checkNewPassword(input.newPassword, session.phone);
    if (input.confirmPassword !== undefined && input.confirmPassword !== newPassword) {
      throw fail(ErrorCode.VALIDATION, ACCOUNT_MESSAGES.passwordMismatch);
    }
    const triesKey = `password:fail:${session.userId}`;
    const limits: Limit[] = [
      {
        key: triesKey,
        max: OLD_PASSWORD_TRIES,
        windowMs: LOGIN_LIMITS.windowMs,
        message: (s) => `原密码错误次数过多，请 ${humanWait(s)}后再试`,
      },
    ];
    const account = maskPhone(session.phone);
    // Counted before the old password is checked, so parallel guesses cannot pass the cap.
    try {
      await this.limiter.hit(limits);
    } catch (err) {
      this.event({ event: 'auth.login_throttled', ip, account, reason: 'old_password' });
      throw err;
    }
    const user = await this.users.byId(session.userId);
    if (user === undefined || !(await verifySecret(user.password_hash, oldPassword))) {
      this.event({ event: 'auth.password_change_failed', ip, account, reason: 'wrong_old_password' });
      throw fail(ErrorCode.OLD_PASSWORD_WRONG, '原密码不正确');
    }
    await this.limiter.reset(triesKey);
    if (oldPassword === newPassword) throw fail(ErrorCode.VALIDATION, '新密码不能与原密码相同');
    await this.users.setPassword(user.id, await hashSecret(newPassword), this.now());
    await this.sessions.revokeOthers(user.id, session.tokenHash);
    this.event({ event: 'auth.password_changed', ip, account });
  }

  async logout(token: string | undefined): Promise<void> {
    if (token !== undefined) await this.sessions.revoke(token);
  }

  async tokenStatus(token: string | undefined): Promise<{ status: TokenStatus; session?: ActiveSession }> {
    const session = token === undefined ? undefined : await this.sessions.resolve(token);
    if (session === undefined) return { status: { valid: false } };
    return {
      session,
      status: {
        valid: true,
        username: maskPhone(session.phone),
        userType: session.userType,
        userTypeAqidata: session.userTypeAqidata,
        ...(session.lidarPermission === null ? {} : { lidarPermission: session.lidarPermission }),
        expiresAt: session.expiresAt,
      },
    };
  }
}
