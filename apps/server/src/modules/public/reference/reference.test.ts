import { ErrorCode } from '@lantian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { signedInject } from '../../../testing/signed';
import { StationsRepository } from '../../data/stations';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await new StationsRepository(app.database).upsert(
    [
      {
        code: '1001A',
        name: '万寿西宫',
        city_code: '110000',
        county_code: '110102',
        longitude: 116.366,
        latitude: 39.8673,
        source: 'cnemc',
      },
      {
        code: '1012A',
        name: '定陵(对照点)',
        city_code: '110000',
        county_code: '110114',
        longitude: 116.22,
        latitude: 40.29,
        is_reference: 1,
        source: 'cnemc',
      },
      {
        code: 'D310000-01',
        name: '演示站',
        city_code: '310000',
        county_code: null,
        longitude: 121.4,
        latitude: 31.2,
        source: 'demo',
      },
    ],
    0,
  );
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, params?: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'GET', url, ...(params ? { params } : {}) });

describe('reference calls', () => {
  it('getCityList lists cities and districts with the spec fields and search keys, cacheable', async () => {
    const res = await get('/api/getCityList');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const list = res.json().data as Array<Record<string, unknown>>;
    expect(list.find((c) => c.areaCode === '110000')).toMatchObject({
      areaName: '北京市',
      areaType: 3,
      pyName: 'beijing',
      regionCode: '110000',
      initials: 'bj',
    });
    expect(list.find((c) => c.areaCode === '500000')).toMatchObject({ pyName: 'chongqing', areaType: 3 });
    expect(list.find((c) => c.areaCode === '110105')).toMatchObject({ areaType: 2, regionCode: '110000' });
    expect(list.find((c) => c.areaCode === '130000')).toBeUndefined();
    expect(list.length).toBeGreaterThan(3000);
  });

  it('getProvinceList lists the 34 province-level units', async () => {
    const res = await get('/api/getProvinceList');
    const list = res.json().data as Array<{ areaCode: string }>;
    expect(list).toHaveLength(34);
    expect(list.map((p) => p.areaCode)).toContain('650000');
  });

  it('getSiteInfoList filters by city and by district, marking reference and demo stations', async () => {
    const beijing = (await get('/api/getSiteInfoList', { cityCode: '110000' })).json().data;
    expect(beijing.map((s: { siteCode: string }) => s.siteCode)).toEqual(['1001A', '1012A']);
    expect(beijing[1]).toMatchObject({ isReference: true, isDemo: false, source: 'cnemc' });
    const xicheng = (await get('/api/getSiteInfoList', { cityCode: '110000', areaCode: '110102' })).json().data;
    expect(xicheng).toHaveLength(1);
    const all = (await get('/api/getSiteInfoList')).json().data;
    expect(all.find((s: { siteCode: string }) => s.siteCode === 'D310000-01')).toMatchObject({ isDemo: true });
  });

  it('getSiteInfoList answers an unknown city with 404 未找到该城市 and a malformed code with 400 naming the field', async () => {
    const unknown = await get('/api/getSiteInfoList', { cityCode: '999900' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
    const bad = await get('/api/getSiteInfoList', { cityCode: 'beijing' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('cityCode');
  });

  it('getUniqueId gives a fresh 128-bit id each time', async () => {
    const a = (await signedInject(app.server, app.config, { method: 'POST', url: '/anon/user/getUniqueId' })).json();
    const b = (await signedInject(app.server, app.config, { method: 'POST', url: '/anon/user/getUniqueId' })).json();
    expect(a).toMatchObject({ code: 0, data: { uniqueId: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    expect(a.data.uniqueId).not.toBe(b.data.uniqueId);
  });
});
