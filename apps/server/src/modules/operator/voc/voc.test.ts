import { ErrorCode } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
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
import { devices } from '../devices';

/**
 * The VOC calls over a small bureau: the clock stands at 2024-05-10 14:20 China time. 朝阳 (110105)
 * has a VOC station VOC0001 with six species, NO, NO2 and O3; 海淀 (110108) has VOC0002; a V01
 * analyser sending only TVOC (TVOC0001) is no VOC station. A 朝阳 operator holds voc:view, a 海淀
 * one does not.
 *
 * VOC0001's hours (μg/m³, as stations send them; HJ 212 stamps an hour with its start):
 *   ending 08:00  toluene 10, ethylene 5, benzene 4, ethylbenzene 2, m-xylene 4.5, p-xylene 2,
 *                 NO 12.27 (10.00 ppb), NO2 37.62 (20.00 ppb), O3 20
 *   ending 09:00  toluene 1000 flagged D (invalid: never counted)
 *   ending 14:00  toluene 10, ethylene 5, O3 196.19 (100.0 ppb), NO 1.23 (1.00 ppb), NO2 9.4 (5.00 ppb)
 */

const NOW = chinaTime(2024, 5, 10, 14, 20);
const at = (hour: number) => chinaTime(2024, 5, 10, hour, 0);

interface Page<T> {
  list: T[];
  total: number;
}

let app: TestApp;
let admin: string;
let chaoyang: DistrictOperator;
let haidian: DistrictOperator;
const ids: Record<string, number> = {};

async function site(siteCode: string, areaCode: string): Promise<string> {
  const body = { siteCode, name: `${siteCode} 站点`, areaCode, lon: 116.4, lat: 39.9, address: '' };
  return dataOf<{ siteId: string }>(await platformCall(app, { url: '/device/site/save', token: admin, body })).siteId;
}

async function device(mn: string, siteId: string, factors: string[]) {
  const body = {
    mn,
    name: `${mn} VOCs 站`,
    type: 'V01',
    siteId,
    password: 'abc12345',
    factors: factors.map((code) => ({ code })),
    config: { intervalSeconds: 3600, noiseZone: null },
  };
  ids[mn] = Number(
    dataOf<{ deviceId: string }>(await platformCall(app, { url: '/device/save', token: admin, body })).deviceId,
  );
}

/** One hour's HJ 212 hour data (2061), as the gateway hands it to the core. */
async function hour(mn: string, hourEnd: number, values: Record<string, number>, flag = 'N') {
  const deviceId = ids[mn];
  if (deviceId === undefined) throw new Error(mn);
  await app.use(devices).telemetry.ingest([
    {
      deviceId,
      cn: '2061',
      dataTime: hourEnd - 3600,
      receivedAt: hourEnd + 60,
      values: Object.entries(values).map(([factor, value]) => ({ factor, value, flag })),
    },
  ]);
}

const get = (token: string, url: string, query: Record<string, string> = {}) =>
  platformCall(app, { url: `/air/relation/bigdata/${url}`, token, query });
const ok = async <T>(token: string, url: string, query: Record<string, string> = {}) =>
  dataOf<T>(await get(token, url, query));

const SPECIES = ['a25003', 'v10101', 'a25002', 'a25004', 'a25007', 'a25008'];

beforeAll(async () => {
  app = await createPlatformApp({}, () => NOW);
  admin = await adminToken(app);
  chaoyang = await districtOperator(app, admin, {
    username: 'chaoyang',
    areaCode: '110105',
    orgName: '朝阳区生态环境局',
    permissions: ['voc:view'],
  });
  haidian = await districtOperator(app, admin, {
    username: 'haidian',
    areaCode: '110108',
    orgName: '海淀区生态环境局',
    permissions: ['air:view'],
  });
  const cy = await site('CY-VOC', '110105');
  const hd = await site('HD-VOC', '110108');
  await device('VOC0001', cy, [...SPECIES, 'a21003', 'a21004', 'a05024']);
  await device('VOC0002', hd, ['a25002', 'a25003']);
  await device('TVOC0001', cy, ['TVOC']);
  await hour('VOC0001', at(8), {
    a25003: 10,
    v10101: 5,
    a25002: 4,
    a25004: 2,
    a25007: 4.5,
    a25008: 2,
    a21003: 12.27,
    a21004: 37.62,
    a05024: 20,
  });
  await hour('VOC0001', at(9), { a25003: 1000 }, 'D');
  await hour('VOC0001', at(14), { a25003: 10, v10101: 5, a05024: 196.19, a21003: 1.23, a21004: 9.4 });
  await hour('VOC0002', at(14), { a25002: 3, a25003: 6 });
});

afterAll(async () => {
  await app.close();
});

describe('/air/relation/bigdata/stations and species', () => {
  it('lists the VOC stations of the scope with their species; a TVOC-only analyser is none', async () => {
    const all = await ok<Page<{ deviceCode: string; species: string[]; hasNox: boolean; hasO3: boolean }>>(
      admin,
      'stations',
    );
    expect(all.total).toBe(2);
    expect(all.list.map((s) => [s.deviceCode, s.species.length, s.hasNox, s.hasO3])).toEqual([
      ['VOC0001', 6, true, true],
      ['VOC0002', 2, false, false],
    ]);
    const mine = await ok<Page<{ deviceCode: string }>>(chaoyang.token, 'stations');
    expect(mine.list.map((s) => s.deviceCode)).toEqual(['VOC0001']);
    const outside = await get(chaoyang.token, 'stations', { areaCode: '110108' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().code).toBe(ErrorCode.AREA_OUT_OF_SCOPE);
  });

  it('answers the catalogue with its coefficients and reference state', async () => {
    const species = await ok<{
      list: Array<{ code: string; mir: number; kOH: number; traffic: boolean }>;
      molarVolume: number;
    }>(chaoyang.token, 'species');
    expect(species.molarVolume).toBe(24.4654);
    expect(species.list.find((s) => s.code === 'a25003')).toMatchObject({ mir: 4, kOH: 5.63, traffic: true });
  });
});

describe('/air/relation/bigdata/sequence', () => {
  interface Sequence {
    unitType: string;
    unit: string;
    times: string[];
    total: { values: Array<number | null> };
    series: Array<{ code: string; values: Array<number | null> }>;
  }
  it('answers μg/m³ by default and ppb on request; an invalid hour is left out', async () => {
    const ug = await ok<Sequence>(chaoyang.token, 'sequence', { deviceCode: 'VOC0001', vocIds: 'a25003,v10101' });
    expect(ug.unitType).toBe('ug');
    expect(ug.times).toEqual(['2024-05-10 08:00:00', '2024-05-10 14:00:00']);
    expect(ug.series.map((s) => [s.code, s.values])).toEqual([
      ['a25003', [10, 10]],
      ['v10101', [5, 5]],
    ]);
    expect(ug.total.values).toEqual([15, 15]);
    const ppb = await ok<Sequence>(chaoyang.token, 'sequence', {
      deviceCode: 'VOC0001',
      vocIds: 'a25003,v10101',
      unitType: 'ppb',
    });
    // 10 × 24.4654 / 92.14 = 2.655; 5 × 24.4654 / 28.05 = 4.361
    expect(ppb.series.map((s) => s.values[0])).toEqual([2.655, 4.361]);
  });

  it('limits the species to the factorType group', async () => {
    const aromatics = await ok<Sequence>(chaoyang.token, 'sequence', { deviceCode: 'VOC0001', factorType: 'aromatic' });
    expect(aromatics.series.map((s) => s.code)).toEqual(['a25003', 'a25002', 'a25004', 'a25007', 'a25008']);
    expect(aromatics.total.values[0]).toBe(22.5);
  });
});

describe('composition and key species', () => {
  it('ranks by OFP and L_OH with the hand-computed example (toluene 10, ethylene 5 μg/m³)', async () => {
    const key = await ok<{
      total: { ofp: number; loh: number; value: number };
      byOfp: Array<{ code: string; value: number }>;
      byLoh: Array<{ code: string; value: number }>;
      byConcentration: Array<{ code: string; value: number }>;
    }>(chaoyang.token, 'keySpecies', { deviceCode: 'VOC0001', vocIds: 'a25003,v10101' });
    expect(key.total.ofp).toBe(85);
    expect(key.total.loh).toBe(1.2826);
    expect(key.byOfp.map((r) => [r.code, r.value])).toEqual([
      ['v10101', 45],
      ['a25003', 40],
    ]);
    expect(key.byLoh.map((r) => [r.code, r.value])).toEqual([
      ['v10101', 0.9146],
      ['a25003', 0.368],
    ]);
    expect(key.byConcentration.map((r) => r.code)).toEqual(['v10101', 'a25003']);
    expect(key.total.value).toBe(7.016);
  });

  it('splits the mean into groups', async () => {
    const c = await ok<{ groups: Array<{ group: string; value: number; share: number | null; species: number }> }>(
      chaoyang.token,
      'composition',
      { deviceCode: 'VOC0001', unitType: 'ug' },
    );
    const g = Object.fromEntries(c.groups.map((x) => [x.group, x]));
    // means: toluene 10, ethylene 5, benzene 4, ethylbenzene 2, m-xylene 4.5, p-xylene 2
    expect(g.alkene?.value).toBe(5);
    expect(g.aromatic?.value).toBe(22.5);
    expect(g.aromatic?.share).toBe(0.8182);
    expect(g.halocarbon).toMatchObject({ value: 0, share: 0, species: 0 });
  });
});

describe('ratios, sensitivity, diurnal', () => {
  it('answers toluene/benzene and xylene/ethylbenzene with their hints', async () => {
    const r = await ok<{
      times: string[];
      tolueneBenzene: { values: Array<number | null>; mean: number; hint: string };
      xyleneEthylbenzene: { values: Array<number | null>; mean: number; hint: string };
    }>(chaoyang.token, 'ratios', { deviceCode: 'VOC0001' });
    // T/B = (10/92.14) / (4/78.11) = 2.12; X/E = (6.5/106.17) / (2/106.17) = 3.25
    expect(r.tolueneBenzene.values).toEqual([2.12, null]);
    expect(r.tolueneBenzene.hint).toContain('机动车');
    expect(r.xyleneEthylbenzene.mean).toBe(3.25);
    expect(r.xyleneEthylbenzene.hint).toContain('新鲜');
  });

  it('reads the morning VOC/NOx ratio as VOC-limited', async () => {
    const s = await ok<{
      nox: Array<number | null>;
      vocNox: Array<number | null>;
      morningRatio: number;
      regime: string;
      o3Max: number;
      o3MaxTime: string;
    }>(chaoyang.token, 'sensitivity', { deviceCode: 'VOC0001' });
    // 08:00: ppbC = 2.655×7 + 4.361×2 + 1.253×6 + 0.4609×8 + 1.037×8 + 0.4609×8 = 50.49; NOx 30.00 ppb
    expect(s.nox[0]).toBeCloseTo(30, 1);
    expect(s.morningRatio).toBe(1.68);
    expect(s.regime).toBe('voc');
    expect(s.o3Max).toBeCloseTo(100, 1);
    expect(s.o3MaxTime).toBe('2024-05-10 14:00:00');
  });

  it('averages by hour of the day, with the traffic tracers', async () => {
    const d = await ok<{
      hours: number[];
      traffic: { values: Array<number | null> };
      o3: { values: Array<number | null> };
      days: number;
    }>(chaoyang.token, 'diurnal', { deviceCode: 'VOC0001', unitType: 'ug' });
    expect(d.hours).toHaveLength(24);
    expect(d.days).toBe(1);
    // Traffic tracers present at 08:00: ethylene 5, benzene 4, toluene 10.
    expect(d.traffic.values[8]).toBe(19);
    expect(d.traffic.values[14]).toBe(15);
    expect(d.traffic.values[3]).toBeNull();
    expect(d.o3.values[14]).toBeCloseTo(100, 1);
  });
});

describe('scope and junk', () => {
  it('answers 404 for a station outside the scope or no VOC station, 403 without voc:view', async () => {
    expect((await get(chaoyang.token, 'sequence', { deviceCode: 'VOC0002' })).statusCode).toBe(404);
    expect((await get(admin, 'sequence', { deviceCode: 'TVOC0001' })).statusCode).toBe(404);
    expect((await get(admin, 'sequence', { deviceCode: 'VOC0002' })).statusCode).toBe(200);
    expect((await get(haidian.token, 'stations')).statusCode).toBe(403);
  });

  it('refuses junk parameters with a Chinese message', async () => {
    const junk: Array<Record<string, string>> = [
      {},
      { deviceCode: 'VOC-1' },
      { deviceCode: 'VOC0001', unitType: 'mg' },
      { deviceCode: 'VOC0001', factorType: 'TVOC' },
      { deviceCode: 'VOC0001', vocIds: 'a25003,nothing' },
      { deviceCode: 'VOC0001', startTime: '2024-05-10' },
      { deviceCode: 'VOC0001', startTime: '2024-03-01 00:00:00' },
      { deviceCode: 'VOC0001', startTime: '2024-05-10 12:00:00', endTime: '2024-05-10 10:00:00' },
    ];
    for (const query of junk) {
      const res = await get(admin, 'sequence', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const unknown = await get(admin, 'diurnal', { deviceCode: 'VOC0001', trafficIds: 'zz9' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toContain('zz9');
    expect((await get(admin, 'keySpecies', { deviceCode: 'VOC0001', top: '0' })).statusCode).toBe(400);
  });
});
