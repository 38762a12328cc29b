import { describe, expect, it } from 'vitest';
import { ConfigError, describeDatabase, loadConfig } from './config';
import { ingest } from './modules/data/ingest';
import { settingsOf } from './platform/module';

const cwd = '/srv/lantian';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, cwd);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration from the environment', () => {
  it('defaults to port 8080 and the embedded SQLite database under ./data', () => {
    const config = loadConfig({}, cwd);
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'sqlite', path: '/srv/lantian/data/lantian.db' });
    expect(config.redisUrl).toBeUndefined();
    // A forgotten NODE_ENV is production (Secure cookies, no console SMS, test settings refused).
    expect(config.nodeEnv).toBe('production');
  });

  it('reads PORT, sqlite:PATH, postgres:// and redis:// settings', () => {
    const config = loadConfig(
      { PORT: '9000', DATABASE_URL: 'sqlite:var/x.db', REDIS_URL: 'redis://127.0.0.1:6379/2' },
      cwd,
    );
    expect(config.port).toBe(9000);
    expect(config.database).toEqual({ kind: 'sqlite', path: '/srv/lantian/var/x.db' });
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/lantian' }, cwd).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/lantian',
      timeouts: { connectMs: 5000, statementMs: 15000, idleInTransactionMs: 60000 },
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '0' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'foo://bar' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'sqlite:' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://localhost' }, 'REDIS_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ SHUTDOWN_TIMEOUT_MS: '-1' }, 'SHUTDOWN_TIMEOUT_MS'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [{ DEMO_HISTORY_DAYS: '0' }, 'DEMO_HISTORY_DAYS'],
    [{ IMPORT_ARCHIVE_URL: 'ftp://example.org/china_sites_{yyyymmdd}.csv' }, 'IMPORT_ARCHIVE_URL'],
    [{ IMPORT_ARCHIVE_URL: 'example.org/china_sites_{yyyymmdd}.csv' }, 'IMPORT_ARCHIVE_URL'],
    [{ IMPORT_ARCHIVE_URL: 'https://example.org/china_sites.csv' }, 'IMPORT_ARCHIVE_URL'],
    [{ IMPORT_ARCHIVE_URL: 'https://example.org/{yyyy}/{mm}.csv' }, 'IMPORT_ARCHIVE_URL'],
    [{ IMPORT_ARCHIVE_URL: 'https://example.org/{date}.csv' }, 'IMPORT_ARCHIVE_URL'],
    [{ IMPORT_STATIONS_URL: 'file:///tmp/stations.csv' }, 'IMPORT_STATIONS_URL'],
  ])('rejects %o with one line naming %s', (env, variable) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(`${variable}=`);
    expect(error.message).not.toContain('\n');
  });

  it('reads the import archive as an http(s) URL template, and the station list URL', () => {
    const importSettings = (env: Record<string, string>) => settingsOf(ingest, loadConfig(env, cwd));
    expect(importSettings({})).toEqual({
      archiveUrl: undefined,
      stationsUrl: undefined,
      downloadMaxBytes: 64 * 1024 * 1024,
      downloadTimeoutMs: 20_000,
    });
    expect(importSettings({ IMPORT_DOWNLOAD_MAX_MB: '8' }).downloadMaxBytes).toBe(8 * 1024 * 1024);
    expect(() => importSettings({ IMPORT_DOWNLOAD_MAX_MB: '0' })).toThrow(/IMPORT_DOWNLOAD_MAX_MB/);
    const config = importSettings({
      IMPORT_ARCHIVE_URL: 'https://example.org/data/china_sites_{yyyymmdd}.csv',
      IMPORT_STATIONS_URL: 'http://127.0.0.1:8000/stations.csv',
    });
    expect(config.archiveUrl).toBe('https://example.org/data/china_sites_{yyyymmdd}.csv');
    expect(config.stationsUrl).toBe('http://127.0.0.1:8000/stations.csv');
    expect(importSettings({ IMPORT_ARCHIVE_URL: 'http://x.org/{yyyy}/{mm}/{dd}.csv' }).archiveUrl).toBe(
      'http://x.org/{yyyy}/{mm}/{dd}.csv',
    );
    expect(errorOf({ IMPORT_ARCHIVE_URL: 'https://x.org/{day}.csv' }).message).toContain('{day}');
  });

  it('never shows a database password', () => {
    expect(describeDatabase({ kind: 'postgres', url: 'postgres://lantian:s3cret@db/lantian' })).not.toContain('s3cret');
  });
});
