import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signParams } from '@lantian/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from './testing/databases';

/**
 * SERVER_PROCESSES=2 (platform/cluster.ts): the real entry point as a user starts it, two server
 * processes sharing one port and one Redis. Needs Redis: runs with TEST_REDIS_URL (npm run test:state).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

/** The server processes under a primary (Linux: its node children, from ps; tsx adds an esbuild one). */
function serverProcesses(primary: number): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(primary)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter(([, command]) => command === 'node')
    .map(([pid]) => Number(pid));
}

describe.skipIf(redisUrl === undefined)('several server processes on one machine', () => {
  it('serves from two processes, shares nonces through Redis, replaces a dead one, and stops on SIGTERM', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const key = 'cluster-test-key';
    const primary = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        SERVER_PROCESSES: '2',
        REDIS_URL: redisUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${tempDir()}/cluster.db`,
        DEMO_DATA: 'off',
        HJ212_PORT: 'off',
        PUBLIC_API_KEY: key,
        LOG_LEVEL: 'info',
      },
    });
    children.push(primary);
    let log = '';
    primary.stdout.on('data', (d) => (log += d));
    primary.stderr.on('data', (d) => (log += d));
    await expect.poll(() => log, { timeout: 150_000, interval: 200 }).toContain('2 server processes are serving');
    const pid = primary.pid ?? 0;
    const first = serverProcesses(pid);
    expect(first).toHaveLength(2);

    // One signed call, sent twice on new connections: whichever process gets the copy, the nonce is spent.
    const signature = await signParams({}, key);
    const call = () =>
      fetch(`http://127.0.0.1:${port}/api/getProvinceList`, { headers: { ...signature, connection: 'close' } });
    expect((await call()).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await call()).status).toBe(401);

    // A process that dies is replaced; the port keeps answering meanwhile. A connection the primary
    // was handing to the dying process is lost with it (node:cluster), so a client retries, as browsers do.
    process.kill(first[0] ?? 0, 'SIGKILL');
    const healthz = async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          return (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(3_000) })).status;
        } catch {
          // Lost in the handoff: asked again.
        }
      }
      return 0;
    };
    for (let i = 0; i < 20; i++) expect(await healthz()).toBe(200);
    await expect
      .poll(() => serverProcesses(pid).filter((p) => !first.includes(p)).length, { timeout: 120_000, interval: 250 })
      .toBe(1);
    expect(log).toContain('a server process died; starting another');

    const exit = new Promise<number | null>((resolve) => primary.on('close', resolve));
    primary.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(log).toContain('every server process stopped');
  }, 420_000);
});
