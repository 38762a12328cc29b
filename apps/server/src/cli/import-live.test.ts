import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsTestApp, createAccountsApp, login, registerUser } from '../testing/accounts';
import { cnemcCsv, cnemcRow, STATIONS, values } from '../testing/fixtures/release-files';
import { signedInject } from '../testing/signed';

/**
 * An import from the command line beside a running server on the same SQLite file (issue 16 §9): the
 * two processes take turns on the write lock (BEGIN IMMEDIATE, platform/db/sqlite-dialect.ts) instead
 * of failing with SQLITE_BUSY when one committed between the other's read and write. Before that, a
 * batch lost the race whenever a sign-in wrote its session in between, and the import stopped.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

const DAYS = 20;
const PASSWORD = 'Lantian#2026';
const PHONES = ['13800000001', '13800000002', '13800000003'];

let app: AccountsTestApp;
let filesDir: string;

function dayFile(day: number): string {
  const rows: string[] = [];
  const date = `2026-10-${String(day + 1).padStart(2, '0')}`;
  for (let hour = 0; hour < 24; hour++) {
    for (const [i, s] of STATIONS.entries()) {
      rows.push(
        cnemcRow({
          code: s.code,
          time: `${date} ${String(hour).padStart(2, '0')}:00:00`,
          values: values(day * 100 + hour * 7 + i),
        }),
      );
    }
  }
  return cnemcCsv(...rows);
}

beforeAll(async () => {
  app = await createAccountsApp();
  for (const phone of PHONES) await registerUser(app, phone, PASSWORD);
  filesDir = path.join(app.dir, 'release');
  mkdirSync(filesDir, { recursive: true });
  for (let day = 0; day < DAYS; day++) writeFileSync(path.join(filesDir, `day-${day}.csv`), dayFile(day));
});

afterAll(async () => {
  await app?.close();
});

interface ImportRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function importBesideServer(): { done: Promise<ImportRun>; running: () => boolean } {
  let finished = false;
  const done = new Promise<ImportRun>((resolve, reject) => {
    const child = spawn(tsx, [path.join(root, 'apps/server/src/cli.ts'), 'import', filesDir, '--json'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: `sqlite:${path.join(app.dir, 'test.db')}`,
        IMPORT_ARCHIVE_URL: '',
        IMPORT_STATIONS_URL: '',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      finished = true;
      resolve({ code, stdout, stderr });
    });
  });
  return { done, running: () => !finished };
}

describe('an import beside the live server (SQLite, two processes)', () => {
  it('completes while the server answers reads and writes sessions, and loses nothing on either side', async () => {
    const { done, running } = importBesideServer();
    const statuses: number[] = [];
    let signIns = 0;
    let round = 0;
    while (running()) {
      // Every phone signs in at once, beside a data read: session writes land between the import's
      // reads and writes as often as the lock allows.
      const [read, ...attempts] = await Promise.all([
        signedInject(app.server, app.config, {
          method: 'POST',
          url: '/api/getCityCurrentData',
          params: { city: '110000' },
        }),
        ...PHONES.map((phone, i) => login(app, phone, PASSWORD, { ip: `10.${i}.${round % 250}.1` })),
      ]);
      statuses.push(read.statusCode, ...attempts.map((a) => a.statusCode));
      signIns += attempts.filter((a) => a.statusCode === 200).length;
      round++;
    }
    const run = await done;
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    const summary = JSON.parse(run.stdout) as { ok: boolean; inserted: number; failed: unknown[] };
    expect(summary.ok).toBe(true);
    expect(summary.failed).toEqual([]);
    expect(summary.inserted).toBe(DAYS * 24 * STATIONS.length);

    // The server kept answering throughout: every sign-in wrote its session, no answer was a 5xx.
    expect(round).toBeGreaterThan(3);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(signIns).toBe(round * PHONES.length);
    const sessions = await app.database.db
      .selectFrom('user_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(sessions.n)).toBe(signIns);
    const hours = await app.database.db
      .selectFrom('station_hourly')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(hours.n)).toBe(DAYS * 24 * STATIONS.length);
  }, 120_000);
});
