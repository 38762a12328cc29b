import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresUrl } from '../../testing/databases';
import { type AnyDatabase, type Database, openDatabase } from './database';
import { databaseFaultOf } from './faults';

/**
 * The PostgreSQL pool under faults, on the test database (TEST_DATABASE_URL): an idle connection
 * terminated by the server must not end the process (an unhandled 'error' event would), and the
 * next query is served on a fresh connection; a statement over DB_STATEMENT_TIMEOUT_MS is cancelled.
 * Only our own backends are terminated.
 */
const opened: AnyDatabase[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
});

function open(statementMs = 15_000): Database<Record<string, never>> {
  const database = openDatabase<Record<string, never>>({
    kind: 'postgres',
    url: postgresUrl ?? '',
    timeouts: { connectMs: 2_000, statementMs, idleInTransactionMs: 60_000 },
  });
  opened.push(database);
  return database;
}

async function terminate(pids: number[]): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
  } finally {
    await admin.end();
  }
}

describe.skipIf(postgresUrl === undefined)('PostgreSQL pool faults', () => {
  it('survives its idle connections being terminated (57P01), logs the outage once, and serves again', async () => {
    const database = open();
    const lines: string[] = [];
    database.outage.reportTo({ error: (_o, msg) => lines.push(msg), info: (_o, msg) => lines.push(msg) });
    const pids = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(
          database.db,
        );
        return rows[0]?.pid ?? 0;
      }),
    );
    await terminate(pids);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows[0]?.one).toBe(1);
    expect(lines.filter((l) => l === 'database unavailable').length).toBeLessThanOrEqual(1);
  });

  it('cancels a statement that runs past the statement timeout (57014 → timeout)', async () => {
    const database = open(200);
    const started = Date.now();
    const error = await sql`select pg_sleep(5)`.execute(database.db).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(databaseFaultOf(error)).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
    // The connection survives a cancelled statement.
    await expect(sql`select 1`.execute(database.db)).resolves.toBeDefined();
  });

  it('a statement on a connection the server killed mid-query fails as unavailable, and the pool recovers', async () => {
    const database = open();
    const running = sql`select pg_sleep(3)`.execute(database.db).then(
      () => undefined,
      (err: unknown) => err,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    const { rows } = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where query = 'select pg_sleep(3)' and pid <> pg_backend_pid()",
    );
    await admin.end();
    await terminate(rows.map((r) => r.pid));
    expect(databaseFaultOf(await running)).toBe('unavailable');
    await expect(sql`select 1`.execute(database.db)).resolves.toBeDefined();
  });
});
