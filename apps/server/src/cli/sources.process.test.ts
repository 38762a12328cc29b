import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** `lantian sources …` as a user runs it: tsx on the CLI entry, over a SQLite file of its own. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const fixtures = path.join(root, 'apps/server/src/testing/fixtures/weather-sources');
const dir = mkdtempSync(path.join(tmpdir(), 'lantian-sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sources(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join(root, 'apps/server/src/cli.ts'), 'sources', ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${dir}/cli.db`, DEMO_DATA: 'off' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('lantian sources', () => {
  it('imports a best-track file and a METAR bulletin, one JSON line each with --json', async () => {
    const typhoon = await sources('typhoon', path.join(fixtures, 'typhoon-2305-doksuri.txt'), '--json');
    expect(typhoon.code, typhoon.stderr).toBe(0);
    expect(JSON.parse(typhoon.stdout)).toEqual({ source: 'typhoon', ok: true, files: 1, typhoons: 1, points: 29 });
    const metar = await sources(
      'metar',
      path.join(fixtures, 'metar-china-2018-12-14T13Z.txt'),
      '--at',
      '2018-12-14T14:00:00Z',
      '--json',
    );
    expect(JSON.parse(metar.stdout)).toMatchObject({ observations: 41, unknownStations: [] });
  }, 60_000);

  it('refuses a corrupted file with exit 1 and the line at fault', async () => {
    const bad = path.join(dir, 'bad.txt');
    writeFileSync(bad, '66666 2305    1 0009 2305 0 6 DOKSURI 20230805\n2023072018 1 117 1354 1004 1x\n');
    const res = await sources('typhoon', bad);
    expect(res.code).toBe(1);
    expect(res.stderr + res.stdout).toContain('第 2 行');
    const kind = await sources('frames', dir, '--kind', 'lidar');
    expect(kind.code).toBe(1);
    expect(kind.stderr + kind.stdout).toContain('--kind');
  }, 60_000);
});
