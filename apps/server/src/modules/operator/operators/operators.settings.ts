import { operatorPasswordProblem } from '@lantian/contracts';
import { ConfigError, type Env, integer, read, type SettingsContext } from '../../../platform/config';
import { readTestCaptchaText } from '../../../platform/security/captcha.service';
import { LOCKOUT } from './sign-in.service';

export interface OperatorsSettings {
  /** PLATFORM_ADMIN_PASSWORD: the first `admin`'s password; unset, a random one is logged once. */
  adminPassword: string | undefined;
  /** A platform session unused this long ends. */
  sessionIdleMinutes: number;
  /** A platform session ends this long after sign-in however busy. */
  sessionAbsoluteHours: number;
  /** How often the console asks whether its session still stands (a disabled operator is out within one poll). */
  sessionPollSeconds: number;
  /**
   * PLATFORM_SIGNIN_MAX_PER_ADDRESS: sign-in tries (successes included) one address may make in 15
   * minutes. A bureau whose staff share one public address (an office NAT) may need more than 30.
   */
  signInMaxPerAddress: number;
  /** Test only (refused in production): every operator captcha shows this text (TEST_CAPTCHA_TEXT). */
  testCaptchaText: string | undefined;
}

export function readOperatorsSettings(env: Env, context: SettingsContext): OperatorsSettings {
  const adminPassword = read(env, 'PLATFORM_ADMIN_PASSWORD');
  if (adminPassword !== undefined) {
    const problem = operatorPasswordProblem(adminPassword, 'admin');
    if (problem !== null) throw new ConfigError('PLATFORM_ADMIN_PASSWORD', '***', `${problem} / too weak`);
  }
  return {
    adminPassword,
    sessionIdleMinutes: integer(env, 'PLATFORM_SESSION_IDLE_MINUTES', 30, 5, 1440),
    sessionAbsoluteHours: integer(env, 'PLATFORM_SESSION_ABSOLUTE_HOURS', 12, 1, 168),
    sessionPollSeconds: integer(env, 'PLATFORM_SESSION_POLL_SECONDS', 30, 2, 300),
    signInMaxPerAddress: integer(env, 'PLATFORM_SIGNIN_MAX_PER_ADDRESS', LOCKOUT.perAddress, 5, 100_000),
    testCaptchaText: readTestCaptchaText(env, context),
  };
}
