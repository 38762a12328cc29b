import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../database';
import { freshDatabases, testDialects } from '../../../testing/databases';
import { FramesRepository } from './frames.repository';
import { ObservationsRepository } from './observations.repository';
import { TyphoonsRepository } from './typhoons.repository';
import { WarningsRepository } from './warnings.repository';

const T0 = 1_700_000_000;

describe.each(testDialects())('weather-source tables on %s', (dialect) => {
  const fresh = freshDatabases(dialect);
  let database: AppDatabase;

  it('replaces a typhoon whole and reads it by Chinese name, English name or number', async () => {
    ({ database } = await fresh());
    const repo = new TyphoonsRepository(database);
    const typhoon = {
      id: '2023-9',
      year: 2023,
      serial: 9,
      international: '2305',
      name_en: 'DOKSURI',
      name_cn: '杜苏芮',
      max_category: 6,
      min_pressure: 915,
      max_wind: 62,
      first_time: T0,
      last_time: T0 + 21_600,
      imported_at: T0,
    };
    const point = (t: number, lat: number) => ({
      typhoon_id: '2023-9',
      time: t,
      category: 1,
      lat,
      lon: 135.4,
      pressure: 1004,
      wind: 15,
    });
    await repo.replace([{ typhoon, points: [point(T0, 11.7), point(T0 + 21_600, 12.3)] }]);
    await repo.replace([{ typhoon, points: [point(T0, 11.7)] }]);
    expect(await repo.ofYear(2023)).toHaveLength(1);
    for (const name of ['杜苏芮', 'doksuri', '2305']) expect((await repo.find(2023, name))?.id).toBe('2023-9');
    expect(await repo.points('2023-9')).toEqual([point(T0, 11.7)]);
  });

  it('answers the warnings in force: effective, not expired, not cancelled', async () => {
    ({ database } = await fresh());
    const repo = new WarningsRepository(database);
    const warning = (id: string, type: string, effective: number, expires: number | null) => ({
      id,
      sender: '气象台',
      sent: effective,
      msg_type: 'Alert',
      type_code: type,
      event: '暴雨',
      level: 'yellow',
      headline: '暴雨黄色预警',
      description: '',
      instruction: null,
      area_desc: '某市',
      area_code: null,
      effective,
      expires,
      cancelled_at: null,
      imported_at: T0,
    });
    await repo.save(
      [warning('a', '11B03', T0, T0 + 3600), warning('b', '11B09', T0, null), warning('c', '11B03', T0 + 7200, null)],
      [],
    );
    expect((await repo.active(T0 + 60, undefined)).map((w) => w.id).sort()).toEqual(['a', 'b']);
    expect((await repo.active(T0 + 60, ['11B03'])).map((w) => w.id)).toEqual(['a']);
    await repo.save([], [{ id: 'b', at: T0 + 120 }]);
    expect((await repo.active(T0 + 180, undefined)).map((w) => w.id)).toEqual(['a']);
    expect((await repo.active(T0 + 7300, undefined)).map((w) => w.id)).toEqual(['c']);
    expect(await repo.count()).toBe(3);
  });

  it('answers each station’s latest observation in a window', async () => {
    ({ database } = await fresh());
    const repo = new ObservationsRepository(database);
    const obs = (icao: string, time: number, temperature: number) => ({
      icao,
      time,
      temperature,
      dew_point: 1,
      humidity: 50,
      wind_direction: null,
      wind_speed: 1.5,
      gust: null,
      visibility: 10_000,
      pressure: 1013.2,
      weather: '',
      raw: `METAR ${icao}`,
      imported_at: T0,
    });
    await repo.save([obs('ZBAA', T0, 1), obs('ZBAA', T0 + 1800, 2), obs('ZSSS', T0, 8), obs('ZGGG', T0 - 20_000, 20)]);
    const latest = await repo.latestPerStation(T0 - 3600, T0 + 3600);
    expect(latest.map((r) => [r.icao, r.temperature])).toEqual([
      ['ZBAA', 2],
      ['ZSSS', 8],
    ]);
    expect(latest[0]?.pressure).toBe(1013.2);
    expect(await repo.latestTime()).toBe(T0 + 1800);
  });

  it('keeps frame bytes exactly and lists frames by kind and time', async () => {
    ({ database } = await fresh());
    const repo = new FramesRepository(database);
    const bytes = new Uint8Array([137, 80, 78, 71, 0, 255, 1, 2]);
    const frame = (name: string, time: number, origin: 'import' | 'demo') => ({
      name,
      kind: 'radar',
      product: 'EBREF',
      region: 'ACHN',
      time,
      width: 2,
      height: 2,
      format: 'png',
      data: bytes,
      origin,
      source_url: null,
      imported_at: T0,
    });
    await repo.save([frame('a.PNG', T0, 'import'), frame('b.PNG', T0 + 360, 'demo')]);
    expect(Buffer.from((await repo.byName('a.PNG'))?.data ?? []).equals(Buffer.from(bytes))).toBe(true);
    expect((await repo.list('radar', 'EBREF', T0, T0 + 360)).map((f) => f.name)).toEqual(['a.PNG', 'b.PNG']);
    expect(await repo.summary()).toEqual([
      { kind: 'radar', product: 'EBREF', region: 'ACHN', frames: 2, first: T0, last: T0 + 360 },
    ]);
    expect(await repo.hasTime('radar', T0 + 360, 'demo')).toBe(true);
    expect(await repo.deleteOlder('demo', T0 + 1000)).toBe(1);
    expect(await repo.latestTime('radar')).toBe(T0);
  });
});
