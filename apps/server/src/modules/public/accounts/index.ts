import { defineModule, type ModuleContext } from '../../../platform/module';
import { PeriodicJobs } from '../../../platform/periodic';
import { CaptchaService } from '../../../platform/security/captcha.service';
import { RateLimiter } from '../../../platform/security/rate-limits';
import { accountRoutes } from './accounts.routes';
import { AccountService } from './accounts.service';
import { type AccountsSettings, readAccountsSettings } from './accounts.settings';
import type { AccountsTables } from './accounts.tables';
import { userAccessCheck } from './auth';
import * as m0004 from './migrations/0004_accounts';
import { SessionsRepository } from './sessions.repository';
import { SessionService, sessionPolicy } from './sessions.service';
import { SlidePuzzleService } from './slide-puzzle.service';
import { createSmsProvider } from './sms';
import { SmsCodeService } from './sms-codes.service';
import { UserDataRepository } from './user-data.repository';
import { UserDataService } from './user-data.service';
import { UsersRepository } from './users.repository';
import { VerificationService } from './verification.service';

export { type AccountsSettings, readAccountsSettings, type SmsProviderConfig } from './accounts.settings';
export type { AccountsTables } from './accounts.tables';
export { type AuthenticatedRequest, authOf } from './auth';

/** How often visit records past their retention are swept. */
const VISIT_SWEEP_MS = 60 * 60_000;

/**
 * The public site's accounts (/api/user/*): users (argon2id), server-side sessions, image captcha,
 * slide puzzle, SMS codes and their limits, per-user settings, visit records; the `user` access rule.
 */
export const accounts = defineModule({
  name: 'accounts',
  tags: [{ name: 'accounts', description: '账号：登录、注册、找回密码、验证码、个人设置' }],
  migrations: { '0004_accounts': m0004 },
  settings: readAccountsSettings,
  create(context: ModuleContext<AccountsTables, AccountsSettings>) {
    const { database, state, settings, log } = context;
    const limiter = new RateLimiter(state);
    const users = new UsersRepository(database);
    const policy = sessionPolicy(settings);
    const sessions = new SessionService(new SessionsRepository(database), policy);
    const captchas = new CaptchaService(state, settings.testCaptchaText);
    const puzzles = new SlidePuzzleService(state, settings.testPuzzleX);
    const smsCodes = new SmsCodeService(state, createSmsProvider(settings.sms, log), limiter, {
      hourlyBudget: settings.smsHourlyBudget,
      log,
    });
    // Secure (and `__Host-` session cookies) unless development or test is stated: unset is production.
    const secureCookies = context.config.nodeEnv === 'production';
    const userData = new UserDataService(new UserDataRepository(database), limiter);
    /** Visit records past USER_VISITS_RETENTION_DAYS go; answers how many (tests call it through the api). */
    const sweepVisits = async () => {
      const deleted = await userData.sweepVisits(settings.visitRetentionDays);
      if (deleted > 0) log.info({ deleted, retentionDays: settings.visitRetentionDays }, 'old visit records deleted');
      return deleted;
    };
    const jobs = new PeriodicJobs(log);
    return {
      api: { sweepVisits },
      access: { user: userAccessCheck(sessions, secureCookies) },
      routes: accountRoutes({
        accounts: new AccountService(users, sessions, captchas, smsCodes, limiter, puzzles, log),
        verification: new VerificationService(limiter, captchas, puzzles, smsCodes, users),
        userData,
        sessions,
        policy,
        secureCookies,
      }),
      async start() {
        jobs.every(VISIT_SWEEP_MS, 'visit record sweep failed', sweepVisits);
      },
      async close() {
        jobs.stop();
        // Background SMS deliveries finish before the server closes.
        await smsCodes.settle();
      },
    };
  },
});
