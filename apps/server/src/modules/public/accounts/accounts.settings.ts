import path from 'node:path';
import { SLIDE_PUZZLE } from '@lantian/contracts';
import {
  ConfigError,
  type Env,
  integer,
  isHttpUrl,
  read,
  type SettingsContext,
  testOnly,
} from '../../../platform/config';
import { readTestCaptchaText } from '../../../platform/security/captcha.service';

/** Where SMS codes go (SMS_PROVIDER). `off`: sending answers 503 (the production default until one is set). */
export type SmsProviderConfig =
  | { kind: 'off' }
  | { kind: 'console' }
  | { kind: 'file'; path: string }
  | {
      kind: 'tencent';
      secretId: string;
      secretKey: string;
      sdkAppId: string;
      signName: string;
      templates: { register: string; reset: string };
      region: string;
      /** API address; https://sms.tencentcloudapi.com unless pointed elsewhere (tests use a local fake). */
      endpoint: URL;
    };

export interface AccountsSettings {
  sms: SmsProviderConfig;
  /** SMS codes the whole deployment may send per hour (all phones together). */
  smsHourlyBudget: number;
  /** A session unused this long ends. */
  sessionIdleMinutes: number;
  /** A session ends this long after login however busy it is. */
  sessionAbsoluteHours: number;
  /** "Remember password": the session (and its cookies) last this long. */
  sessionRememberDays: number;
  /**
   * USER_VISITS_RETENTION_DAYS: visit records (saveUserVisRecord) older than this are deleted; 0 keeps
   * them for ever. 180 by default: the Cybersecurity Law (网络安全法 §21) asks for network logs to be
   * kept at least six months, and nothing here needs them longer.
   */
  visitRetentionDays: number;
  /** Test only (refused in production): every captcha shows this text. */
  testCaptchaText: string | undefined;
  /** Test only (refused in production): every puzzle's hole is at this x. */
  testPuzzleX: number | undefined;
}

function smsProvider(env: Env, { nodeEnv, cwd }: SettingsContext): SmsProviderConfig {
  const raw = read(env, 'SMS_PROVIDER');
  if (raw === undefined) return nodeEnv === 'production' ? { kind: 'off' } : { kind: 'console' };
  if (raw === 'off' || raw === 'console') return { kind: raw };
  if (raw.startsWith('file:') && raw.length > 'file:'.length) {
    return { kind: 'file', path: path.resolve(cwd, raw.slice('file:'.length)) };
  }
  if (raw !== 'tencent') {
    throw new ConfigError('SMS_PROVIDER', raw, '可选值 / one of: off, console, file:PATH, tencent');
  }
  const required = (name: string) => {
    const value = read(env, name);
    if (value === undefined)
      throw new ConfigError(name, '', 'SMS_PROVIDER=tencent 时必填 / required with SMS_PROVIDER=tencent');
    return value;
  };
  const endpointRaw = read(env, 'TENCENT_SMS_ENDPOINT') ?? 'https://sms.tencentcloudapi.com';
  if (!isHttpUrl(endpointRaw)) {
    throw new ConfigError('TENCENT_SMS_ENDPOINT', endpointRaw, '应为 http(s):// 网址 / expected an http(s) URL');
  }
  const sdkAppId = required('TENCENT_SMS_SDK_APP_ID');
  if (!/^\d+$/.test(sdkAppId)) throw new ConfigError('TENCENT_SMS_SDK_APP_ID', sdkAppId, '应为数字 / expected digits');
  return {
    kind: 'tencent',
    secretId: required('TENCENT_SMS_SECRET_ID'),
    secretKey: required('TENCENT_SMS_SECRET_KEY'),
    sdkAppId,
    signName: required('TENCENT_SMS_SIGN_NAME'),
    templates: { register: required('TENCENT_SMS_TEMPLATE_REGISTER'), reset: required('TENCENT_SMS_TEMPLATE_RESET') },
    region: read(env, 'TENCENT_SMS_REGION') ?? 'ap-guangzhou',
    endpoint: new URL(endpointRaw),
  };
}

/** SMS provider and budget, session timeouts, and the test-only fixed captcha and puzzle. */
export function readAccountsSettings(env: Env, context: SettingsContext): AccountsSettings {
  const puzzleX = testOnly(env, context.nodeEnv, 'TEST_PUZZLE_X');
  const testPuzzleX =
    puzzleX === undefined ? undefined : integer(env, 'TEST_PUZZLE_X', 0, SLIDE_PUZZLE.minX, SLIDE_PUZZLE.maxX);
  return {
    sms: smsProvider(env, context),
    smsHourlyBudget: integer(env, 'SMS_HOURLY_BUDGET', 1000, 1, 1_000_000),
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 120, 5, 43_200),
    sessionAbsoluteHours: integer(env, 'SESSION_ABSOLUTE_HOURS', 12, 1, 720),
    sessionRememberDays: integer(env, 'SESSION_REMEMBER_DAYS', 30, 1, 400),
    visitRetentionDays: integer(env, 'USER_VISITS_RETENTION_DAYS', 180, 0, 36_500),
    testCaptchaText: readTestCaptchaText(env, context),
    testPuzzleX,
  };
}
