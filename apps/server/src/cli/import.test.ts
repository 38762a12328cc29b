import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/databases';
import { stallingRedis } from '../testing/faulty-services';
import {
  chinaSitesCsv,
  cnemcCsv,
  cnemcRow,
  STATIONS,
  stationListCsv,
  type Values,
  values,
} from '../testing/fixtures/release-files';

/** The command as a user runs it: tsx on the CLI entry, from the repo root, on a fresh SQLite file. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const dir = tempDir('lantian-import-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function lantian(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join(root, 'apps/server/src/cli.ts'), ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', IMPORT_ARCHIVE_URL: '', IMPORT_STATIONS_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function write(file: string, content: string | Uint8Array): string {
  const full = path.join(dir, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  return full;
}

interface Summary {
  command: string;
  ok: boolean;
  files: number;
  failed: { file: string; reason: string }[];
  missing: { file: string; reason: string }[];
  rows: number;
  stations: { known: number; created: number };
  hours: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: { count: number; first: { file: string; line: number | null; where: string; reason: string }[] };
  qc: { checked: number; mismatches: number };
  cityRows: { hours: number; days: number; months: number; years: number };
  seconds: number;
}

function summaryOf(run: Run): Summary {
  const lines = run.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] ?? '') as Summary;
}

const hour = (time: string, seed: number) =>
  cnemcCsv(...STATIONS.map((s, i) => cnemcRow({ code: s.code, time, values: values(seed + i) })));
const day = (date: string, hours: number[]) =>
  chinaSitesCsv(
    STATIONS.map((s) => s.code),
    hours.map((h) => ({
      date,
      hour: h,
      stations: Object.fromEntries(STATIONS.map((s, i): [string, Values] => [s.code, values(h + i)])),
    })),
  );

describe('lantian import', () => {
  it('imports a directory in name order, prints one JSON summary, and re-imports as a no-op', async () => {
    const data = path.join(dir, 'release');
    write('release/2018-02-20/T08.csv', hour('2018-02-20 08:00:00', 3));
    write('release/2018-02-20/T07.csv', hour('2018-02-20 07:00:00', 1));
    write('release/china_sites_20180221.csv', day('20180221', [1, 2]));
    write('release/站点列表-2018.csv', stationListCsv(STATIONS));
    write('release/README.txt', 'not data');
    const db = path.join(dir, 'a.db');

    const first = await lantian(['import', '--json', data], { DATABASE_URL: `sqlite:${db}` });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const summary = summaryOf(first);
    expect(summary).toMatchObject({
      command: 'import',
      ok: true,
      files: 4,
      failed: [],
      rows: 20,
      stations: { known: 0, created: 5 },
      hours: 4,
      inserted: 20,
      updated: 0,
      unchanged: 0,
      rejected: { count: 0, first: [] },
      qc: { checked: 20, mismatches: 0 },
      cityRows: { hours: 8 },
    });
    expect(summary.seconds).toBeGreaterThan(0);

    const again = await lantian(['--json', 'import', data], { DATABASE_URL: `sqlite:${db}` });
    expect(again.code).toBe(0);
    expect(summaryOf(again)).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 20,
      stations: { known: 5, created: 0 },
    });
  });

  it('imports a station list found by its header before the data that needs it, even with its column names quoted', async () => {
    // china_sites files name stations by code only, and the list's name sorts after the data's.
    write('sites/china_sites_20180221.csv', day('20180221', [1, 2]));
    write('sites/站点列表-2018.csv', stationListCsv(STATIONS, { quotedHeader: true }));
    const result = await lantian(['import', '--json', path.join(dir, 'sites')], {
      DATABASE_URL: `sqlite:${path.join(dir, 'sites.db')}`,
    });
    expect(result.code).toBe(0);
    expect(summaryOf(result)).toMatchObject({
      files: 2,
      failed: [],
      rejected: { count: 0 },
      stations: { created: 5 },
      inserted: 10,
    });
  });

  it('exits 1 when a file fails as a whole, after importing the others; rejected rows name file and line', async () => {
    write('mixed/a.csv', hour('2018-02-20 07:00:00', 1));
    write('mixed/b.csv', 'not,a,release\n1,2,3\n');
    const bad = hour('2018-02-20 08:00:00', 2).replace(',0.7,', ',x,');
    write('mixed/c.csv', bad);
    write('mixed/d.csv', new Uint8Array([...new TextEncoder().encode(hour('2018-02-20 09:00:00', 3)), 0xb1, 0xb1]));
    const result = await lantian(['import', '--json', path.join(dir, 'mixed')], {
      DATABASE_URL: `sqlite:${path.join(dir, 'b.db')}`,
    });
    expect(result.code).toBe(1);
    const summary = summaryOf(result);
    expect(summary.ok).toBe(false);
    expect(summary.failed.map((f) => [path.basename(f.file), f.reason])).toEqual([
      ['b.csv', expect.stringContaining('line 1')],
      ['d.csv', expect.stringContaining('UTF-8')],
    ]);
    expect(summary).toMatchObject({ files: 2, inserted: 9, rejected: { count: 1 } });
    expect(summary.rejected.first[0]).toMatchObject({ line: 2, where: '第 2 行 / line 2' });
    expect(path.basename(summary.rejected.first[0]?.file ?? '')).toBe('c.csv');
  });

  it('prints a human summary without --json, and usage errors without a stack trace', async () => {
    const file = write('one/hour.csv', hour('2018-02-20 07:00:00', 1));
    const [human, usage, unknown, missing] = await Promise.all([
      lantian(['import', file], { DATABASE_URL: `sqlite:${path.join(dir, 'c.db')}` }),
      lantian(['import'], { DATABASE_URL: `sqlite:${path.join(dir, 'd.db')}` }),
      lantian(['import', '--frm', '2018-02-20', file], { DATABASE_URL: `sqlite:${path.join(dir, 'd.db')}` }),
      lantian(['import', '--json', path.join(dir, 'nope.csv')], { DATABASE_URL: `sqlite:${path.join(dir, 'e.db')}` }),
    ]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('新增 5');
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('usage');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('--frm');
    expect(unknown.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    expect(missing.code).toBe(1);
    expect(summaryOf(missing).failed[0]?.reason).toContain('ENOENT');
    // Four command-line processes start at once, each loading every module through tsx: 9 s alone,
    // past the suite's 20 s while the other test files share the two cores.
  }, 60_000);

  it('downloads a range of days from IMPORT_ARCHIVE_URL, reporting a missing day', async () => {
    const served: string[] = [];
    const archive: Record<string, string> = {
      '/china_sites_20180220.csv': day('20180220', [7, 8]),
      '/china_sites_20180222.csv': day('20180222', [1]),
      '/stations.csv': stationListCsv(STATIONS),
    };
    const server: Server = createServer((req, res) => {
      served.push(req.url ?? '');
      const body = archive[req.url ?? ''];
      res.statusCode = body === undefined ? 404 : 200;
      res.end(body ?? 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const base = `http://127.0.0.1:${address.port}`;
      const result = await lantian(['import', '--json', '--from', '2018-02-20', '--to', '2018-02-22'], {
        DATABASE_URL: `sqlite:${path.join(dir, 'f.db')}`,
        IMPORT_ARCHIVE_URL: `${base}/china_sites_{yyyymmdd}.csv`,
        IMPORT_STATIONS_URL: `${base}/stations.csv`,
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const summary = summaryOf(result);
      expect(summary).toMatchObject({
        ok: true,
        files: 3,
        failed: [],
        inserted: 15,
        hours: 3,
        stations: { created: 5 },
      });
      expect(summary.missing).toEqual([
        { file: `${base}/china_sites_20180221.csv`, reason: expect.stringContaining('2018-02-21') },
      ]);
      expect(served).toEqual([
        '/stations.csv',
        '/china_sites_20180220.csv',
        '/china_sites_20180221.csv',
        '/china_sites_20180222.csv',
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('finishes when Redis takes the connection but never answers: the new-hour announcement gives up after the command timeout', async () => {
    const redis = await stallingRedis();
    try {
      write('stalled/T07.csv', hour('2018-02-20 07:00:00', 5));
      const started = Date.now();
      const run = await lantian(['import', '--json', path.join(dir, 'stalled')], {
        DATABASE_URL: `sqlite:${path.join(dir, 'stalled.db')}`,
        REDIS_URL: `redis://127.0.0.1:${redis.port}`,
        REDIS_COMMAND_TIMEOUT_MS: '500',
      });
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ ok: true });
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await redis.close();
    }
  }, 30_000);

  it('says what to configure when no archive URL is set, and refuses a bad one', async () => {
    const [unset, bad] = await Promise.all([
      lantian(['import', '--from', '2018-02-20', '--to', '2018-02-20'], {
        DATABASE_URL: `sqlite:${path.join(dir, 'g.db')}`,
      }),
      lantian(['import', '--from', '2018-02-20', '--to', '2018-02-20'], {
        DATABASE_URL: `sqlite:${path.join(dir, 'g.db')}`,
        IMPORT_ARCHIVE_URL: 'ftp://example.org/{yyyymmdd}.csv',
      }),
    ]);
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain('IMPORT_ARCHIVE_URL');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('IMPORT_ARCHIVE_URL=');
  });
});
