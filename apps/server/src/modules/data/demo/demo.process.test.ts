import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listCities } from '@lantian/areas';
import { startOfChinaHour } from '@lantian/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../platform/db/database';
import { tempDir } from '../../../testing/databases';
import { AirStore } from '../air';
import { StationsRepository } from '../stations';

/** The real entry points, run as a user runs them (tsx, from the repository root). */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join(root, 'apps/server/src/cli.ts'), ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

describe('lantian seed', () => {
  it('seeds a fresh database, prints one JSON object, and refuses to seed twice without --replace', async () => {
    const env = { DATABASE_URL: `sqlite:${tempDir()}/seed.db` };
    const first = await cli(['seed', '--days', '1', '--json'], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout.trim().split('\n')).toHaveLength(1);
    const report = JSON.parse(first.stdout);
    expect(report).toMatchObject({ command: 'seed', dialect: 'sqlite', days: 1, replaced: false, cities: 337 });
    expect(report.stations).toBeGreaterThan(1000);
    expect(report.stationHours).toBeGreaterThan(report.stations * 24);
    expect(report.cityHours).toBe(report.weatherHours);

    const again = await cli(['seed', '--days', '1', '--json'], env);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: false, error: expect.stringContaining('--replace') });

    const replaced = await cli(['seed', '--days', '1', '--replace', '--cities', '110000'], env);
    expect(replaced.code).toBe(0);
    expect(replaced.stdout).toContain('1 个城市');

    const bad = await cli(['seed', '--days', '0'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--days');
  }, 60_000);
});

describe('a fresh server', () => {
  it('shows demo data for every city within 30 s, answering /readyz meanwhile, and stops cleanly', async () => {
    const dir = tempDir();
    const file = `${dir}/fresh.db`;
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const started = Date.now();
    // Node itself is the child (tsx as a loader): the tsx launcher SIGKILLs a child that has not
    // acknowledged a relayed SIGTERM within 30 ms, which a loaded machine can miss (exit 143).
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'info' },
    });
    children.push(child);
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    await expect.poll(() => log, { timeout: 15_000, interval: 100 }).toContain('is running at');

    const database = openDatabase({ kind: 'sqlite', path: file });
    try {
      // The seed writes the latest days first: every city's value for the last full hour comes early.
      // (Should an hour end meanwhile, the seed's last hour is the one before.)
      const hour = startOfChinaHour(started / 1000);
      const air = new AirStore(database);
      let ready = 0;
      await expect
        .poll(
          async () => {
            const res = await fetch(`http://127.0.0.1:${port}/readyz`);
            if (res.status === 200) ready++;
            const latest = await air.cityHours.latestTime();
            return latest !== undefined && latest >= hour ? (await air.cityHours.at(latest)).length : 0;
          },
          { timeout: 30_000 - (Date.now() - started), interval: 500 },
        )
        .toBe(listCities().length);
      expect(ready).toBeGreaterThan(0);
      expect(await new StationsRepository(database).count('demo')).toBeGreaterThan(1000);
    } finally {
      await database.close();
    }

    const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(log).toContain('shutdown complete');
  }, 60_000);
});
