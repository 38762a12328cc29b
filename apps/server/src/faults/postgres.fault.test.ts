import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnemcCsv, cnemcRow, STATIONS, stationListCsv, values } from '../testing/fixtures/release-files';
import { PgCluster, removeTempDirs, ServerProcess, sleep, startCli, tempDir, until, waitExit } from './harness';
import { runScenario } from './scenario';

/**
 * PostgreSQL restarted, paused and killed under load, and an import killed half-way: on a cluster
 * of the suite's own (initdb in a temp dir), never the machine's shared one.
 */

let cluster: PgCluster;
let server: ServerProcess;
let databaseUrl: string;

async function query<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function stored(urls: readonly string[]): Promise<Set<string>> {
  const rows = await query<{ url: string }>(databaseUrl, 'select url from short_urls where url = any($1)', [urls]);
  return new Set(rows.map((r) => r.url));
}

beforeAll(async () => {
  cluster = await PgCluster.create();
  databaseUrl = cluster.createDatabase('lantian');
  server = await ServerProcess.start({ env: { DATABASE_URL: databaseUrl } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  cluster?.stop();
  removeTempDirs();
});

describe('PostgreSQL faults under load', () => {
  it('restarted (pg_ctl restart -m fast): 503 meanwhile, back by itself, no answered write lost', async () => {
    await runScenario({
      fault: 'PostgreSQL restart (fast)',
      base: () => server.base,
      inject: async () => {
        await sleep(200);
        cluster.restartFast();
      },
      stored,
      // A fast restart takes well under a second: requests may all land before or after it.
      expect503: false,
      alive: () => server.alive,
    });
  });

  it('paused (SIGSTOP every process of the cluster for 6 s): bounded 503s, not a hang', async () => {
    await runScenario({
      fault: 'PostgreSQL paused 6 s',
      base: () => server.base,
      inject: async () => {
        const pids = cluster.signal('SIGSTOP');
        try {
          await sleep(6_000);
        } finally {
          cluster.signal('SIGCONT', pids);
        }
      },
      stored,
      alive: () => server.alive,
    });
  });

  it('killed (SIGKILL postmaster and backends, then started): 503 until it is back, then served', async () => {
    await runScenario({
      fault: 'PostgreSQL killed, restarted',
      base: () => server.base,
      inject: async () => {
        cluster.signal('SIGKILL');
        await sleep(3_000);
        cluster.start();
      },
      stored,
      alive: () => server.alive,
    });
    // One line when the outage began (not one per failed request).
    expect(server.lines(/^database unavailable$/)).toBeLessThanOrEqual(6);
    expect(server.lines(/^database available again$/)).toBeGreaterThanOrEqual(1);
  });
});

describe('an import killed half-way', () => {
  /** Enough hours that the import is still running when it is killed. */
  const HOURS = 240;

  function writeFixture(): string {
    const dir = tempDir('lantian-faults-import-');
    writeFileSync(path.join(dir, '站点列表-2018.csv'), stationListCsv(STATIONS));
    const start = Date.UTC(2018, 0, 1, 0);
    for (let h = 0; h < HOURS; h++) {
      const t = new Date(start + h * 3_600_000);
      const stamp = t.toISOString().slice(0, 19).replace('T', ' ');
      const name = `hour-${String(h).padStart(4, '0')}.csv`;
      writeFileSync(
        path.join(dir, name),
        cnemcCsv(...STATIONS.map((s, i) => cnemcRow({ code: s.code, time: stamp, values: values(h + i) }))),
      );
    }
    return dir;
  }

  /** Row counts of every table an import writes (everything but installation facts and migrations). */
  async function counts(url: string): Promise<Record<string, number>> {
    const tables = await query<{ table_name: string }>(
      url,
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
    );
    const result: Record<string, number> = {};
    for (const { table_name } of tables) {
      if (/^(app_meta|kysely_migration.*)$/.test(table_name)) continue;
      const [row] = await query<{ n: string }>(url, `select count(*) as n from "${table_name}"`);
      result[table_name] = Number(row?.n ?? 0);
    }
    return result;
  }

  it('SIGKILLed mid-import beside the running server, re-run: the same rows as a clean import', async () => {
    const fixture = writeFixture();
    const cleanUrl = cluster.createDatabase('lantian_clean');
    const clean = startCli(['import', '--json', fixture], { DATABASE_URL: cleanUrl });
    expect(await waitExit(clean), clean.output()).toBe(0);
    const expected = await counts(cleanUrl);
    expect(expected.station_hourly).toBe(HOURS * STATIONS.length);
    // What migrations alone put in (built-in dictionary, alarm rules): not the import's rows, and the
    // server's database may hold more of them (its modules install rules of their own at start).
    const migratedUrl = cluster.createDatabase('lantian_migrated');
    const migrated = startCli(['migrate', '--json'], { DATABASE_URL: migratedUrl });
    expect(await waitExit(migrated), migrated.output()).toBe(0);
    const installed = await counts(migratedUrl);

    // The server's own database, while it serves: kill the import once some hours are in.
    const first = startCli(['import', '--json', fixture], { DATABASE_URL: databaseUrl });
    await until(
      async () => {
        const [row] = await query<{ n: string }>(databaseUrl, 'select count(*) as n from station_hourly');
        return Number(row?.n ?? 0) > STATIONS.length * 10;
      },
      60_000,
      'the import has written some hours',
    );
    first.kill('SIGKILL');
    await waitExit(first);
    const partial = await counts(databaseUrl);
    expect(partial.station_hourly).toBeLessThan(HOURS * STATIONS.length);

    const again = startCli(['import', '--json', fixture], { DATABASE_URL: databaseUrl });
    expect(await waitExit(again), again.output()).toBe(0);
    const after = await counts(databaseUrl);
    // Compared on what an import writes (the tables it filled in the clean database beyond what
    // migrating did): the server's own start-up rows (its first operator, audit, alarm rules) and
    // the load's short links are not the import's.
    const written = Object.keys(expected).filter((table) => (expected[table] ?? 0) > (installed[table] ?? 0));
    expect(written).toEqual(expect.arrayContaining(['stations', 'station_hourly', 'city_hourly']));
    expect(Object.fromEntries(written.map((t) => [t, after[t]]))).toEqual(
      Object.fromEntries(written.map((t) => [t, expected[t]])),
    );
    expect(server.alive).toBe(true);
  }, 180_000);
});
