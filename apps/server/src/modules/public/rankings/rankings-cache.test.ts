import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { addHours, addStations, H, HOUR, NOW, stationHour } from '../../../testing/fixtures/city-air-scene';
import { signedInject } from '../../../testing/signed';
import { notifyHourIngested } from '../../data/air';

describe('cached public calls through the server', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { RESPONSE_CACHE_MS: '60000' }, now: () => NOW });
    await addStations(app.database);
    await addHours(app.database, [stationHour('1001A', HOUR, { pm2_5: 80 })]);
  });
  afterAll(async () => {
    await app.close();
  });

  const rank = async () => {
    const res = await signedInject(app.server, app.config, { method: 'POST', url: '/api/getCityRank', params: {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    return res.json().data;
  };

  it('getCityRank answers the same hour from the cache until a new hour is announced', async () => {
    const first = await rank();
    expect(first.time).toBe('2024-05-10 14:00:00');
    await addHours(app.database, [stationHour('1001A', HOUR + H, { pm2_5: 20 })]);
    expect((await rank()).time).toBe('2024-05-10 14:00:00');
    await notifyHourIngested(app.state, HOUR + H);
    await expect.poll(async () => (await rank()).time).toBe('2024-05-10 15:00:00');
  });

  it('keeps a province ranking and each custom group apart from the national one', async () => {
    // Found by the ranking analysis page: the parsed scopes once shared one cache key, so the province
    // ranking answered with the national one, and every custom group with the first group asked.
    const call = async (url: string, params: Record<string, string>) =>
      (await signedInject(app.server, app.config, { method: 'POST', url, params })).json().data;
    expect((await call('/api/getCityRank', { rankType: 'all' })).rankType).toBe('all');
    const beijing = await call('/api/getCityRank', { rankType: 'province:110000' });
    expect(beijing.rankType).toBe('province:110000');
    expect(new Set(beijing.items.map((i: { provinceCode: string }) => i.provinceCode))).toEqual(new Set(['110000']));
    const groupA = await call('/api/getCustomAreaRank', { areaCodes: '110000,310000' });
    const groupB = await call('/api/getCustomAreaRank', { areaCodes: '110000,320100' });
    expect(groupA.items.map((i: { cityCode: string }) => i.cityCode).sort()).toEqual(['110000', '310000']);
    expect(groupB.items.map((i: { cityCode: string }) => i.cityCode).sort()).toEqual(['110000', '320100']);
  });
});
