import { chinaTime } from '@lantian/domain';
import { describe, expect, it } from 'vitest';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { addStations, stationHour } from '../../../testing/fixtures/city-air-scene';
import { AirStore } from './air.store';

describe.each(testDialects())('hour-of-day means of station hours on %s', (dialect) => {
  const fresh = freshDatabases(dialect);

  it('groups by station and China hour of the day (by the hour’s end) over (from, to], ignoring missing values', async () => {
    const { database } = await fresh();
    await addStations(database);
    const air = new AirStore(database);
    const day = (d: number, h: number) => chinaTime(2024, 5, d, h);
    await air.stationHours.upsert(
      [
        stationHour('1001A', day(1, 8), { pm2_5: 10 }),
        stationHour('1001A', day(2, 8), { pm2_5: 30 }),
        stationHour('1001A', day(2, 9), { pm2_5: null }),
        // 24:00 of 05-02 is hour 0 of the day.
        stationHour('1001A', day(3, 0), { pm2_5: 50 }),
        stationHour('1002A', day(2, 8), { pm2_5: 7 }),
        // Outside the range: at its start (excluded) and after its end.
        stationHour('1002A', day(1, 0), { pm2_5: 1000 }),
        stationHour('1002A', day(4, 8), { pm2_5: 1000 }),
      ],
      day(5, 0),
    );
    const rows = await air.stationHours.hourOfDayMeans('pm2_5', day(1, 0), day(3, 0));
    const sorted = rows.sort((a, b) => a.station_code.localeCompare(b.station_code) || a.hour - b.hour);
    expect(sorted).toEqual([
      { station_code: '1001A', hour: 0, mean: 50, count: 1 },
      { station_code: '1001A', hour: 8, mean: 20, count: 2 },
      { station_code: '1002A', hour: 8, mean: 7, count: 1 },
    ]);
  });

  it('reads one station’s hours in [from, to] with the values a history table shows, by time', async () => {
    const { database } = await fresh();
    await addStations(database);
    const air = new AirStore(database);
    const t = (h: number) => chinaTime(2024, 5, 1, h);
    await air.stationHours.upsert(
      [
        stationHour('1001A', t(3), { pm2_5: 30, o3: 90 }),
        stationHour('1001A', t(1), { pm2_5: 10 }),
        stationHour('1001A', t(2), { pm2_5: null }),
        stationHour('1002A', t(2), { pm2_5: 99 }),
        stationHour('1001A', t(5), { pm2_5: 50 }),
      ],
      t(6),
    );
    const rows = await air.stationHours.valuesOf('1001A', t(1), t(3));
    expect(rows.map((r) => [Number(r.time), r.pm2_5])).toEqual([
      [t(1), 10],
      [t(2), null],
      [t(3), 30],
    ]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual([
      'aqi',
      'co',
      'no2',
      'o3',
      'o3_8h',
      'pm10',
      'pm2_5',
      'so2',
      'time',
    ]);
    expect(rows[2]).toMatchObject({ o3: 90, aqi: expect.any(Number) });
  });
});
