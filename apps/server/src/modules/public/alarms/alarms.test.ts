import { type AlarmEvent, ErrorCode } from '@lantian/contracts';
import { formatChinaDateTime } from '@lantian/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { H, seedAlarmHours } from '../../../testing/fixtures/alarm-scene';
import { signedInject } from '../../../testing/signed';

let app: TestApp;
let clock = H(10) + 600;
beforeAll(async () => {
  app = await createTestApp({ now: () => clock });
  await seedAlarmHours(app.database);
});
afterAll(async () => {
  await app.close();
});
beforeEach(() => {
  clock = H(10) + 600;
});

const post = (url: string, params: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'POST', url, params });
const info = (params: Record<string, string>) => post('/api/getAlarmInfo', params);
const trend = (params: Record<string, string>) => post('/api/getAlarmItemTrend', params);
const t = (i: number) => formatChinaDateTime(H(i));

function byId(list: AlarmEvent[], id: string): AlarmEvent | undefined {
  return list.find((e) => e.alarmId === id);
}

describe('getAlarmInfo', () => {
  it('lists the episodes of the last 24 h for cities and stations, newest first, with peak, length and state', async () => {
    const res = await info({ city: 'beijing' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      minLevel: 3,
      total: 10,
      dataTime: t(10),
      stale: false,
      endTime: t(10).replace(':00:00', ':10:00'),
    });
    const list: AlarmEvent[] = data.list;
    expect(list).toHaveLength(10);
    expect(list.map((e) => e.startTime)).toEqual([...list.map((e) => e.startTime)].sort().reverse());
    expect(byId(list, `site-1001A-pm2_5-${H(2)}`)).toEqual({
      alarmId: `site-1001A-pm2_5-${H(2)}`,
      type: 'site',
      code: '1001A',
      name: '万寿西宫',
      cityCode: '110000',
      itemName: 'pm2_5',
      itemLabel: 'PM2.5',
      unit: 'μg/m³',
      threshold: 75,
      level: 5,
      levelName: '重度污染',
      color: '#99004c',
      startTime: t(2),
      endTime: t(5),
      peakTime: t(4),
      peakValue: 160,
      durationHours: 4,
      active: false,
      beganBeforeRange: false,
      source: 'cnemc',
      isDemo: false,
    });
    // The missing hour 7 ends nothing new: hours 8–9 are a second episode.
    expect(byId(list, `site-1001A-pm2_5-${H(8)}`)).toMatchObject({ durationHours: 2, active: false });
    expect(byId(list, `site-1001A-aqi-${H(2)}`)).toMatchObject({ threshold: 100, peakValue: 210, level: 5 });
    // Still above the level at the newest hour, which is 10 minutes old: active.
    expect(byId(list, `city-110000-pm2_5-${H(9)}`)).toMatchObject({ name: '北京市', durationHours: 2, active: true });
    expect(byId(list, `site-1002A-aqi-${H(9)}`)).toMatchObject({ active: true });
    expect(byId(list, `city-110000-pm2_5-${H(4)}`)).toMatchObject({ durationHours: 1, peakValue: 95 });
  });

  it('filters by subject type, item (pm25 accepted) and level, and caps the list at limit', async () => {
    const cities = (await info({ city: '110000', type: 'city', item: 'pm25' })).json().data;
    expect(cities.list.map((e: AlarmEvent) => [e.code, e.itemName, e.startTime])).toEqual([
      ['110000', 'pm2_5', t(9)],
      ['110000', 'pm2_5', t(4)],
    ]);
    const severe = (await info({ level: '5' })).json().data;
    expect(severe.list.map((e: AlarmEvent) => [e.code, e.itemName, e.startTime, e.endTime, e.threshold])).toEqual([
      ['1001A', 'aqi', t(4), t(4), 200],
      ['1001A', 'pm2_5', t(4), t(4), 150],
    ]);
    const capped = (await info({ limit: '3' })).json().data;
    expect(capped.total).toBe(10);
    expect(capped.list).toHaveLength(3);
  });

  it('clips an episode to the range and says it began before it', async () => {
    const data = (await info({ city: 'beijing', startTime: t(3), endTime: t(6) })).json().data;
    expect(byId(data.list, `site-1001A-pm2_5-${H(3)}`)).toMatchObject({
      beganBeforeRange: true,
      durationHours: 3,
      endTime: t(5),
    });
    expect(data.list.every((e: AlarmEvent) => !e.active)).toBe(true);
  });

  it('marks the answer stale and no episode active when the newest hour is more than 3 hours old', async () => {
    clock = H(10) + 4 * 3600;
    const data = (await info({ startTime: t(1), endTime: t(10) })).json().data;
    expect(data).toMatchObject({ dataTime: t(10), stale: true, total: 10 });
    expect(data.list.some((e: AlarmEvent) => e.active)).toBe(false);
  });

  it('answers a city with no alarms with an empty list', async () => {
    const data = (await info({ city: 'shanghai' })).json().data;
    expect(data).toMatchObject({ total: 0, list: [] });
  });

  it('answers an unknown city with 404 未找到该城市', async () => {
    const res = await info({ city: '999900' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
  });

  it('refuses bad parameters with 400 naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ limit: '500' }, 'limit'],
      [{ level: '2' }, 'level'],
      [{ type: 'county' }, 'type'],
      [{ startTime: '2024-01-10' }, 'startTime'],
      [{ startTime: t(1), endTime: formatChinaDateTime(H(1) + 8 * 86_400) }, 'endTime'],
      [{ startTime: t(5), endTime: t(1) }, 'endTime'],
      [{ city: 'Bei Jing' }, 'city'],
    ];
    for (const [params, field] of cases) {
      const res = await info(params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().code).toBe(ErrorCode.VALIDATION);
      expect(res.json().msg).toContain(field);
    }
  });

  it('refuses an unsigned call with 401', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/getAlarmInfo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'city=beijing',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.SIGNATURE_INVALID);
  });
});

describe('getAlarmItemTrend', () => {
  it("gives a city's hourly series of the item with level bands for the chart", async () => {
    const res = await trend({ city: 'beijing', item: 'pm2_5', startTime: t(1), endTime: t(10) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      type: 'city',
      code: '110000',
      name: '北京市',
      itemLabel: 'PM2.5',
      alarmThreshold: 75,
      dataTime: t(10),
      stale: false,
      source: 'cnemc',
      isDemo: false,
    });
    expect(data.series.map((p: { value: number | null }) => p.value)).toEqual([30, 55, 75, 95, 60, 35, 30, 65, 95, 80]);
    expect(data.series[3]).toEqual({ time: t(4), value: 95, level: 3 });
    expect(data.thresholds[2]).toEqual({ level: 3, levelName: '轻度污染', color: '#ff7e00', from: 75, to: 115 });
    expect(data.thresholds[5]).toMatchObject({ level: 6, from: 250, to: null });
  });

  it("gives a station's series with null for the missing hour, over the last 24 hours by default", async () => {
    const data = (await trend({ siteCode: '1001A', item: 'pm25' })).json().data;
    expect(data).toMatchObject({ type: 'site', code: '1001A', name: '万寿西宫', itemName: 'pm2_5' });
    expect(data.series).toHaveLength(24);
    expect(data.series.at(-1)).toEqual({ time: t(10), value: 50, level: 2 });
    expect(data.series.find((p: { time: string }) => p.time === t(7))).toEqual({ time: t(7), value: null, level: 0 });
  });

  it('answers an unknown city with 404 未找到该城市 and an unknown station with 404', async () => {
    const city = await trend({ city: '999900', item: 'aqi' });
    expect(city.statusCode).toBe(404);
    expect(city.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
    const site = await trend({ siteCode: '9999Z', item: 'aqi' });
    expect(site.statusCode).toBe(404);
    expect(site.json().msg).toBe('未找到该站点');
  });

  it('refuses bad parameters with 400 naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ city: 'beijing', item: 'pm3' }, 'item'],
      [{ city: 'beijing' }, 'item'],
      [{ item: 'aqi' }, 'city'],
      [{ city: 'beijing', siteCode: '1001A', item: 'aqi' }, 'siteCode'],
      [{ siteCode: '1001A; drop', item: 'aqi' }, 'siteCode'],
      [{ city: 'beijing', item: 'aqi', endTime: '2024-13-01 00:00:00' }, 'endTime'],
    ];
    for (const [params, field] of cases) {
      const res = await trend(params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().msg).toContain(field);
    }
  });
});

describe('getAlarmCode', () => {
  it('lists the levels with names and colours and every item’s level breaks, cacheable', async () => {
    const res = await signedInject(app.server, app.config, { method: 'GET', url: '/api/getAlarmCode' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const data = res.json().data;
    expect(data.alarmLevel).toBe(3);
    expect(data.levels).toHaveLength(7);
    expect(data.levels[3]).toEqual({
      level: 3,
      name: '轻度污染',
      grade: '三级',
      color: '#ff7e00',
      aqiMin: 101,
      aqiMax: 150,
      isAlarm: true,
    });
    expect(data.levels[2].isAlarm).toBe(false);
    expect(data.items.map((i: { itemName: string }) => i.itemName)).toEqual([
      'aqi',
      'pm2_5',
      'pm10',
      'so2',
      'no2',
      'o3',
      'o3_8h',
      'co',
    ]);
    expect(data.items[1]).toMatchObject({ label: 'PM2.5', unit: 'μg/m³', hourBreaks: [0, 35, 75, 115, 150, 250, 350] });
    expect(data.items.find((i: { itemName: string }) => i.itemName === 'so2').dayBreaks).toEqual([
      0, 50, 150, 475, 800, 1600, 2100,
    ]);
  });
});
