import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_POSTGRES_TIMEOUTS, DEFAULT_REDIS_TIMEOUTS, loadPlatformConfig } from './config';

/** The database and Redis timeouts: safe defaults, read beside DATABASE_URL / REDIS_URL, checked at start-up. */
describe('dependency timeouts', () => {
  it('default to bounded values, and reach the PostgreSQL configuration', () => {
    const config = loadPlatformConfig({ DATABASE_URL: 'postgres://u@db:5432/x' }, '/srv');
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/x',
      timeouts: DEFAULT_POSTGRES_TIMEOUTS,
    });
    expect(config.redisTimeouts).toEqual(DEFAULT_REDIS_TIMEOUTS);
    for (const ms of [...Object.values(DEFAULT_POSTGRES_TIMEOUTS), ...Object.values(DEFAULT_REDIS_TIMEOUTS)]) {
      expect(ms).toBeGreaterThan(0);
      expect(ms).toBeLessThanOrEqual(60_000);
    }
  });

  it('are read from the environment', () => {
    const config = loadPlatformConfig(
      {
        DATABASE_URL: 'postgres://u@db:5432/x',
        DB_CONNECT_TIMEOUT_MS: '1500',
        DB_STATEMENT_TIMEOUT_MS: '30000',
        DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '10000',
        REDIS_COMMAND_TIMEOUT_MS: '500',
        REDIS_CONNECT_TIMEOUT_MS: '2000',
        REDIS_STARTUP_TIMEOUT_MS: '0',
      },
      '/srv',
    );
    expect(config.database).toMatchObject({
      timeouts: { connectMs: 1500, statementMs: 30_000, idleInTransactionMs: 10_000 },
    });
    expect(config.redisTimeouts).toEqual({ commandMs: 500, connectMs: 2000, startupMs: 0 });
  });

  it.each([
    ['DB_CONNECT_TIMEOUT_MS', '0'],
    ['DB_STATEMENT_TIMEOUT_MS', 'abc'],
    ['DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', '-1'],
    ['REDIS_COMMAND_TIMEOUT_MS', '1e3'],
    ['REDIS_CONNECT_TIMEOUT_MS', '999999999'],
  ])('refuses %s=%s naming the variable (even on SQLite)', (variable, value) => {
    expect(() => loadPlatformConfig({ [variable]: value }, '/srv')).toThrow(ConfigError);
    expect(() => loadPlatformConfig({ [variable]: value }, '/srv')).toThrow(variable);
  });
});
