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

export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

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
   * nobody (the socket address); `true`: any proxy; a string: those comma-separated addresses/CIDRs.
   */
  trustProxy: boolean | string;
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

export function loadPlatformConfig(env: Env, cwd: string): PlatformConfig {
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
    publicApiKey: read(env, 'PUBLIC_API_KEY') ?? DEFAULT_PUBLIC_API_KEY,
    publicApiSignature: oneOf(env, 'PUBLIC_API_SIGNATURE', ['on', 'off'] as const, 'on'),
    // Off in tests: they write rows directly and expect the next call to see them.
    responseCacheMs: integer(env, 'RESPONSE_CACHE_MS', nodeEnv === 'test' ? 0 : 60_000, 0, 3_600_000),
    web: { antiDebug: oneOf(env, 'WEB_ANTI_DEBUG', ['on', 'off'] as const, 'off') === 'on', navLinks: navLinks(env) },
    trustProxy: trustProxy(env),
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
