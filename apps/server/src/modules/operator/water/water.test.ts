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
 * Water stations over a real app (clock 2026-11-20 15:00 China time): 通州 (110112) has a river station
 * downstream of an outfall (NH3-N 2.6: 劣Ⅴ) and a reservoir station (TN evaluated); 顺义 (110113) a
 * clean river station. Hour data (2061) arrive the way a station's logger sends them.
 */

interface Station {
  mn: string;
  name: string;
  waterClass: number | null;
  className: string;
  quality: string;
  color: string;
  waterBody: string;
  deciding: Array<{ factor: string; name: string }>;
  values: Array<{ factor: string; name: string; unit: string; value: number | null; waterClass: number | null }>;
}

const NOW = chinaTime(2026, 11, 20, 15, 0);
let app: TestApp;
let admin: string;
let tongzhou: DistrictOperator;
const ids: Record<string, number> = {};
const FACTORS = ['w01001', 'w01009', 'w01019', 'w01018', 'w01017', 'w21003', 'w21011', 'w21001', 'w01010'];

async function station(mn: string, siteName: string, areaCode: string) {
  const siteId = dataOf<{ siteId: string }>(
    await platformCall(app, {
      url: '/device/site/save',
      token: admin,
      body: { siteCode: `S-${mn}`, name: siteName, areaCode, lon: 116.7, lat: 39.85, address: '' },
    }),
  ).siteId;
  const body = {
    mn,
    name: `${siteName}水质站`,
    type: 'H01',
    siteId,
    password: 'abc12345',
    factors: FACTORS.map((code) => ({ code })),
  };
  ids[mn] = Number(
    dataOf<{ deviceId: string }>(await platformCall(app, { url: '/device/save', token: admin, body })).deviceId,
  );
}

/** One hour packet (2061, stamped with the hour's start) per hour before 15:00. */
async function hours(mn: string, values: Array<Record<string, number>>) {
  await app.use(devices).telemetry.ingest(
    values.map((v, i) => {
      const start = NOW - (values.length - i) * 3600;
      return {
        deviceId: ids[mn] as number,
        cn: '2061',
        dataTime: start,
        receivedAt: NOW - 60,
        values: Object.entries(v).map(([factor, value]) => ({ factor, value, flag: 'N' })),
      };
    }),
  );
}

const get = (token: string, url: string, query: Record<string, string> = {}) =>
  platformCall(app, { url, token, query });
const CLEAN = {
  w01001: 7.6,
  w01009: 8.1,
  w01019: 1.8,
  w01018: 12,
  w01017: 2,
  w21003: 0.12,
  w21011: 0.018,
  w21001: 3,
  w01010: 12,
};

beforeAll(async () => {
  app = await createPlatformApp({}, () => NOW);
  admin = await adminToken(app);
  tongzhou = await districtOperator(app, admin, {
    username: 'tongzhou',
    areaCode: '110112',
    orgName: '通州区生态环境局',
    permissions: ['water:view'],
  });
  await station('WATERTZ01', '凉水河张家湾', '110112');
  await station('WATERTZ02', '北运河水库', '110112');
  await station('WATERSY01', '潮白河苏庄', '110113');
  await hours('WATERTZ01', [
    { ...CLEAN, w21003: 1.2, w21011: 0.25 },
    { ...CLEAN, w21003: 2.6, w21011: 0.25 },
  ]);
  // A reservoir: TN 3 is evaluated (劣Ⅴ), TP's lake limit 0.018 → Ⅱ.
  await hours('WATERTZ02', [CLEAN]);
  // A river: TN is not evaluated, so the same values are Ⅰ.
  await hours('WATERSY01', [CLEAN]);
});

afterAll(async () => {
  await app.close();
});

describe('/zhhb/center/getWaterStations', () => {
  it('classes every station by its worst evaluated factor, worst first', async () => {
    const { list, total } = dataOf<{ list: Station[]; total: number }>(
      await get(admin, '/zhhb/center/getWaterStations'),
    );
    expect(total).toBe(3);
    expect(list.map((s) => [s.mn, s.className, s.waterBody])).toEqual([
      ['WATERTZ01', '劣Ⅴ类', 'river'],
      ['WATERTZ02', '劣Ⅴ类', 'lake'],
      ['WATERSY01', 'Ⅰ类', 'river'],
    ]);
    const outfall = list[0] as Station;
    expect(outfall).toMatchObject({
      quality: '重度污染',
      color: '#f5222d',
      deciding: [{ factor: 'w21003', name: '氨氮' }],
    });
    expect(outfall.values.find((v) => v.factor === 'w21003')).toMatchObject({
      value: 2.6,
      waterClass: 6,
      unit: 'mg/L',
    });
    expect(outfall.values.find((v) => v.factor === 'w21011')).toMatchObject({ value: 0.25, waterClass: 4 });
    // TN is shown but not classed at a river station.
    expect(outfall.values.find((v) => v.factor === 'w21001')).toMatchObject({ name: '总氮', waterClass: null });
    expect(list[1]?.deciding).toEqual([{ factor: 'w21001', name: '总氮' }]);
    expect(list[2]).toMatchObject({ quality: '优', deciding: [] });
  });

  it('keeps a district operator inside the district', async () => {
    const { list } = dataOf<{ list: Station[] }>(await get(tongzhou.token, '/zhhb/center/getWaterStations'));
    expect(list.map((s) => s.mn).sort()).toEqual(['WATERTZ01', 'WATERTZ02']);
    const out = await get(tongzhou.token, '/zhhb/center/getWaterStations', { areaCode: '110113' });
    expect(out.statusCode).toBe(403);
    expect(out.json().code).toBe(ErrorCode.AREA_OUT_OF_SCOPE);
    const other = await get(tongzhou.token, '/water/station/history', { deviceId: String(ids.WATERSY01) });
    expect(other.statusCode).toBe(404);
  });

  it('refuses junk and callers without water:view', async () => {
    expect((await get(admin, '/zhhb/center/getWaterStations', { areaCode: '12' })).statusCode).toBe(400);
    expect((await get(admin, '/water/station/history', { deviceId: 'x' })).statusCode).toBe(400);
    const span = await get(admin, '/water/station/history', {
      deviceId: String(ids.WATERTZ01),
      startTime: '2026-01-01 00:00:00',
      endTime: '2026-11-20 00:00:00',
    });
    expect(span.statusCode).toBe(400);
    expect(span.json().msg).toContain('31 天');
    const noPermission = await districtOperator(app, admin, {
      username: 'shunyi',
      areaCode: '110113',
      orgName: '顺义区生态环境局',
      permissions: ['fire:view'],
    });
    expect((await get(noPermission.token, '/zhhb/center/getWaterStations')).statusCode).toBe(403);
  });
});

describe('/water/station/history', () => {
  it('answers the hours of each factor with their class and the Ⅲ limit', async () => {
    const history = dataOf<{
      factors: Array<{
        factor: string;
        limitIII: number | null;
        points: Array<{ time: string; value: number; waterClass: number }>;
      }>;
      classes: Array<{ time: string; waterClass: number }>;
    }>(await get(admin, '/water/station/history', { deviceId: String(ids.WATERTZ01) }));
    const nh3n = history.factors.find((f) => f.factor === 'w21003');
    expect(nh3n?.limitIII).toBe(1);
    // Hours are labelled by their end: the packets of 13:00 and 14:00 are the hours ending 14:00 and 15:00.
    expect(nh3n?.points).toEqual([
      { time: '2026-11-20 14:00:00', value: 1.2, waterClass: 4 },
      { time: '2026-11-20 15:00:00', value: 2.6, waterClass: 6 },
    ]);
    expect(history.classes.map((c) => c.waterClass)).toEqual([4, 6]);
    expect(history.factors[0]?.factor).toBe('w01001');
  });
});
