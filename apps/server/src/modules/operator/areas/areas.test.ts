import { ErrorCode, type GridTreeNode } from '@lantian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import {
  adminToken,
  createPlatformApp,
  type DistrictOperator,
  dataOf,
  districtOperator,
  platformCall,
} from '../../../testing/platform';
import { stations } from '../../data/stations';

interface Outlines {
  type: 'FeatureCollection';
  features: Array<{ type: 'Feature'; properties: { adcode: number; name: string }; geometry: { type: string } }>;
}
interface Centre {
  areaCode: string;
  areaName: string;
  level: string;
  center: [number, number];
  zoom: number;
  bounds: [[number, number], [number, number]] | null;
}

let app: TestApp;
let admin: string;
/** 朝阳区 (a district of 北京): air only, no grid:view. */
let chaoyang: DistrictOperator;
/** 北京市 (a municipality): grid:view. */
let beijing: DistrictOperator;

beforeAll(async () => {
  app = await createPlatformApp();
  admin = await adminToken(app);
  chaoyang = await districtOperator(app, admin, {
    username: 'chaoyang',
    areaCode: '110105',
    orgName: '朝阳区生态环境局',
    permissions: ['air:view'],
  });
  beijing = await districtOperator(app, admin, {
    username: 'beijing',
    areaCode: '110000',
    orgName: '北京市生态环境局',
    permissions: ['grid:view'],
  });
  const station = (code: string, city: string, county: string | null) => ({
    code,
    name: code,
    city_code: city,
    county_code: county,
    longitude: null,
    latitude: null,
    source: 'cnemc' as const,
  });
  await app
    .use(stations)
    .repository.upsert(
      [
        station('1001A', '110000', '110105'),
        station('1002A', '110000', '110105'),
        station('1003A', '110000', '110108'),
        station('1004A', '110000', null),
        station('1101A', '440300', '440305'),
      ],
      0,
    );
});
afterAll(async () => {
  await app.close();
});

const get = <T>(token: string, url: string, query?: Record<string, string>) =>
  platformCall(app, { url, token, ...(query === undefined ? {} : { query }) }).then((res) => dataOf<T>(res));
const names = (outlines: Outlines) => outlines.features.map((f) => f.properties.name);

describe('the operator’s own area', () => {
  it('getCurrentGeoJson: a district’s outline, a municipality’s, every province for the whole country', async () => {
    const district = await get<Outlines>(chaoyang.token, '/sys/area/getCurrentGeoJson');
    expect(district.type).toBe('FeatureCollection');
    expect(district.features.map((f) => [f.properties.adcode, f.properties.name])).toEqual([[110105, '朝阳区']]);
    expect(district.features[0]?.geometry.type).toMatch(/Polygon/);

    expect(names(await get<Outlines>(beijing.token, '/sys/area/getCurrentGeoJson'))).toEqual(['北京市']);
    const country = await get<Outlines>(admin, '/sys/area/getCurrentGeoJson');
    expect(country.features).toHaveLength(34);
    expect(names(country)).toEqual(expect.arrayContaining(['广东省', '台湾省', '香港特别行政区']));
  });

  it('areaCenterConfig: centre inside the outline’s bounds, zoom by level', async () => {
    const district = await get<Centre>(chaoyang.token, '/sys/user/areaCenterConfig');
    expect(district).toMatchObject({ areaCode: '110105', areaName: '朝阳区', level: 'county', zoom: 10 });
    const [[west, south], [east, north]] = district.bounds ?? [
      [0, 0],
      [0, 0],
    ];
    expect(west).toBeGreaterThan(116.3);
    expect(east).toBeLessThan(116.8);
    expect(south).toBeGreaterThan(39.7);
    expect(north).toBeLessThan(40.2);
    const [lon, lat] = district.center;
    expect(lon).toBeGreaterThan(west);
    expect(lon).toBeLessThan(east);
    expect(lat).toBeGreaterThan(south);
    expect(lat).toBeLessThan(north);

    // 北京 is a province by its code and a city by its size.
    expect(await get<Centre>(beijing.token, '/sys/user/areaCenterConfig')).toMatchObject({
      level: 'province',
      zoom: 8,
    });
    const country = await get<Centre>(admin, '/sys/user/areaCenterConfig');
    expect(country).toMatchObject({ areaCode: '100000', areaName: '全国', level: 'country', zoom: 4 });
    const [[cw, cs], [ce, cn]] = country.bounds ?? [
      [0, 0],
      [0, 0],
    ];
    expect([cw < 75, ce > 134, cs < 19, cn > 53]).toEqual([true, true, true, true]);
  });

  it('currentRoughInfo: name, level, parent, children and the stations inside the area only', async () => {
    expect(await get(chaoyang.token, '/sys/user/currentRoughInfo')).toEqual({
      areaCode: '110105',
      areaName: '朝阳区',
      level: 'county',
      parentCode: '110000',
      parentName: '北京市',
      children: [],
      stationCount: 2,
    });
    const city = await get<{ parentCode: string; children: Array<{ areaName: string }>; stationCount: number }>(
      beijing.token,
      '/sys/user/currentRoughInfo',
    );
    expect(city.parentCode).toBe('100000');
    expect(city.children).toHaveLength(16);
    expect(city.children.map((c) => c.areaName)).toContain('海淀区');
    expect(city.stationCount).toBe(4);
    const country = await get<{ parentCode: null; children: unknown[]; stationCount: number }>(
      admin,
      '/sys/user/currentRoughInfo',
    );
    expect(country).toMatchObject({ parentCode: null, stationCount: 5 });
    expect(country.children).toHaveLength(34);
  });
});

describe('outlines by area code', () => {
  it('getCityBoundary and getCityAllBoundary inside the operator’s area', async () => {
    expect(names(await get<Outlines>(beijing.token, '/sys/user/getCityBoundary', { areaCode: '110108' }))).toEqual([
      '海淀区',
    ]);
    const districts = await get<Outlines>(beijing.token, '/sys/user/getCityAllBoundary', { areaCode: '110000' });
    expect(districts.features).toHaveLength(16);
    expect(names(districts)).toContain('朝阳区');
    // A district has no outlines below it.
    expect(await get<Outlines>(chaoyang.token, '/sys/user/getCityAllBoundary', { areaCode: '110105' })).toEqual({
      type: 'FeatureCollection',
      features: [],
    });
    // 东莞 has no file of its own: its outline is in 广东's, and nothing lies below it in the map.
    expect(names(await get<Outlines>(admin, '/sys/user/getCityBoundary', { areaCode: '441900' }))).toEqual(['东莞市']);
    expect((await get<Outlines>(admin, '/sys/user/getCityAllBoundary', { areaCode: '441900' })).features).toEqual([]);
    expect((await get<Outlines>(admin, '/sys/user/getCityAllBoundary', { areaCode: '100000' })).features).toHaveLength(
      34,
    );
  });

  it('refuses an area outside the operator’s area with 403, whatever code is sent', async () => {
    for (const [token, areaCode] of [
      [chaoyang.token, '110108'],
      [chaoyang.token, '110000'],
      [chaoyang.token, '100000'],
      [chaoyang.token, '440300'],
      [beijing.token, '120000'],
      [beijing.token, '100000'],
    ] as const) {
      for (const url of ['/sys/user/getCityBoundary', '/sys/user/getCityAllBoundary']) {
        const res = await platformCall(app, { url, token, query: { areaCode } });
        expect(res.statusCode, `${url} ${areaCode}`).toBe(403);
        expect(res.json(), `${url} ${areaCode}`).toEqual({
          code: ErrorCode.AREA_OUT_OF_SCOPE,
          msg: '该地区不在您的管辖范围内',
        });
      }
    }
  });

  it('answers unknown codes with 404 and malformed ones with 400', async () => {
    const unknown = await platformCall(app, {
      url: '/sys/user/getCityBoundary',
      token: chaoyang.token,
      query: { areaCode: '999999' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.NOT_FOUND, msg: '未找到该地区：999999' });
    for (const areaCode of ['11010', '1101055', 'beijing', '', '11010５']) {
      const res = await platformCall(app, {
        url: '/sys/user/getCityAllBoundary',
        token: chaoyang.token,
        query: { areaCode },
      });
      expect(res.statusCode, areaCode).toBe(400);
      expect(res.json().msg, areaCode).toMatch(/应为 6 位区划代码/);
    }
    const missing = await platformCall(app, { url: '/sys/user/getCityBoundary', token: chaoyang.token });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses every area call without a session', async () => {
    for (const url of [
      '/sys/area/getCurrentGeoJson',
      '/sys/user/areaCenterConfig',
      '/sys/user/currentRoughInfo',
      '/sys/user/getCityBoundary?areaCode=110105',
      '/sys/area/tree',
    ]) {
      expect((await platformCall(app, { url })).statusCode, url).toBe(401);
    }
  });
});

describe('open-API variants', () => {
  it('are declared openApi:area and refuse calls without an application token', async () => {
    for (const url of [
      '/api/open/auto/getCityBoundary',
      '/api/open/auto/getCityAllBoundary',
      '/api/open/auto/areaCenterConfig',
    ]) {
      expect(app.routes().find((r) => r.url === url)?.access, url).toBe('openApi:area');
      const res = await platformCall(app, { url, query: { areaCode: '110000', apiType: 'web' } });
      expect(res.statusCode, url).toBe(401);
      // An operator's session is no application token.
      expect((await platformCall(app, { url, token: admin, query: { areaCode: '110000' } })).statusCode, url).toBe(401);
    }
  });
});

describe('GET /sys/area/tree', () => {
  it('gives any signed-in operator the divisions of their own area, without grid:view', async () => {
    const [district] = await get<GridTreeNode[]>(chaoyang.token, '/sys/area/tree');
    expect(district).toEqual({ code: '110105', name: '朝阳区', level: 'county', kind: 'area', children: [] });
    const [city] = await get<GridTreeNode[]>(beijing.token, '/sys/area/tree');
    expect(city?.code).toBe('110000');
    expect(city?.children).toHaveLength(16);
  });
});
