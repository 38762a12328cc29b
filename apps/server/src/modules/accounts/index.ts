import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../platform/db/database';
import type { AccessCheck } from '../../platform/http/access';
import type { SharedState } from '../../platform/state';
import { accountRoutes } from './accounts.routes';
import { AccountService } from './accounts.service';
import { userAccessCheck } from './auth';
import { CaptchaService } from './captcha';
import { RateLimiter } from './rate-limits';
import { SessionService, sessionPolicy } from './sessions';
import { SessionsRepository } from './sessions.repository';
import { SlidePuzzleService } from './slide-puzzle';
import { createSmsProvider, type SmsProvider } from './sms';
import { SmsCodeService } from './sms-codes';
import { UserDataRepository } from './user-data.repository';
import { UserDataService } from './user-data.service';
import { UsersRepository } from './users.repository';
import { VerificationService } from './verification.service';

export type { AccountsTables } from './accounts.tables';
export { type AuthenticatedRequest, authOf } from './auth';

export interface AccountsDeps {
  config: Config;
  database: Database;
  state: SharedState;
  log: FastifyBaseLogger;
  /** Tests may hand in a provider; otherwise SMS_PROVIDER decides. */
  smsProvider?: SmsProvider;
}

export interface Accounts {
  /** The `user` access rule, for registerAccessControl. */
  userCheck: AccessCheck;
  /** /api/user/* — register inside the signed public-site scope. */
  routes: FastifyPluginAsyncZod;
  /** Waits for SMS deliveries still running in the background. */
  settle(): Promise<void>;
}

/** Builds the accounts module: repositories, services, the `user` access rule and the routes. */
export function createAccounts(deps: AccountsDeps): Accounts {
  const { config, database, state } = deps;
  const settings = config.accounts;
  const limiter = new RateLimiter(state);
  const users = new UsersRepository(database);
  const policy = sessionPolicy(settings);
  const sessions = new SessionService(new SessionsRepository(database), policy);
  const captchas = new CaptchaService(state, settings.testCaptchaText);
  const puzzles = new SlidePuzzleService(state, settings.testPuzzleX);
  const smsCodes = new SmsCodeService(state, deps.smsProvider ?? createSmsProvider(settings.sms, deps.log), limiter, {
    hourlyBudget: settings.smsHourlyBudget,
    log: deps.log,
  });
  const accounts = new AccountService(users, sessions, captchas, smsCodes, limiter);
  const verification = new VerificationService(limiter, captchas, puzzles, smsCodes, users);
  const userData = new UserDataService(new UserDataRepository(database), limiter);
  const settle = () => smsCodes.settle();

  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(accountRoutes, {
      accounts,
      verification,
      userData,
      sessions,
      policy,
      secureCookies: config.nodeEnv === 'production',
      settle,
    });
  };

  return { userCheck: userAccessCheck(sessions), routes, settle };
}
