import { ErrorCode, expandMapSiteColumns } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { newStation, seedStationHours, stationHour } from '../../../testing/fixtures/air-rows';
import { signedInject } from '../../../testing/signed';
import { AirStore, type StationHourInput } from '../../data/air';

const T = chinaTime(2024, 5, 10, 12);
const DAY = chinaTime(2024, 5, 9);
const H = 3600;
let clock = T + 30 * 60;
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  const hours: StationHourInput[] = [
    stationHour('NJ1', T, { pm2_5: 80 }),
    stationHour('NJ2', T, { pm2_5: 20 }),
    stationHour('SZ1', T, { pm2_5: 30 }, 'demo'),
    stationHour('NJ3', T, { pm2_5: 30 }),
  ];
  // 2024-05-09: NJ1 reports all 24 hours (PM2.5 50 → daily AQI 69); SZ1 only 10 (too few for a daily mean).
  for (let h = 1; h <= 24; h++) hours.push(stationHour('NJ1', DAY + h * H, { pm2_5: 50 }));
  for (let h = 1; h <= 10; h++) hours.push(stationHour('SZ1', DAY + h * H, { pm2_5: 50 }, 'demo'));
  await seedStationHours(
    app.database,
    [
      newStation('NJ1', '320100', { name: '玄武湖', longitude: 118.79, latitude: 32.07 }),
      newStation('NJ2', '320100', { name: '仙林(对照点)', is_reference: 1, longitude: 118.9, latitude: 32.1 }),
      newStation('NJ3', '320100', { name: '无坐标', longitude: null, latitude: null }),
      newStation('SZ1', '320500', { name: '苏州站', source: 'demo', longitude: 120.6, latitude: 31.3 }),
    ],
    hours,
  );
});
afterAll(async () => {
  await app.close();
});

const post = (params: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'POST', url: '/api/getMapSiteData', params });

type Feature = { geometry: { coordinates: [number, number] }; properties: Record<string, unknown> };

describe('getMapSiteData', () => {
  it("maps every station's latest hour as GeoJSON points, leaving out stations without coordinates", async () => {
    const res = await post({});
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      type: 'FeatureCollection',
      timeType: 'hour',
      mapType: 'site',
      dataType: 'aqi',
      time: '2024-05-10 12:00:00',
      stale: false,
    });
    const features = data.features as Feature[];
    expect(features.map((f) => f.properties.code)).toEqual(['NJ1', 'NJ2', 'SZ1']);
    expect(features[0]).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [118.79, 32.07] },
      properties: {
        code: 'NJ1',
        name: '玄武湖',
        cityCode: '320100',
        cityName: '南京市',
        isReference: false,
        value: 107,
        level: 3,
        levelName: '轻度污染',
        color: '#ff7e00',
        time: '2024-05-10 12:00:00',
        source: 'cnemc',
        isDemo: false,
        stale: false,
      },
    });
    expect(features[1]?.properties).toMatchObject({ isReference: true, value: 29, level: 1 });
    expect(features[2]?.properties).toMatchObject({ isDemo: true, source: 'demo' });
  });

  it('maps a pollutant (pm25 accepted for pm2_5) by its own level, and cities at their centres', async () => {
    const pm = (await post({ dataType: 'pm25' })).json().data;
    expect(pm.dataType).toBe('pm2_5');
    expect((pm.features as Feature[])[0]?.properties).toMatchObject({ value: 80, level: 3 });
    const cities = (await post({ mapType: 'city' })).json().data;
    const features = cities.features as Feature[];
    // Nanjing's city hour is the mean of NJ1 and NJ3 (PM2.5 55 → 75); the reference station does not count.
    expect(features.map((f) => [f.properties.code, f.properties.value])).toEqual([
      ['320100', 75],
      ['320500', 43],
    ]);
    expect(features[0]?.geometry.coordinates[0]).toBeCloseTo(118.77, 1);
    expect(features[0]?.properties).toMatchObject({ name: '南京市', cityCode: '320100', isReference: false });
  });

  it('maps days: city days as stored, station days computed from their hours with the daily rules', async () => {
    const cities = (await post({ timeType: 'day', mapType: 'city' })).json().data;
    expect(cities.time).toBe('2024-05-09 00:00:00');
    expect((cities.features as Feature[]).map((f) => [f.properties.code, f.properties.value])).toEqual([
      ['320100', 69],
      ['320500', null],
    ]);
    const sites = (await post({ timeType: 'day', time: '2024-05-09 15:00:00' })).json().data;
    expect(sites).toMatchObject({ time: '2024-05-09 00:00:00', stale: false });
    expect(
      (sites.features as Feature[]).map((f) => [f.properties.code, f.properties.value, f.properties.level]),
    ).toEqual([
      ['NJ1', 69, 2],
      ['SZ1', null, 0],
    ]);
  });

  it('marks an hour more than 3 hours old stale, and answers an hour without data with no features', async () => {
    clock = T + 4 * H;
    const stale = (await post({})).json().data;
    clock = T + 30 * 60;
    expect(stale.stale).toBe(true);
    expect((stale.features as Feature[]).every((f) => f.properties.stale === true)).toBe(true);
    const empty = (await post({ time: '2020-01-01 08:00:00' })).json().data;
    expect(empty).toMatchObject({ time: '2020-01-01 08:00:00', features: [] });
  });

  it('answers formatType=2 as columns that expand to exactly the GeoJSON answer, in a fraction of the bytes', async () => {
    const queries: Record<string, string>[] = [
      {},
      { dataType: 'pm25' },
      { mapType: 'city' },
      { timeType: 'day', time: '2024-05-09 00:00:00' },
    ];
    for (const params of queries) {
      const geojson = await post({ ...params, formatType: '1' });
      const columns = await post({ ...params, formatType: '2' });
      expect(columns.statusCode).toBe(200);
      const compact = columns.json().data;
      expect(compact.format).toBe('columns');
      expect(expandMapSiteColumns(compact)).toEqual(geojson.json().data);
    }
    const geojson = await post({});
    const columns = await post({ formatType: '2' });
    expect(columns.rawPayload.length).toBeLessThan(geojson.rawPayload.length / 2);
  });

  it('refuses formatType other than 1 or 2 and unknown data or map types with 400 naming the field', async () => {
    for (const [params, field] of [
      [{ formatType: '3' }, 'formatType'],
      [{ dataType: 'pm1' }, 'dataType'],
      [{ mapType: 'county' }, 'mapType'],
      [{ timeType: 'month' }, 'timeType'],
      [{ time: 'now' }, 'time'],
    ] as const) {
      const res = await post(params);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.VALIDATION, msg: expect.stringContaining(field) });
    }
    expect((await post({ formatType: '1' })).statusCode).toBe(200);
  });

  it('keeps the station days of a settled day for 10 minutes, then reads the revised hours', async () => {
    const nj1 = async () => {
      const data = (await post({ timeType: 'day', time: '2024-05-09 00:00:00', dataType: 'pm2_5' })).json().data;
      return (data.features as Feature[]).find((f) => f.properties.code === 'NJ1')?.properties.value;
    };
    expect(await nj1()).toBe(50);
    const revised: StationHourInput[] = [];
    for (let h = 1; h <= 24; h++) revised.push(stationHour('NJ1', DAY + h * H, { pm2_5: 90 }));
    await new AirStore(app.database).stationHours.upsert(revised, 0);
    expect(await nj1()).toBe(50);
    clock += 11 * 60;
    expect(await nj1()).toBe(90);
  });

  it('refuses an unsigned or wrongly signed call', async () => {
    const unsigned = await app.server.inject({
      method: 'POST',
      url: '/api/getMapSiteData',
      payload: 'formatType=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsigned.statusCode).toBe(401);
    const tampered = await signedInject(app.server, app.config, {
      method: 'POST',
      url: '/api/getMapSiteData',
      params: { dataType: 'aqi' },
      headers: { sign: '0'.repeat(64) },
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toMatchObject({ code: ErrorCode.SIGNATURE_INVALID, msg: '签名校验失败' });
  });
});
