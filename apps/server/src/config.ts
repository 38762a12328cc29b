import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, SLIDE_PUZZLE } from '@lantian/contracts';
import { DEFAULT_NAV_LINKS, DEFAULT_PUBLIC_API_KEY, NAV_KEYS, type NavKey } from '@lantian/contracts/web-config';

/**
 * Configuration comes only from environment variables, parsed once at start-up. A bad value stops
 * the process with one line naming the variable (see server.ts), never a stack trace.
 */

export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

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

export interface AccountsConfig {
  sms: SmsProviderConfig;
  /** SMS codes the whole deployment may send per hour (all phones together). */
  smsHourlyBudget: number;
  /** A session unused this long ends. */
  sessionIdleMinutes: number;
  /** A session ends this long after login however busy it is. */
  sessionAbsoluteHours: number;
  /** "Remember password": the session (and its cookies) last this long. */
  sessionRememberDays: number;
  /** Test only (refused in production): every captcha shows this text. */
  testCaptchaText: string | undefined;
  /** Test only (refused in production): every puzzle's hole is at this x. */
  testPuzzleX: number | undefined;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: LogLevel;
  database: DatabaseConfig;
  /** Unset: shared state lives in this process. Set: Redis, shared by every instance. */
  redisUrl: string | undefined;
  webDistDir: string;
  consoleDistDir: string;
  /** How long in-flight requests get to finish on SIGTERM/SIGINT before the process exits anyway. */
  shutdownTimeoutMs: number;
  /**
   * `on`: an empty database is seeded with generated demo data and a new demo hour is added every
   * hour. `off`: no demo data; any demo rows are removed at start (deployments fed by real imports).
   */
  demoData: 'on' | 'off';
  /** Days of hourly history the demo seed generates. */
  demoHistoryDays: number;
  /**
   * Where `import --from … --to …` downloads a day of the public archive: an http(s) URL template with
   * the date as {yyyymmdd} or {yyyy}, {mm}, {dd} (`https://example.org/china_sites_{yyyymmdd}.csv`).
   */
  importArchiveUrl: string | undefined;
  /** The station list those downloads need for stations the register does not have yet (http(s) URL). */
  importStationsUrl: string | undefined;
  /** The public site's signing key (spec §7): not a secret, but it keeps casual scrapers to the open API. */
  publicApiKey: string;
  /** `off` skips signature checks on public-site calls, for local tools. */
  publicApiSignature: 'on' | 'off';
  /** How long heavy public answers (rankings, maps, long series) are reused; 0 = never. New hours drop them at once. */
  responseCacheMs: number;
  /** What index.html tells the web app (see WebRuntimeConfig): anti-debugging switch, side-navigation addresses. */
  web: { antiDebug: boolean; navLinks: Record<NavKey, string> };
  /** Accounts: SMS provider and budget, session timeouts, test-only fixed captcha and puzzle. */
  accounts: AccountsConfig;
  /**
   * TRUST_PROXY: whose X-Forwarded-For to believe for the client address (per-IP limits). `false`:
   * nobody (the socket address); `true`: any proxy; a string: those comma-separated addresses/CIDRs.
   */
  trustProxy: boolean | string;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly value: string,
    readonly expected: string,
  ) {
    super(`配置错误 / invalid configuration: ${variable}=${JSON.stringify(value)} — ${expected}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const here = path.dirname(fileURLToPath(import.meta.url));
/** Both src/ (tsx) and dist/ (bundle) sit one level below apps/server, so this holds for either. */
const appsDir = path.resolve(here, '..', '..');

export { DEFAULT_PUBLIC_API_KEY };

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const NODE_ENVS = ['development', 'production', 'test'] as const;

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, raw, `必须是 ${min}–${max} 之间的整数 / must be an integer from ${min} to ${max}`);
  }
  return Number(raw);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const found = allowed.find((v) => v === raw);
  if (found === undefined) {
    throw new ConfigError(name, raw, `可选值 / one of: ${allowed.join(', ')}`);
  }
  return found;
}

export function parseDatabaseUrl(raw: string | undefined, cwd: string): DatabaseConfig {
  if (raw === undefined) return { kind: 'sqlite', path: path.resolve(cwd, 'data', 'lantian.db') };
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length);
    if (file === '') {
      throw new ConfigError('DATABASE_URL', raw, '应为 sqlite:文件路径 / expected sqlite:PATH');
    }
    return { kind: 'sqlite', path: file === ':memory:' ? file : path.resolve(cwd, file) };
  }
  if (/^postgres(ql)?:\/\//.test(raw)) {
    try {
      const url = new URL(raw);
      if (url.hostname === '' && !url.searchParams.has('host')) throw new Error('no host');
    } catch {
      throw new ConfigError('DATABASE_URL', raw, '不是有效的 PostgreSQL 连接串 / not a valid postgres:// URL');
    }
    return { kind: 'postgres', url: raw };
  }
  throw new ConfigError(
    'DATABASE_URL',
    raw,
    '只支持 sqlite:PATH 或 postgres://… / only sqlite:PATH or postgres://… are supported',
  );
}

function redisUrl(env: Env): string | undefined {
  const raw = read(env, 'REDIS_URL');
  if (raw === undefined) return undefined;
  let ok = /^rediss?:\/\//.test(raw);
  if (ok) {
    try {
      new URL(raw);
    } catch {
      ok = false;
    }
  }
  if (!ok) throw new ConfigError('REDIS_URL', raw, '应为 redis://… 或 rediss://… / expected redis:// or rediss:// URL');
  return raw;
}

/** Placeholders of IMPORT_ARCHIVE_URL: the China calendar date of the day to download. */
export const IMPORT_URL_PLACEHOLDERS = ['yyyymmdd', 'yyyy', 'mm', 'dd'] as const;

function httpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function importArchiveUrl(env: Env): string | undefined {
  const name = 'IMPORT_ARCHIVE_URL';
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  const expected =
    '应为 http(s):// 网址模板，日期写作 {yyyymmdd} 或 {yyyy}{mm}{dd} / expected an http(s) URL template with the date as {yyyymmdd} or {yyyy}, {mm}, {dd}';
  const placeholders = [...raw.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '');
  const known = new Set<string>(IMPORT_URL_PLACEHOLDERS);
  const unknown = placeholders.find((p) => !known.has(p));
  if (unknown !== undefined) {
    throw new ConfigError(name, raw, `未知占位符 / unknown placeholder {${unknown}}; ${expected}`);
  }
  // Without the day in it, every day of a range would download the same file.
  const dated = placeholders.includes('yyyymmdd') || ['yyyy', 'mm', 'dd'].every((p) => placeholders.includes(p));
  const sample = raw.replace(/\{(yyyymmdd|yyyy|mm|dd)\}/g, (_m, p: string) =>
    p === 'yyyymmdd' ? '20180220' : p === 'yyyy' ? '2018' : p === 'mm' ? '02' : '20',
  );
  if (!dated || /[{}]/.test(sample) || !httpUrl(sample)) throw new ConfigError(name, raw, expected);
  return raw;
}

function importStationsUrl(env: Env): string | undefined {
  const raw = read(env, 'IMPORT_STATIONS_URL');
  if (raw === undefined) return undefined;
  if (!httpUrl(raw)) {
    throw new ConfigError('IMPORT_STATIONS_URL', raw, '应为 http(s):// 网址 / expected an http(s) URL');
  }
  return raw;
}

/** WEB_NAV_LINKS: a JSON object from entry key to address, overriding some or all of DEFAULT_NAV_LINKS. */
function navLinks(env: Env): Record<NavKey, string> {
  const raw = read(env, 'WEB_NAV_LINKS');
  if (raw === undefined) return { ...DEFAULT_NAV_LINKS };
  const expected = `应为 JSON 对象，键取 ${NAV_KEYS.join('/')}，值为 / 开头的站内路径或 http(s) 网址 / expected a JSON object of nav entry to path or URL`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('WEB_NAV_LINKS', raw, expected);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('WEB_NAV_LINKS', raw, expected);
  }
  const links: Record<NavKey, string> = { ...DEFAULT_NAV_LINKS };
  for (const [key, value] of Object.entries(parsed)) {
    const known = (NAV_KEYS as readonly string[]).includes(key);
    const address = typeof value === 'string' && (/^\/(?!\/)/.test(value) || httpUrl(value));
    if (!known || !address) throw new ConfigError('WEB_NAV_LINKS', raw, expected);
    links[key as NavKey] = value as string;
  }
  return links;
}

function smsProvider(env: Env, nodeEnv: Config['nodeEnv'], cwd: string): SmsProviderConfig {
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
  if (!httpUrl(endpointRaw)) {
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

/** TEST_CAPTCHA_TEXT and TEST_PUZZLE_X make the anti-abuse checks predictable: never in production. */
function testOnly(env: Env, nodeEnv: Config['nodeEnv'], name: string): string | undefined {
  const raw = read(env, name);
  if (raw !== undefined && nodeEnv === 'production') {
    throw new ConfigError(
      name,
      raw,
      '仅供测试，生产环境（NODE_ENV=production）不得设置 / test only, refused in production',
    );
  }
  return raw;
}

function accountsConfig(env: Env, nodeEnv: Config['nodeEnv'], cwd: string): AccountsConfig {
  const captchaText = testOnly(env, nodeEnv, 'TEST_CAPTCHA_TEXT');
  const captchaPattern = new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`, 'i');
  if (captchaText !== undefined && !captchaPattern.test(captchaText)) {
    throw new ConfigError(
      'TEST_CAPTCHA_TEXT',
      captchaText,
      `应为 ${CAPTCHA_LENGTH} 个字符，取自 / expected ${CAPTCHA_LENGTH} characters of ${CAPTCHA_ALPHABET}`,
    );
  }
  const puzzleX = testOnly(env, nodeEnv, 'TEST_PUZZLE_X');
  const testPuzzleX =
    puzzleX === undefined ? undefined : integer(env, 'TEST_PUZZLE_X', 0, SLIDE_PUZZLE.minX, SLIDE_PUZZLE.maxX);
  return {
    sms: smsProvider(env, nodeEnv, cwd),
    smsHourlyBudget: integer(env, 'SMS_HOURLY_BUDGET', 1000, 1, 1_000_000),
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 120, 5, 43_200),
    sessionAbsoluteHours: integer(env, 'SESSION_ABSOLUTE_HOURS', 12, 1, 720),
    sessionRememberDays: integer(env, 'SESSION_REMEMBER_DAYS', 30, 1, 400),
    testCaptchaText: captchaText?.toUpperCase(),
    testPuzzleX,
  };
}

function trustProxy(env: Env): boolean | string {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'off') return false;
  if (raw === 'on') return true;
  if (/^[0-9A-Za-z.:/]+(\s*,\s*[0-9A-Za-z.:/]+)*$/.test(raw)) return raw;
  throw new ConfigError(
    'TRUST_PROXY',
    raw,
    'off、on，或逗号分隔的代理地址/网段 / off, on, or comma-separated proxy addresses/CIDRs',
  );
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const nodeEnv = oneOf(env, 'NODE_ENV', NODE_ENVS, 'development');
  return {
    nodeEnv,
    host: read(env, 'HOST') ?? '0.0.0.0',
    port: integer(env, 'PORT', 8080, 1, 65535),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    database: parseDatabaseUrl(read(env, 'DATABASE_URL'), cwd),
    redisUrl: redisUrl(env),
    webDistDir: path.resolve(cwd, read(env, 'WEB_DIST_DIR') ?? path.join(appsDir, 'web', 'dist')),
    consoleDistDir: path.resolve(cwd, read(env, 'CONSOLE_DIST_DIR') ?? path.join(appsDir, 'console', 'dist')),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    demoData: oneOf(env, 'DEMO_DATA', ['on', 'off'] as const, 'on'),
    demoHistoryDays: integer(env, 'DEMO_HISTORY_DAYS', 60, 1, 400),
    importArchiveUrl: importArchiveUrl(env),
    importStationsUrl: importStationsUrl(env),
    publicApiKey: read(env, 'PUBLIC_API_KEY') ?? DEFAULT_PUBLIC_API_KEY,
    publicApiSignature: oneOf(env, 'PUBLIC_API_SIGNATURE', ['on', 'off'] as const, 'on'),
    // Off in tests: they write rows directly and expect the next call to see them.
    responseCacheMs: integer(env, 'RESPONSE_CACHE_MS', nodeEnv === 'test' ? 0 : 60_000, 0, 3_600_000),
    web: { antiDebug: oneOf(env, 'WEB_ANTI_DEBUG', ['on', 'off'] as const, 'off') === 'on', navLinks: navLinks(env) },
    accounts: accountsConfig(env, nodeEnv, cwd),
    trustProxy: trustProxy(env),
  };
}

/** What the logs may show of a database setting: never a password. */
export function describeDatabase(database: DatabaseConfig): string {
  if (database.kind === 'sqlite') return `sqlite:${database.path}`;
  const url = new URL(database.url);
  if (url.password !== '') url.password = '***';
  return url.toString();
}
