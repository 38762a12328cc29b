/**
 * The raw insert of import.bench.ts: the same station-hour rows the importer stores, written into
 * station_hourly of a freshly migrated database with nothing else — no look-up, no QC, no city rows —
 * by the cheapest means of each dialect: one prepared INSERT per row on SQLite, COPY on PostgreSQL,
 * one transaction per file as the importer's batches. Parsing and row building are not timed.
 */
import { migrateAppDatabase, openAppDatabase } from '../../apps/server/src/database';
import { STATION_HOUR_COLUMNS } from '../../apps/server/src/modules/data/air';
import { parseCnemcCsv, toStationHour } from '../../apps/server/src/modules/data/ingest';
import type { DatabaseConfig } from '../../apps/server/src/platform/config';
import { copyRows } from '../../apps/server/src/platform/db/pg-copy';

export async function rawInsertHours(
  config: DatabaseConfig,
  files: Iterable<{ bytes: Uint8Array }>,
): Promise<{ rows: number; seconds: number }> {
  const database = openAppDatabase(config);
  try {
    await migrateAppDatabase(database);
    const native = database.native;
    const insert =
      native.kind === 'sqlite'
        ? native.sqlite.prepare(
            `insert into station_hourly (${STATION_HOUR_COLUMNS.join(', ')}) values (${STATION_HOUR_COLUMNS.map(() => '?').join(', ')})`,
          )
        : undefined;
    const now = Math.floor(Date.now() / 1000);
    let rows = 0;
    let spent = 0;
    for (const file of files) {
      const parsed = parseCnemcCsv(Buffer.from(file.bytes).toString('utf8'));
      const records = parsed.rows.map((r) => ({ ...toStationHour(r, 'cnemc', 0), revised: 0, updated_at: now }));
      const started = performance.now();
      if (native.kind === 'sqlite' && insert !== undefined) {
        native.sqlite.transaction(() => {
          for (const r of records) insert.run(...STATION_HOUR_COLUMNS.map((c) => r[c]));
        })();
      } else if (native.kind === 'postgres') {
        const client = await native.pool.connect();
        try {
          await client.query('begin', []);
          await copyRows(client, 'station_hourly', STATION_HOUR_COLUMNS, records);
          await client.query('commit', []);
        } finally {
          client.release();
        }
      }
      spent += performance.now() - started;
      rows += records.length;
    }
    return { rows, seconds: spent / 1000 };
  } finally {
    await database.close();
  }
}
