import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CNEMC_CSV_COLUMNS } from '../modules/data/ingest';

/** The command as a user runs it: tsx on the CLI entry, from the repo root. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const dir = mkdtempSync(path.join(tmpdir(), 'lantian-qc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function qc(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join(root, 'apps/server/src/cli.ts'), 'qc', ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function write(name: string, content: string | Uint8Array): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

const HEADER = CNEMC_CSV_COLUMNS.join(',');
const GOOD =
  '2018-02-20 07:00:00,1001A,116.366,39.8673,北京市,万寿西宫,细颗粒物(PM2.5),54,-;,-;,38,134,84,62,37,37,17,42,3,22,0.7,2.2';
const TIED =
  '2018-02-20 07:00:00,1002A,116.17,40.2865,北京市,定陵,"颗粒物(PM10),细颗粒物(PM2.5)",60,86,7,49,98,112,83,86,85,8,28,3,13,0.2,1.4';

describe('lantian qc', () => {
  it('prints exactly one JSON object with --json and exits 0', async () => {
    const wrongAqi = GOOD.replace('1001A', '1003A').replace(',54,', ',70,');
    const file = write('hour.csv', `\uFEFF${HEADER}\n${GOOD}\n${TIED}\n${wrongAqi}\n`);
    const result = await qc('--json', file);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(result.stdout)).toEqual({
      rows: 3,
      checked: 3,
      mismatches: [
        { station: '1002A', field: 'aqi', published: 60, computed: [68, 69] },
        { station: '1003A', field: 'aqi', published: 70, computed: [54, 55] },
      ],
    });
  });

  it('prints a short human summary without --json', async () => {
    const file = write('one.csv', `${HEADER}\n${GOOD}\n`);
    const result = await qc(file);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('rows 1, checked 1, mismatches 0');
  });

  it('exits non-zero naming the line on malformed input', async () => {
    const [badNumber, wrongHeader, gbk] = await Promise.all([
      qc('--json', write('bad.csv', `${HEADER}\n${GOOD}\n${GOOD.replace(',17,', ',x,')}\n`)),
      qc(write('header.csv', 'a,b,c\n1,2,3\n')),
      qc(write('gbk.csv', new Uint8Array([...new TextEncoder().encode(`${HEADER}\n`), 0xb1, 0xb1]))),
    ]);
    expect(badNumber.code).toBe(1);
    const output = JSON.parse(badNumber.stdout) as { ok: boolean; error: string };
    expect(output.ok).toBe(false);
    expect(output.error).toContain('第 3 行 / line 3');
    expect(output.error).toContain('no2');

    expect(wrongHeader.code).toBe(1);
    expect(wrongHeader.stderr).toContain('line 1');
    expect(wrongHeader.stderr).not.toMatch(/\bat .*\.ts:\d+/);

    expect(gbk.code).toBe(1);
    expect(gbk.stderr).toContain('UTF-8');
    expect(gbk.stderr).toContain('line 2');
  });

  it('exits non-zero on a missing file or missing argument', async () => {
    const [missing, usage] = await Promise.all([qc(path.join(dir, 'nope.csv')), qc()]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('ENOENT');
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('usage');
  });
});
