import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatChinaDateTime } from '@lantian/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../database';
import { tempDir } from '../../../testing/databases';
import { dataFrame, TestLogger } from '../../../testing/hj212-client';

/**
 * The gateway's promise to a data logger, tested with the real process: a packet is answered (9014)
 * only once it is committed, so a server killed between receipt and commit has answered nothing, the
 * logger sends the packet again, and the value ends up stored exactly once.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const MN = 'LT110105P0001';
const PW = 'pw2026';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join(root, 'apps/server/src/cli.ts'), ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

/**
 * Starts the server and resolves once its gateway listens; DEMO_DATA=off keeps start-up short. Node
 * itself is the child (tsx as a loader, not the tsx wrapper), so SIGKILL reaches the server.
 */
async function startServer(file: string, tcpPort: number, extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${file}`,
      DEMO_DATA: 'off',
      HJ212_PORT: String(tcpPort),
      HJ212_HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...extra,
    },
  });
  children.push(child);
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  await expect.poll(() => log, { timeout: 20_000, interval: 100 }).toContain('HJ 212 gateway listening');
  return child;
}

async function storedRows(file: string) {
  const database = openAppDatabase({ kind: 'sqlite', path: file });
  try {
    const rows = await database.db
      .selectFrom('telemetry_minute')
      .innerJoin('devices', 'devices.id', 'telemetry_minute.device_id')
      .where('devices.mn', '=', MN)
      .select(['telemetry_minute.factor', 'telemetry_minute.t', 'telemetry_minute.value'])
      .orderBy('telemetry_minute.factor')
      .execute();
    return rows;
  } finally {
    await database.close();
  }
}

describe('the gateway killed between receipt and commit', () => {
  it('has answered nothing; the resent packet is stored once and answered', async () => {
    const file = `${tempDir()}/gateway.db`;
    const env = { DATABASE_URL: `sqlite:${file}`, DEMO_DATA: 'off' };
    const added = await cli(
      [
        'device',
        'add',
        ...['--mn', MN, '--name', '朝阳测试微站', '--type', 'A01', '--password', PW],
        ...[
          '--factors',
          'a34004,a34002',
          '--site',
          'S-PROC-1',
          '--area',
          '110105',
          '--lon',
          '116.48',
          '--lat',
          '39.95',
        ],
        '--json',
      ],
      env,
    );
    expect(added.code, added.stdout).toBe(0);

    const tcpPort = 30_000 + Math.floor(Math.random() * 20_000);
    const dataTime = Math.floor(Date.now() / 60_000) * 60 - 60;
    const frame = dataFrame({
      mn: MN,
      pw: PW,
      cn: '2051',
      dataTime,
      qn: '20261125120000123',
      values: [
        { factor: 'a34004', value: 41.5 },
        { factor: 'a34002', value: 77 },
      ],
    });

    // 1. Every commit waits 5 s: the packet is received, then the server dies before committing it.
    const slow = await startServer(file, tcpPort, { HJ212_COMMIT_DELAY_MS: '5000' });
    const first = await TestLogger.connect(tcpPort);
    first.write(frame);
    await new Promise((r) => setTimeout(r, 1_000));
    const died = new Promise((resolve) => slow.on('close', resolve));
    slow.kill('SIGKILL');
    await died;
    expect(first.received).toEqual([]);
    first.end();
    expect(await storedRows(file)).toEqual([]);

    // 2. Restarted, the logger (having no answer) sends the same packet again, and once more after
    // the answer (a logger whose answer got lost on the way does that): one row per factor.
    await startServer(file, tcpPort);
    const second = await TestLogger.connect(tcpPort);
    second.write(frame);
    const [answer] = await second.frames(1, 10_000);
    expect(answer).toContain('CN=9014');
    expect(answer).toContain('QN=20261125120000123');
    second.write(frame);
    await second.frames(2, 10_000);
    second.end();
    const stored = [
      { factor: 'a34002', t: dataTime, value: 77 },
      { factor: 'a34004', t: dataTime, value: 41.5 },
    ];
    expect(await storedRows(file)).toEqual(stored);

    // 3. `lantian gateway replay`: the kept raw packets replayed to the running gateway: every one answered, nothing doubled.
    const now = Math.floor(Date.now() / 1000);
    const replay = await cli(
      [
        'gateway',
        'replay',
        '--from',
        formatChinaDateTime(now - 600),
        '--to',
        formatChinaDateTime(now + 60),
        '--port',
        String(tcpPort),
        '--json',
      ],
      env,
    );
    expect(replay.code, replay.stdout).toBe(0);
    expect(JSON.parse(replay.stdout)).toMatchObject({ command: 'gateway replay', packets: 2, sent: 2, answered: 2 });
    expect(await storedRows(file)).toEqual(stored);
  }, 90_000);
});
