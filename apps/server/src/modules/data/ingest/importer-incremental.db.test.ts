import { chinaTime, formatChinaDateTime } from '@lantian/domain';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../../database';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { cnemcCsv, cnemcRow, STATIONS, utf8, values } from '../../../testing/fixtures/release-files';
import { AirAggregation, AirStore } from '../air';
import { Importer } from './importer';

/**
 * The importer's incremental aggregation (city hours per batch, each day, month and year once at
 * finish()) must store exactly what recomputing everything from the station hours stores, and an
 * import that dies half-way must keep what it reported and leave the rest to the next import.
 */

const NOW = 1_700_000_000;
/** Hours across a day, a month and a year boundary (China time): 2018-12-31 20:00 … 2019-01-01 05:00. */
const FIRST = chinaTime(2018, 12, 31, 20);
const HOURS = Array.from({ length: 10 }, (_, h) => FIRST + h * 3600);

/** One national hour file; `shift` varies the values (a revised release of the same hour). */
function hourFile(time: number, codes: readonly string[], shift = 0): Uint8Array {
  const stamp = formatChinaDateTime(time);
  return utf8(cnemcCsv(...codes.map((code, i) => cnemcRow({ code, time: stamp, values: values(i * 5 + shift) }))));
}

const ALL = STATIONS.map((s) => s.code);
/** Every hour from all stations but one; then that one's hours alone (city hours that must be read back); then a revision. */
const FILES = [
  ...HOURS.map((t, h) => ({ name: `h${h}.csv`, bytes: hourFile(t, ALL.slice(0, -1), h) })),
  ...HOURS.slice(3, 7).map((t, h) => ({ name: `late${h}.csv`, bytes: hourFile(t, ALL.slice(-1), h) })),
  { name: 'revised.csv', bytes: hourFile(HOURS[1] ?? FIRST, ALL.slice(0, 2), 40) },
];

const CITY_TABLES = [
  ['city_hourly', 'city_code, time'],
  ['city_daily', 'city_code, day'],
  ['city_monthly', 'city_code, month'],
  ['city_yearly', 'city_code, year'],
] as const;

/** Every city row, in key order, without updated_at (the time of computation). */
async function cityRows(database: AppDatabase): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, order] of CITY_TABLES) {
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} order by ${sql.raw(order)}`.execute(database.db);
    out[table] = rows.map(({ updated_at: _, ...rest }) => rest);
  }
  return out;
}

/** What recomputing every city row from the stored station hours gives. */
async function recomputed(database: AppDatabase): Promise<Record<string, unknown[]>> {
  for (const [table] of CITY_TABLES) await sql`delete from ${sql.table(table)}`.execute(database.db);
  await new AirAggregation(new AirStore(database), () => NOW).refreshFromStationHours(HOURS);
  return cityRows(database);
}

describe.each(testDialects())('incremental import aggregation on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  afterEach(() => vi.restoreAllMocks());

  it('stores the same city hours, days, months and years as a full recomputation', async () => {
    const { database } = await fresh();
    const importer = new Importer(database, { now: () => NOW, batchRows: 7 });
    for (const file of FILES) await importer.importFile(file);
    await importer.finish();
    const incremental = await cityRows(database);
    expect(incremental.city_daily).toHaveLength(4); // 2 cities × 2 days
    expect(incremental.city_yearly).toHaveLength(4); // 2 cities × 2 years
    expect(await new AirStore(database).pendingDays.all()).toEqual([]);
    expect(importer.summary().cityRows).toMatchObject({ days: 4, months: 4, years: 4 });
    expect(incremental).toEqual(await recomputed(database));
  });

  it('keeps every batch it reported after a crash, and the next import completes the days', async () => {
    const { database } = await fresh();
    const air = new AirStore(database);
    const crashing = new Importer(database, { now: () => NOW, batchRows: 4 });
    const reported: number[] = [];
    const refresh = AirAggregation.prototype.refreshCityHoursDeferringDays;
    let calls = 0;
    vi.spyOn(AirAggregation.prototype, 'refreshCityHoursDeferringDays').mockImplementation(function (
      this: AirAggregation,
      ...args
    ) {
      calls++;
      if (calls === 6) throw new Error('the process died here');
      return refresh.apply(this, args);
    });
    await expect(
      (async () => {
        for (const file of FILES) reported.push((await crashing.importFile(file)).inserted);
      })(),
    ).rejects.toThrow('the process died here');
    vi.restoreAllMocks();

    // Every row of the files reported before the crash is stored; their days wait, marked.
    const stored = await sql<{ n: number }>`select count(*) as n from station_hourly`.execute(database.db);
    const inReported = reported.reduce((a, b) => a + b, 0);
    expect(reported.length).toBeGreaterThan(0);
    expect(Number(stored.rows[0]?.n)).toBeGreaterThanOrEqual(inReported);
    expect(await air.pendingDays.all()).not.toEqual([]);
    expect(await air.cityDays.between(0, Number.MAX_SAFE_INTEGER)).toEqual([]);

    // Run again: the same files complete the rest, and the city rows are those of a full recomputation.
    const again = new Importer(database, { now: () => NOW, batchRows: 4 });
    for (const file of FILES) await again.importFile(file);
    await again.finish();
    expect(await air.pendingDays.all()).toEqual([]);
    expect(await cityRows(database)).toEqual(await recomputed(database));
  });
});
