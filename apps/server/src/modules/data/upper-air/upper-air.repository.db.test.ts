import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { cfFile, GRID } from './demo-upper-air';
import { writeNetcdf } from './netcdf-writer';
import { SoundingService } from './soundings.service';
import { UpperAirRepository } from './upper-air.repository';
import { WindService } from './wind.service';

const FIXTURE = readFileSync(path.join(__dirname, 'fixtures/igra2-sample.txt'), 'utf8');
const T0 = Date.UTC(2026, 10, 28, 0) / 1000;

describe.each(testDialects())('upper air on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;

  async function setup() {
    ({ database } = await fresh());
    const repository = new UpperAirRepository(database);
    return {
      repository,
      soundings: new SoundingService(repository, () => T0),
      wind: new WindService(repository, () => T0, { u: 'u10', v: 'v10' }),
    };
  }

  it('stores soundings per station and time, replaces them on a second import, scopes stations by area', async () => {
    const { repository, soundings } = await setup();
    await soundings.importIgra(FIXTURE, 'a');
    await soundings.importIgra(FIXTURE, 'again');
    expect(await repository.soundingTimes('USM00072381', 10)).toEqual([
      Date.UTC(2026, 6, 22, 17) / 1000,
      Date.UTC(2020, 0, 15, 12) / 1000,
    ]);
    const all = await repository.stations(NATIONWIDE);
    expect(all.find((s) => s.code === 'USM00072357')?.latest).toBe(Date.UTC(2026, 0, 1, 0) / 1000);
    expect((await repository.stations({ areaCode: '310000' })).map((s) => s.code)).toEqual(['58362']);
    const row = await repository.soundingAtOrBefore('USM00072381', Date.UTC(2026, 0, 1) / 1000);
    expect(JSON.parse(row?.levels ?? '[]')).toEqual([
      [935, null, 5, -5, 180, 3.1],
      [850, 1480, null, null, 200, 2.6],
    ]);
  });

  it('stores Float32 grids as blobs and reads them back exactly', async () => {
    const { repository, wind } = await setup();
    const n = GRID.nx * GRID.ny;
    const u = Float32Array.from({ length: 2 * n }, (_, i) => Math.sin(i) * 12.3);
    const v = Float32Array.from({ length: 2 * n }, (_, i) => Math.cos(i) * 4.56);
    await wind.importNetcdf(writeNetcdf(cfFile(T0, 2, '850hPa', u, v, 't')), 'file.nc');
    expect(await repository.gridTimes('850hPa')).toEqual([T0, T0 + 3600]);
    const field = await wind.field('850hPa', T0 + 3600);
    expect(field.records[0]?.data[17]).toBeCloseTo(Math.fround(Math.sin(n + 17) * 12.3), 2);
    expect(field.records[1]?.data[n - 1]).toBeCloseTo(Math.fround(Math.cos(2 * n - 1) * 4.56), 2);
    expect(await repository.deleteGridsBefore(T0 + 1)).toBe(1);
    expect(await repository.latestGridTime()).toBe(T0 + 3600);
  });
});
