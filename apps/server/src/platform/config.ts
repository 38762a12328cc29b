import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_NAV_LINKS, DEFAULT_PUBLIC_API_KEY, NAV_KEYS, type NavKey } from '@lantian/contracts/web-config';

/**
 * The platform's own settings (HTTP, database, shared state, logs, the built front ends, the
 * public-site signature), read only from environment variables, once, at start-up. A module's own
 * settings (accounts, demo data, imports…) live in its `<name>.settings.ts`, read with the helpers
 * below; `src/config.ts` checks both at start-up, so a bad value stops the process with one line
 * naming the variable (see server.ts), never a stack trace.
 */

export type Env = Readonly<Record<string, string | undefined>>;

export type DatabaseConfig =
  | { kind: 'sqlite'; path: string }
  | { kind: 'postgres'; url: string; timeouts?: PostgresTimeouts };

/**
 * Bounds on every wait for PostgreSQL, so that a database that is down, paused or overloaded makes
 * requests answer 503 within seconds instead of hanging (docs/RELIABILITY.md).
 */
export interface PostgresTimeouts {
  /** DB_CONNECT_TIMEOUT_MS: opening a connection, and waiting for a free one from the pool. */
  connectMs: number;
  /** DB_STATEMENT_TIMEOUT_MS: one statement (the server cancels it; the client gives up 2 s later). */
  statementMs: number;
  /** DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: a transaction left open without a statement is ended by the server. */
  idleInTransactionMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = {
  connectMs: 5_000,
  statementMs: 15_000,
  idleInTransactionMs: 60_000,
};

/** Bounds on every wait for Redis (REDIS_URL): a command fails within them, then answers 503. */
export interface RedisTimeouts {
  /** REDIS_COMMAND_TIMEOUT_MS: one command's answer. */
  commandMs: number;
  /** REDIS_CONNECT_TIMEOUT_MS: one connection attempt. */
  connectMs: number;
  /** REDIS_STARTUP_TIMEOUT_MS: how long start-up waits for Redis to answer a PING before it gives up. */
  startupMs: number;
}

export const DEFAULT_REDIS_TIMEOUTS: RedisTimeouts = { commandMs: 2_000, connectMs: 5_000, startupMs: 10_000 };

/**
 * Bounds on how long a client may hold a connection without completing a request (slowloris: headers
 * or a body dribbled a byte at a time), so that a few hundred slow sockets cannot exhaust the server.
 */
export interface HttpTimeouts {
  /** HTTP_HEADERS_TIMEOUT_MS: the request line and headers must have arrived within this. */
  headersMs: number;
  /** HTTP_REQUEST_TIMEOUT_MS: the whole request, body included (uploads of photos are the largest). */
  requestMs: number;
  /** HTTP_CONNECTION_TIMEOUT_MS: a socket with no traffic either way for this long is closed. */
  idleMs: number;
  /** HTTP_KEEP_ALIVE_TIMEOUT_MS: how long a connection waits for its next request. */
  keepAliveMs: number;
}

/** A fixed-window budget: `max` requests per `windowMs`. */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

export interface RateLimitSettings {
  /** RATE_LIMIT_PUBLIC_MAX / _WINDOW_SECONDS: the public site's calls, per client address (IPv6: per /64). */
  public: WindowLimit;
  /** RATE_LIMIT_OPERATOR_MAX / _WINDOW_SECONDS: the operator platform's calls, per signed-in operator. */
  operator: WindowLimit;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type NodeEnv = 'development' | 'production' | 'test';

export interface PlatformConfig {
  nodeEnv: NodeEnv;
  host: string;
  port: number;
  logLevel: LogLevel;
  database: DatabaseConfig;
  /** Unset: shared state lives in this process. Set: Redis, shared by every instance. */
  redisUrl: string | undefined;
  /** SERVER_PROCESSES: server processes sharing the port (node:cluster); more than one needs Redis. */
  serverProcesses: number;
  redisTimeouts: RedisTimeouts;
  webDistDir: string;
  consoleDistDir: string;
  /** How long in-flight requests get to finish on SIGTERM/SIGINT before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** The public site's signing key (spec §7): not a secret, but it keeps casual scrapers to the open API. */
  publicApiKey: string;
  /** `off` skips signature checks on public-site calls, for local tools. */
  publicApiSignature: 'on' | 'off';
  /** How long heavy public answers (rankings, maps, long series) are reused; 0 = never. New hours drop them at once. */
  responseCacheMs: number;
  /** What index.html tells the web app (see WebRuntimeConfig): anti-debugging switch, side-navigation addresses. */
  web: { antiDebug: boolean; navLinks: Record<NavKey, string> };
  /**
   * TRUST_PROXY: whose X-Forwarded-For to believe for the client address (per-IP limits). `false`:
   * nobody (the socket address); a number: that many proxy hops in front of the server; a list: the
   * proxies' addresses/CIDRs. Never "any": a client could then name any address it likes.
   */
  trustProxy: false | number | string[];
  /** How long a client may take to send a request, and how long an idle connection stays open. */
  httpTimeouts: HttpTimeouts;
  /** Per-client request budgets of the API (platform/http/rate-limit.ts). */
  rateLimits: RateLimitSettings;
  /**
   * The variables this configuration was read from, and the directory relative paths resolve
   * against: each module reads its own section from them (see `settingsOf` in platform/module.ts).
   */
  env: Env;
  cwd: string;
}

/** What a module's settings reader may depend on besides the variables. */
export interface SettingsContext {
  nodeEnv: NodeEnv;
  cwd: string;
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

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * apps/: src/platform/ (tsx) sits two levels below apps/server, the bundle dist/ one level; the
 * bundle is named server.js or cli.js, so where the code runs from tells which.
 */
const appsDir =
  path.basename(here) === 'platform' ? path.resolve(here, '..', '..', '..') : path.resolve(here, '..', '..');

export { DEFAULT_PUBLIC_API_KEY };

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const NODE_ENVS: readonly NodeEnv[] = ['development', 'production', 'test'];

/** A variable's trimmed value; unset and blank both read as undefined. */
export function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, raw, `必须是 ${min}–${max} 之间的整数 / must be an integer from ${min} to ${max}`);
  }
  return Number(raw);
}

export function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const found = allowed.find((v) => v === raw);
  if (found === undefined) {
    throw new ConfigError(name, raw, `可选值 / one of: ${allowed.join(', ')}`);
  }
  return found;
}

export function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A test-only variable (fixed captcha text, puzzle position…): refused when NODE_ENV=production,
 * so that a forgotten test setting can never weaken a live deployment.
 */
export function testOnly(env: Env, nodeEnv: NodeEnv, name: string): string | undefined {
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

function postgresTimeouts(env: Env): PostgresTimeouts {
  const d = DEFAULT_POSTGRES_TIMEOUTS;
  return {
    connectMs: integer(env, 'DB_CONNECT_TIMEOUT_MS', d.connectMs, 100, 120_000),
    statementMs: integer(env, 'DB_STATEMENT_TIMEOUT_MS', d.statementMs, 100, 3_600_000),
    idleInTransactionMs: integer(env, 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', d.idleInTransactionMs, 1_000, 3_600_000),
  };
}

function databaseConfig(env: Env, cwd: string): DatabaseConfig {
  const database = parseDatabaseUrl(read(env, 'DATABASE_URL'), cwd);
  // Read (and checked) whatever the database, so a bad value is caught before a switch to PostgreSQL.
  const timeouts = postgresTimeouts(env);
  return database.kind === 'postgres' ? { ...database, timeouts } : database;
}

function redisTimeouts(env: Env): RedisTimeouts {
  const d = DEFAULT_REDIS_TIMEOUTS;
  return {
    commandMs: integer(env, 'REDIS_COMMAND_TIMEOUT_MS', d.commandMs, 50, 60_000),
    connectMs: integer(env, 'REDIS_CONNECT_TIMEOUT_MS', d.connectMs, 100, 120_000),
    startupMs: integer(env, 'REDIS_STARTUP_TIMEOUT_MS', d.startupMs, 0, 600_000),
  };
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
    const known = NAV_KEYS.find((k) => k === key);
    if (known === undefined || typeof value !== 'string' || !(/^\/(?!\/)/.test(value) || isHttpUrl(value))) {
      throw new ConfigError('WEB_NAV_LINKS', raw, expected);
    }
    links[known] = value;
  }
  return links;
}

/** proxy-addr's names for the private ranges (what Fastify's trustProxy understands besides addresses). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(item: string): boolean {
  if (PROXY_RANGE_NAMES.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY. `on` (believe any X-Forwarded-For) is refused rather than read as one hop: it used to
 * mean "trust everyone", and silently turning it into something else would hide from the operator
 * that the deployment's proxies must now be described.
 */
function trustProxy(env: Env): false | number | string[] {
  const raw = read(env, 'TRUST_PROXY');
  const expected =
    'off、代理层数（如 1），或逗号分隔的代理地址/网段（如 10.0.0.0/8, loopback）；不再接受 on（会相信任何人伪造的 X-Forwarded-For）/ off, a hop count (e.g. 1), or comma-separated proxy addresses/CIDRs; `on` (trust any X-Forwarded-For) is no longer accepted';
  if (raw === undefined || raw === 'off' || raw === '0') return false;
  if (/^\d+$/.test(raw)) {
    if (Number(raw) > 16) throw new ConfigError('TRUST_PROXY', raw, expected);
    return Number(raw);
  }
  const items = raw.split(',').map((item) => item.trim());
  if (items.some((item) => !isProxyAddress(item))) throw new ConfigError('TRUST_PROXY', raw, expected);
  return items;
}

function httpTimeouts(env: Env): HttpTimeouts {
  const timeouts: HttpTimeouts = {
    headersMs: integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
    requestMs: integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 120_000, 100, 3_600_000),
    idleMs: integer(env, 'HTTP_CONNECTION_TIMEOUT_MS', 60_000, 100, 3_600_000),
    keepAliveMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 65_000, 100, 600_000),
  };
  // Node refuses a header deadline later than the whole request's.
  if (timeouts.headersMs > timeouts.requestMs) {
    throw new ConfigError(
      'HTTP_HEADERS_TIMEOUT_MS',
      String(timeouts.headersMs),
      `不能大于 HTTP_REQUEST_TIMEOUT_MS（${timeouts.requestMs}）/ must not exceed HTTP_REQUEST_TIMEOUT_MS`,
    );
  }
  return timeouts;
}

/**
 * The API's per-client budgets. Tests (NODE_ENV=test) count through the same code with budgets no
 * test reaches unless it sets them lower; a real deployment gets the production figures.
 */
function rateLimits(env: Env, nodeEnv: NodeEnv): RateLimitSettings {
  const test = nodeEnv === 'test';
  const window = (name: string) => integer(env, name, 60, 1, 86_400) * 1000;
  return {
    // A page of the public site makes 10–20 calls: 600 a minute is some 30 page loads a minute from one address.
    public: {
      max: integer(env, 'RATE_LIMIT_PUBLIC_MAX', test ? 1_000_000 : 600, 1, 10_000_000),
      windowMs: window('RATE_LIMIT_PUBLIC_WINDOW_SECONDS'),
    },
    // The console polls (todo counts, alarms, session) and an operator may keep several tabs open.
    operator: {
      max: integer(env, 'RATE_LIMIT_OPERATOR_MAX', test ? 1_000_000 : 1200, 1, 10_000_000),
      windowMs: window('RATE_LIMIT_OPERATOR_WINDOW_SECONDS'),
    },
  };
}

/**
 * One Node process serves from one core. Several processes on one machine share its port through
 * node:cluster, as several machines would share a balancer; like them, they must share the single-use
 * secrets and counters (nonces, request budgets, captchas, SMS codes), which only Redis does.
 */
function serverProcesses(env: Env, redis: string | undefined): number {
  const processes = integer(env, 'SERVER_PROCESSES', 1, 1, 64);
  if (processes > 1 && redis === undefined) {
    throw new ConfigError(
      'SERVER_PROCESSES',
      String(processes),
      '多于 1 个进程时须设置 REDIS_URL（nonce、限流、验证码须在进程间共享）/ more than one process needs REDIS_URL',
    );
  }
  return processes;
}

export function loadPlatformConfig(env: Env, cwd: string): PlatformConfig {
  // Unset means production (issue 16 item 5): a forgotten variable must give Secure cookies, no SMS
  // codes in the log and no test-only settings; development is something one states (`npm start` does).
  const nodeEnv = oneOf(env, 'NODE_ENV', NODE_ENVS, 'production');
  return {
    nodeEnv,
    host: read(env, 'HOST') ?? '0.0.0.0',
    port: integer(env, 'PORT', 8080, 1, 65535),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    database: databaseConfig(env, cwd),
    redisUrl: redisUrl(env),
    serverProcesses: serverProcesses(env, redisUrl(env)),
    redisTimeouts: redisTimeouts(env),
    webDistDir: path.resolve(cwd, read(env, 'WEB_DIST_DIR') ?? path.join(appsDir, 'web', 'dist')),
    consoleDistDir: path.resolve(cwd, read(env, 'CONSOLE_DIST_DIR') ?? path.join(appsDir, 'console', 'dist')),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    publicApiKey: read(env, 'PUBLIC_API_KEY') ?? DEFAULT_PUBLIC_API_KEY,
    publicApiSignature: oneOf(env, 'PUBLIC_API_SIGNATURE', ['on', 'off'] as const, 'on'),
    // Off in tests: they write rows directly and expect the next call to see them.
    responseCacheMs: integer(env, 'RESPONSE_CACHE_MS', nodeEnv === 'test' ? 0 : 3_600_000, 0, 3_600_000),
    web: { antiDebug: oneOf(env, 'WEB_ANTI_DEBUG', ['on', 'off'] as const, 'off') === 'on', navLinks: navLinks(env) },
    trustProxy: trustProxy(env),
    httpTimeouts: httpTimeouts(env),
    rateLimits: rateLimits(env, nodeEnv),
    env: Object.freeze({ ...env }),
    cwd,
  };
}

/** What the logs may show of a database setting: never a password. */
export function describeDatabase(database: DatabaseConfig): string {
  if (database.kind === 'sqlite') return `sqlite:${database.path}`;
  const url = new URL(database.url);
  if (url.password !== '') url.password = '***';
  return url.toString();
}
