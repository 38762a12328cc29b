import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from './testing/databases';
import { closedPort } from './testing/faulty-services';

/** server.ts's start-up ping: with REDIS_URL set and no Redis, no "ready" claim — one line, exit 1. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('server start-up with Redis down', () => {
  it('gives up after REDIS_STARTUP_TIMEOUT_MS with one readable line, exit 1', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
      cwd: root,
      env: {
        ...process.env,
        LOG_LEVEL: 'silent',
        DATABASE_URL: `sqlite:${dir}/a.db`,
        DEMO_DATA: 'off',
        PORT: String(await closedPort()),
        HOST: '127.0.0.1',
        REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
        REDIS_STARTUP_TIMEOUT_MS: '800',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stdout).not.toContain('is running at');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/共享状态（Redis）在 1 秒内没有应答.*REDIS_STARTUP_TIMEOUT_MS/);
    expect(stderr).not.toMatch(/\bat .*\.ts:\d+/);
  }, 30_000);
});
