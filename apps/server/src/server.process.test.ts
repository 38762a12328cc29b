import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from './modules/registry';
import { tempDir } from './testing/databases';

/** The real entry points, run as a user runs them (through tsx, from the repo root). */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(entry: string, args: string[], env: Record<string, string>, timeoutMs = 20_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join(root, 'apps/server/src', entry), ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out: ${stdout}${stderr}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

describe('server start-up', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'foo://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    // Several processes without Redis would each keep their own nonces and budgets.
    [{ SERVER_PROCESSES: '2' }, 'SERVER_PROCESSES'],
  ])('stops on %o with one line naming %s, no stack trace', async (env, variable) => {
    const result = await run('server.ts', [], env);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(variable);
    expect(result.stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('serves, then exits 0 on SIGTERM', async () => {
    const dir = tempDir();
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    // Node itself is the child (tsx as a loader): the tsx launcher SIGKILLs a child that has not
    // acknowledged a relayed SIGTERM within 30 ms, which a loaded machine can miss (exit 143).
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: `sqlite:${dir}/a.db`,
        DEMO_HISTORY_DAYS: '1',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
      },
    });
    children.push(child);
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    await expect.poll(() => log, { timeout: 15_000, interval: 100 }).toContain('is running at');
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
    const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(log).toContain('shutdown complete');
  });
});

describe('CLI', () => {
  it('migrate --json prints one JSON object and applies each migration once', async () => {
    const dir = tempDir();
    const env = { DATABASE_URL: `sqlite:${dir}/cli.db` };
    const first = await run('cli.ts', ['migrate', '--json'], env);
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout);
    expect(report).toMatchObject({ command: 'migrate', dialect: 'sqlite', applied: Object.keys(MIGRATIONS) });
    const second = await run('cli.ts', ['migrate', '--json'], env);
    expect(JSON.parse(second.stdout).applied).toEqual([]);
  });

  it('an unknown command or a bad setting exits non-zero with a clear message', async () => {
    const unknown = await run('cli.ts', ['frobnicate', '--json'], {});
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ ok: false, error: expect.stringContaining('frobnicate') });
    const bad = await run('cli.ts', ['migrate'], { DATABASE_URL: 'mysql://x' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('DATABASE_URL');
  });
});
