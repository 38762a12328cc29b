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
import { deviceAlarms } from '../device-alarms';
import { devices } from '../devices';
import { demoCreditCode } from './smoke.demo';

/**
 * The smoke calls over a small bureau: the clock stands at 2024-05-10 12:30 China time. 朝阳 (110105)
 * has a kitchen whose fume is over the limit at lunch; 海淀 (110108) one whose fan runs with the
 * purifier off. Both loggers sent their minutes from 12:00 to 12:30.
 */

const NOW = chinaTime(2024, 5, 10, 12, 30);

interface Page<T> {
  list: T[];
  total: number;
}
interface Enterprise {
  enterpriseId: string;
  name: string;
  creditCode: string;
  scale: string | null;
  scaleName: string | null;
  minEfficiency: number | null;
  efficiencyOk: boolean | null;
  deviceCode: string | null;
  enabled: boolean;
}
interface LiveRow {
  stationCode: string;
  name: string;
  deviceCode: string | null;
  online: string;
  oilFume: number | null;
  fanState: string;
  purifierState: string;
  mean10: number | null;
  limit: number;
  overLimit: boolean;
  purifierOff: boolean;
  activeAlarms: number;
}
interface AlarmRow {
  alarmId: string;
  type: string;
  status: string;
  stationCode: string | null;
  enterpriseName: string | null;
}

let app: TestApp;
let admin: string;
let chaoyang: DistrictOperator;
let viewer: DistrictOperator;
const sites: Record<string, string> = {};
const ent: Record<string, string> = {};

const get = (token: string, url: string, query: Record<string, string> = {}) =>
  platformCall(app, { url, token, query });
const ok = async <T>(token: string, url: string, query: Record<string, string> = {}) =>
  dataOf<T>(await get(token, url, query));
const post = (token: string, url: string, body: unknown) => platformCall(app, { url, token, body });

async function site(siteCode: string, areaCode: string): Promise<string> {
  const body = { siteCode, name: `${siteCode}站点`, areaCode, lon: 116.4, lat: 39.9, address: '' };
  return dataOf<{ siteId: string }>(await post(admin, '/device/site/save', body)).siteId;
}

async function logger(mn: string, siteId: string): Promise<number> {
  const body = {
    mn,
    name: `${mn}油烟监测仪`,
    type: 'S01',
    siteId,
    password: 'abc12345',
    factors: ['oilFume', 'fanCurrent', 'purifierCurrent'].map((code) => ({ code })),
    config: { intervalSeconds: null, noiseZone: null },
  };
  return Number(dataOf<{ deviceId: string }>(await post(admin, '/device/save', body)).deviceId);
}

/** Minutes 12:01 … 12:30 of one logger, sent as its data logger would. */
async function minutes(deviceId: number, values: Record<string, number>) {
  await app.use(devices).telemetry.ingest(
    Array.from({ length: 30 }, (_, i) => {
      const dataTime = chinaTime(2024, 5, 10, 12, 1 + i);
      return {
        deviceId,
        cn: '2011',
        dataTime,
        receivedAt: dataTime,
        values: Object.entries(values).map(([factor, value]) => ({ factor, value, flag: 'N' })),
      };
    }),
  );
}

const enterprise = (over: Record<string, unknown>) => ({
  name: '测试餐馆',
  creditCode: demoCreditCode('110105', 901),
  tradeType: 'restaurant',
  cuisine: '川菜',
  ranges: 4,
  purifierEfficiency: 80,
  address: '北京市朝阳区测试路 1 号',
  areaCode: '110105',
  lon: 116.45,
  lat: 39.93,
  contact: '张三',
  phone: '13800138000',
  operateStatus: 'open',
  siteId: null,
  ...over,
});

beforeAll(async () => {
  app = await createPlatformApp({}, () => NOW);
  admin = await adminToken(app);
  chaoyang = await districtOperator(app, admin, {
    username: 'cy-smoke',
    areaCode: '110105',
    orgName: '朝阳区生态环境局',
    permissions: ['smoke:view', 'smoke:edit'],
  });
  viewer = await districtOperator(app, admin, {
    username: 'cy-air',
    areaCode: '110105',
    orgName: '朝阳区大气科',
    permissions: ['air:view'],
  });
  // The rules as the server's start loads them (the migration's fume_over and purifier_off).
  await app.use(deviceAlarms).engine.load();
  sites.cy = await site('CY-SMK', '110105');
  sites.hd = await site('HD-SMK', '110108');
  const cy = await logger('FUMECY0001', sites.cy);
  const hd = await logger('FUMEHD0001', sites.hd);
  // 朝阳: lunch peak, 2.6 mg/m³ for 30 minutes, fan and purifier running.
  await minutes(cy, { oilFume: 2.6, fanCurrent: 3.5, purifierCurrent: 0.9 });
  // 海淀: fan running, purifier off (0.02 A), fume 0.8.
  await minutes(hd, { oilFume: 0.8, fanCurrent: 3.2, purifierCurrent: 0.02 });
  await app.use(deviceAlarms).engine.idle();
  await app.use(devices).monitor.check();
});
afterAll(async () => {
  await app.close();
});

describe('/enterprise/manager', () => {
  it('registers enterprises with a checked credit code, scale from the cooking ranges, linked to a site', async () => {
    const cy = dataOf<Enterprise>(
      await post(chaoyang.token, '/enterprise/manager/save', enterprise({ name: '朝阳川菜馆', siteId: sites.cy })),
    );
    expect(cy).toMatchObject({ scale: 'medium', scaleName: '中型', minEfficiency: 75, efficiencyOk: true });
    expect(cy.deviceCode).toBe('FUMECY0001');
    ent.cy = cy.enterpriseId;
    const hd = dataOf<Enterprise>(
      await post(
        admin,
        '/enterprise/manager/save',
        enterprise({
          name: '海淀湘菜馆',
          creditCode: demoCreditCode('110108', 902),
          areaCode: '110108',
          ranges: 6,
          purifierEfficiency: 70,
          siteId: sites.hd,
        }),
      ),
    );
    expect(hd).toMatchObject({ scaleName: '大型', minEfficiency: 85, efficiencyOk: false });
    ent.hd = hd.enterpriseId;
    const small = dataOf<Enterprise>(
      await post(
        admin,
        '/enterprise/manager/save',
        enterprise({ name: '朝阳小吃店', creditCode: demoCreditCode('110105', 903), ranges: 1 }),
      ),
    );
    expect(small).toMatchObject({ scaleName: '小型', deviceCode: null });
    ent.small = small.enterpriseId;
  });

  it('refuses junk with a Chinese message and a stable code, and changes nothing', async () => {
    const bad = await post(admin, '/enterprise/manager/save', enterprise({ creditCode: '91350100M000100Y44' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('校验位');
    const dup = await post(
      admin,
      '/enterprise/manager/save',
      enterprise({ creditCode: demoCreditCode('110105', 901) }),
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe(ErrorCode.CONFLICT);
    const phone = await post(admin, '/enterprise/manager/save', enterprise({ phone: '12345' }));
    expect(phone.statusCode).toBe(400);
    // A district operator: another district's area is 403, another district's site 404.
    const outside = await post(
      chaoyang.token,
      '/enterprise/manager/save',
      enterprise({ creditCode: demoCreditCode('110108', 904), areaCode: '110108' }),
    );
    expect(outside.statusCode).toBe(403);
    expect(outside.json().code).toBe(ErrorCode.AREA_OUT_OF_SCOPE);
    const foreignSite = await post(
      chaoyang.token,
      '/enterprise/manager/save',
      enterprise({ creditCode: demoCreditCode('110105', 905), siteId: sites.hd }),
    );
    expect(foreignSite.statusCode).toBe(404);
    const list = await ok<Page<Enterprise>>(admin, '/enterprise/manager/list');
    expect(list.total).toBe(3);
  });

  it('lists within the area with filters, and disables audited', async () => {
    const all = await ok<Page<Enterprise>>(admin, '/enterprise/manager/list', { pageSize: '2' });
    expect(all).toMatchObject({ total: 3 });
    expect(all.list).toHaveLength(2);
    const mine = await ok<Page<Enterprise>>(chaoyang.token, '/enterprise/manager/list');
    expect(mine.list.map((e) => e.name).sort()).toEqual(['朝阳小吃店', '朝阳川菜馆']);
    const large = await ok<Page<Enterprise>>(admin, '/enterprise/manager/list', { scale: 'large' });
    expect(large.list.map((e) => e.name)).toEqual(['海淀湘菜馆']);
    const found = await ok<Page<Enterprise>>(admin, '/enterprise/manager/list', { keyword: '小吃' });
    expect(found.total).toBe(1);
    expect((await get(chaoyang.token, '/enterprise/manager/detail', { enterpriseId: ent.hd ?? '' })).statusCode).toBe(
      404,
    );
    expect((await get(chaoyang.token, '/enterprise/manager/list', { areaCode: '110108' })).json().code).toBe(
      ErrorCode.AREA_OUT_OF_SCOPE,
    );

    const disabled = dataOf<Enterprise>(
      await post(chaoyang.token, '/enterprise/manager/disable', { enterpriseId: ent.small }),
    );
    expect(disabled.enabled).toBe(false);
    expect((await post(chaoyang.token, '/enterprise/manager/disable', { enterpriseId: ent.small })).statusCode).toBe(
      409,
    );
    const audit = await ok<Page<{ action: string }>>(admin, '/sys/audit/list', { action: 'enterprise.disable' });
    expect(audit.total).toBe(1);
  });

  it('needs smoke:view to read and smoke:edit to write', async () => {
    expect((await get(viewer.token, '/enterprise/manager/list')).statusCode).toBe(403);
    expect((await get(viewer.token, '/smk/dataLives/list')).statusCode).toBe(403);
  });
});

describe('/smk/dataLives', () => {
  it('shows each enabled enterprise’s live state, with the flags of its open alarms', async () => {
    const page = await ok<Page<LiveRow>>(admin, '/smk/dataLives/list');
    expect(page.total).toBe(2);
    const cy = page.list.find((r) => r.deviceCode === 'FUMECY0001');
    expect(cy).toMatchObject({
      online: 'online',
      oilFume: 2.6,
      fanState: 'on',
      purifierState: 'on',
      mean10: 2.6,
      limit: 2,
      overLimit: true,
      purifierOff: false,
    });
    const hd = page.list.find((r) => r.deviceCode === 'FUMEHD0001');
    expect(hd).toMatchObject({ fanState: 'on', purifierState: 'off', overLimit: false, purifierOff: true });

    const over = await ok<Page<LiveRow>>(admin, '/smk/dataLives/list', { state: 'overLimit' });
    expect(over.list.map((r) => r.deviceCode)).toEqual(['FUMECY0001']);
    const mine = await ok<Page<LiveRow>>(chaoyang.token, '/smk/dataLives/list');
    expect(mine.list.map((r) => r.deviceCode)).toEqual(['FUMECY0001']);
  });

  it('counts the overview and gives map points and a detail', async () => {
    const overview = await ok<Record<string, unknown>>(admin, '/smk/dataLives/overview');
    expect(overview).toMatchObject({
      enterprises: 2,
      monitored: 2,
      online: 2,
      running: 2,
      purifierOn: 1,
      purifierOff: 1,
      overLimit: 1,
      activeAlarms: 2,
      limit: 2,
      standard: 'GB 18483-2001 饮食业油烟排放标准',
    });
    const points = await ok<Array<{ name: string }>>(chaoyang.token, '/smk/dataLives/mapPoints');
    expect(points.map((p) => p.name)).toEqual(['朝阳川菜馆']);
    const detail = await ok<LiveRow & { enterprise: Enterprise }>(admin, '/smk/dataLives/detail', {
      deviceCode: 'FUMEHD0001',
    });
    expect(detail.enterprise.name).toBe('海淀湘菜馆');
    expect((await get(chaoyang.token, '/smk/dataLives/detail', { siteCode: 'HD-SMK' })).statusCode).toBe(404);
    expect((await get(admin, '/smk/dataLives/detail')).statusCode).toBe(400);
  });
});

describe('/smk/smkDataHistories', () => {
  it('gives 10-minute values with the limit, labelled by their end', async () => {
    const history = await ok<{
      limit: number;
      points: Array<{ time: string; oilFume: number; overLimit: boolean }>;
    }>(admin, '/smk/smkDataHistories/list', {
      stationCode: ent.cy ?? '',
      startTime: '2024-05-10 12:00:00',
      endTime: '2024-05-10 12:30:00',
    });
    expect(history.limit).toBe(2);
    expect(history.points.map((p) => p.time)).toEqual([
      '2024-05-10 12:10:00',
      '2024-05-10 12:20:00',
      '2024-05-10 12:30:00',
    ]);
    expect(history.points.every((p) => p.oilFume === 2.6 && p.overLimit)).toBe(true);
    const tooLong = await get(admin, '/smk/smkDataHistories/list', {
      stationCode: ent.cy ?? '',
      startTime: '2024-04-01 00:00:00',
      endTime: '2024-05-10 12:00:00',
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('gives the running timeline in 10-minute intervals and the over-limit minutes per day', async () => {
    const running = await ok<{
      fan: Array<{ startTime: string; endTime: string; state: string }>;
      purifier: Array<{ state: string }>;
      fanOnMinutes: number;
      purifierOffWhileFanOnMinutes: number;
    }>(admin, '/smk/smkDataHistories/runningState', {
      deviceCode: 'FUMEHD0001',
      startTime: '2024-05-10 11:40:00',
      endTime: '2024-05-10 12:40:00',
    });
    expect(running.fan).toEqual([
      { startTime: '2024-05-10 11:40:00', endTime: '2024-05-10 12:00:00', state: 'unknown', stateName: '未知' },
      { startTime: '2024-05-10 12:00:00', endTime: '2024-05-10 12:40:00', state: 'on', stateName: '运行' },
    ]);
    expect(running.purifier.map((s) => s.state)).toEqual(['unknown', 'off']);
    expect(running.fanOnMinutes).toBe(40);
    expect(running.purifierOffWhileFanOnMinutes).toBe(40);

    const days = await ok<{ days: Array<{ date: string; overMinutes: number; max: number }> }>(
      admin,
      '/smk/smkDataHistories/overLimitDays',
      { stationCode: ent.cy ?? '' },
    );
    expect(days.days).toEqual([{ date: '2024-05-10', overMinutes: 40, mean: 2.6, max: 2.6, validMinutes: 30 }]);
  });
});

describe('/smk/alarm', () => {
  it('lists the smoke alarms of the shared lifecycle, with their enterprise', async () => {
    const page = await ok<Page<AlarmRow>>(admin, '/smk/alarm/list');
    expect(page.list.map((a) => [a.type, a.enterpriseName]).sort()).toEqual([
      ['fume_over', '朝阳川菜馆'],
      ['purifier_off', '海淀湘菜馆'],
    ]);
    const centre = await ok<Page<{ type: string }>>(admin, '/adm/alarm/center/bd/list', { type: 'purifier_off' });
    expect(centre.total).toBe(1);
    const counts = await ok<{ open: number; types: Array<{ type: string; count: number; open: number }> }>(
      admin,
      '/smk/alarm/typeCount',
    );
    expect(counts.open).toBe(2);
    expect(counts.types.find((t) => t.type === 'fume_over')).toMatchObject({ count: 1, open: 1 });
    const mine = await ok<Page<AlarmRow>>(chaoyang.token, '/smk/alarm/list');
    expect(mine.list.map((a) => a.type)).toEqual(['fume_over']);
  });

  it('handles an alarm through the lifecycle: acknowledge, then clear with a note', async () => {
    const page = await ok<Page<AlarmRow>>(admin, '/smk/alarm/list', { type: 'purifier_off' });
    const alarmId = page.list[0]?.alarmId ?? '';
    expect((await post(chaoyang.token, '/smk/alarm/handle', { alarmId, action: 'acknowledge' })).statusCode).toBe(404);
    const acked = dataOf<{ status: string }>(
      await post(admin, '/smk/alarm/handle', { alarmId, action: 'acknowledge', note: '已电话通知店主' }),
    );
    expect(acked.status).toBe('acknowledged');
    const noNote = await post(admin, '/smk/alarm/handle', { alarmId, action: 'clear' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().msg).toContain('解除说明');
    const cleared = dataOf<{ status: string }>(
      await post(admin, '/smk/alarm/handle', { alarmId, action: 'clear', note: '净化器已开启' }),
    );
    expect(cleared.status).toBe('cleared');
    const open = await ok<Page<AlarmRow>>(admin, '/smk/alarm/list', { status: 'active' });
    expect(open.list.map((a) => a.type)).toEqual(['fume_over']);
  });
});
