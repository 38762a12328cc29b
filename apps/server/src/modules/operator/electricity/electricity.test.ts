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
import { electricity } from '.';

/**
 * 分表计电 over a real app, the clock at 2026-12-01 16:10 China time: a 家具厂 in 通州 (110112) whose
 * VOC treatment stands by from 14:00 to 15:30 while its spray line runs, a 砖厂 in 朝阳 (110105)
 * under a 限产 order; values committed the way the gateway commits them, alarms raised by the shared
 * alarm rules on the detector's derived values.
 */

interface Page<T> {
  list: T[];
  total: number;
}
interface Site {
  siteId: string;
  kind: string;
  state: string;
  deviceCode: string | null;
  linkedSiteIds: string[];
}
interface Alarm {
  alarmId: string;
  enterpriseName: string;
  siteName: string;
  itemName: string;
  status: string;
  firstTime: string;
  problemId: string | null;
}

const NOW = chinaTime(2026, 12, 1, 16, 10);
const Q = 900;
let app: TestApp;
let admin: string;
let chaoyang: DistrictOperator;
const ids = { furniture: '', brick: '', spray: '', voc: '', kiln: '', kilnMeter: 0, sprayMeter: 0, vocMeter: 0 };

const call = (token: string, url: string, query?: Record<string, string>) =>
  platformCall(app, { url, token, ...(query === undefined ? {} : { query }) });
const post = (token: string, url: string, body: unknown) => platformCall(app, { url, token, body });
const ok = async <T>(token: string, url: string, query?: Record<string, string>) =>
  dataOf<T>(await call(token, url, query));

async function enterprise(name: string, creditCode: string, areaCode: string, tradeType: string) {
  const body = { name, creditCode, tradeType, areaCode, lon: 116.5, lat: 39.9, contact: '张三', phone: '13900000000' };
  return dataOf<{ enterpriseId: string }>(await post(admin, '/ele/eleEnterpriseInfo/save', body)).enterpriseId;
}

async function meter(mn: string, areaCode: string): Promise<number> {
  const site = dataOf<{ siteId: string }>(
    await post(admin, '/device/site/save', { siteCode: `S${mn}`, name: `${mn}站点`, areaCode, lon: 116.5, lat: 39.9 }),
  );
  const device = dataOf<{ deviceId: string }>(
    await post(admin, '/device/save', {
      mn,
      name: `${mn}电表`,
      type: 'P01',
      siteId: site.siteId,
      password: 'abc12345',
      factors: ['power', 'energy'].map((code) => ({ code })),
      config: { intervalSeconds: Q, noiseZone: null },
    }),
  );
  return Number(device.deviceId);
}

async function point(body: Record<string, unknown>, mn: string) {
  const saved = dataOf<Site>(await post(admin, '/ele/eleSite/save', body));
  dataOf(await post(admin, '/ele/eleSitedevice/bind', { siteId: saved.siteId, deviceCode: mn }));
  return saved.siteId;
}

/** One reading per meter at `t`, lines first, as the meters' packets arrive; waits for detector and alarms. */
async function readings(t: number, values: Array<[number, number]>) {
  for (const [deviceId, power] of values) {
    await app.use(devices).telemetry.ingest([
      {
        deviceId,
        cn: '2011',
        dataTime: t,
        receivedAt: NOW,
        values: [
          { factor: 'power', value: power, flag: 'N' },
          { factor: 'energy', value: 1000 + (t - chinaTime(2026, 12, 1)) / 3600, flag: 'N' },
        ],
      },
    ]);
    await app.use(electricity).detector.idle();
    await app.use(deviceAlarms).engine.idle();
  }
}

beforeAll(async () => {
  app = await createPlatformApp({ DEMO_DATA: 'off' }, () => NOW);
  admin = await adminToken(app);
  await app.use(electricity).installRules();
  chaoyang = await districtOperator(app, admin, {
    username: 'chaoyang-ele',
    areaCode: '110105',
    orgName: '朝阳区生态环境局',
    permissions: ['ele:view'],
  });

  ids.furniture = await enterprise('华林家具', '91110112MA01TEXT0K', '110112', 'C2110');
  ids.brick = await enterprise('金砖建材', '91110105MA01TEXT0F', '110105', 'C3031');
  ids.sprayMeter = await meter('ELE0001', '110112');
  ids.vocMeter = await meter('ELE0002', '110112');
  ids.kilnMeter = await meter('ELE0003', '110105');
  const thresholds = { standbyKw: 1.5, runningKw: 10 };
  ids.spray = await point(
    { enterpriseId: ids.furniture, name: '喷涂线', kind: 'production', ratedKw: 45, baselineKw: 38, ...thresholds },
    'ELE0001',
  );
  ids.voc = await point(
    {
      enterpriseId: ids.furniture,
      name: 'VOCs 治理设施',
      kind: 'treatment',
      ratedKw: 30,
      standbyKw: 1,
      runningKw: 8,
      minLoadPercent: 30,
      linkedSiteIds: [ids.spray],
    },
    'ELE0002',
  );
  ids.kiln = await point(
    {
      enterpriseId: ids.brick,
      name: '隧道窑',
      kind: 'production',
      ratedKw: 200,
      baselineKw: 180,
      standbyKw: 20,
      runningKw: 60,
    },
    'ELE0003',
  );
  dataOf(
    await post(admin, '/ele/eleOrders/save', {
      enterpriseId: ids.brick,
      title: '橙色预警应急减排',
      measure: 'limit',
      ratio: 30,
      siteIds: [ids.kiln],
      startTime: '2026-12-01 00:00:00',
      endTime: '2026-12-04 00:00:00',
    }),
  );

  // 13:00–16:00: the line runs throughout; the treatment stands by 14:00–15:30; the kiln draws 168 kW
  // (133 % of its 126 kW share) until 14:30, then 120 kW.
  for (let t = chinaTime(2026, 12, 1, 13); t <= chinaTime(2026, 12, 1, 16); t += Q) {
    const standby = t >= chinaTime(2026, 12, 1, 14) && t < chinaTime(2026, 12, 1, 15, 30);
    await readings(t, [
      [ids.sprayMeter, 38],
      [ids.vocMeter, standby ? 0.6 : 24],
      [ids.kilnMeter, t < chinaTime(2026, 12, 1, 14, 30) ? 168 : 120],
    ]);
  }
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('the register', () => {
  it('lists the enterprises with their points and meters', async () => {
    const page = await ok<Page<{ name: string; meterCount: number; tradeTypeName: string }>>(
      admin,
      '/ele/eleEnterpriseInfo/list',
    );
    expect(page.total).toBe(2);
    expect(page.list.map((e) => [e.name, e.meterCount, e.tradeTypeName])).toEqual([
      ['华林家具', 2, '木质家具制造'],
      ['金砖建材', 1, '粘土砖瓦及建筑砌块制造'],
    ]);
    const sites = await ok<Page<Site>>(admin, '/ele/eleSitedevice/list', { enterpriseId: ids.furniture });
    expect(sites.list.map((s) => [s.kind, s.deviceCode, s.linkedSiteIds])).toEqual([
      ['production', 'ELE0001', [ids.voc]],
      ['treatment', 'ELE0002', [ids.spray]],
    ]);
  });

  it('refuses junk with a Chinese message and a stable code, and changes nothing', async () => {
    const bad = await post(admin, '/ele/eleEnterpriseInfo/save', {
      name: '某厂',
      creditCode: '123',
      tradeType: 'C2110',
      areaCode: '110105',
      lon: 116.4,
      lat: 39.9,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ErrorCode.VALIDATION });
    expect(bad.json().msg).toContain('统一社会信用代码');
    const duplicate = await post(admin, '/ele/eleEnterpriseInfo/save', {
      name: '另一厂',
      creditCode: '91110112MA01TEXT0K',
      tradeType: 'C2110',
      areaCode: '110105',
      lon: 116.4,
      lat: 39.9,
    });
    expect(duplicate.statusCode).toBe(409);
    const thresholds = await post(admin, '/ele/eleSite/save', {
      enterpriseId: ids.brick,
      name: '脱硫',
      kind: 'treatment',
      standbyKw: 10,
      runningKw: 5,
    });
    expect(thresholds.statusCode).toBe(400);
    expect(thresholds.json().msg).toContain('运行功率阈值不能小于待机功率阈值');
    const taken = await post(admin, '/ele/eleSitedevice/bind', { siteId: ids.kiln, deviceCode: 'ELE0001' });
    expect(taken.statusCode).toBe(409);
    expect((await ok<Page<unknown>>(admin, '/ele/eleEnterpriseInfo/list')).total).toBe(2);
  });
});

describe('production vs treatment', () => {
  it('raises one shared alarm once the treatment stood by for 30 minutes (two readings) while the line ran, and clears it', async () => {
    const alarms = await ok<Page<Alarm>>(admin, '/ele/eleAlarmInfo/list', { enterpriseId: ids.furniture });
    expect(alarms.list.map((a) => [a.itemName, a.siteName, a.firstTime, a.status])).toEqual([
      ['生产运行治污停运（持续30分钟）', 'VOCs 治理设施', '2026-12-01 14:15:00', 'cleared'],
    ]);
    // The alarm centre shows the same alarm.
    const centre = await ok<Page<{ alarmId: string }>>(admin, '/adm/alarm/center/bd/list');
    expect(centre.list.map((a) => a.alarmId)).toContain(alarms.list[0]?.alarmId);
  });

  it('overlays the day and names the episodes that lasted the minimum duration', async () => {
    const day = await ok<{
      times: string[];
      series: Array<{ name: string; powerKw: Array<number | null> }>;
      episodes: Array<{ kind: string; start: string; end: string; minutes: number }>;
    }>(admin, '/ele/eleDataHistories/compare', { enterpriseId: ids.furniture, date: '2026-12-01' });
    expect(day.times).toHaveLength(96);
    expect(day.times[56]).toBe('14:00');
    expect(day.series.map((s) => [s.name, s.powerKw[56]])).toEqual([
      ['喷涂线', 38],
      ['VOCs 治理设施', 0.6],
    ]);
    expect(day.episodes).toEqual([
      {
        siteId: ids.voc,
        siteName: 'VOCs 治理设施',
        kind: 'treatment_stopped',
        kindName: '生产运行、治污停运',
        start: '2026-12-01 14:00:00',
        end: '2026-12-01 15:30:00',
        minutes: 90,
      },
    ]);
  });

  it('draws a meter’s day in 15-minute slots by default', async () => {
    const chart = await ok<{ interval: number; powerKw: Array<number | null>; energyKwh: number | null }>(
      admin,
      '/ele/eleDataHistories/dayChart',
      { deviceCode: 'ELE0001', date: '2026-12-01' },
    );
    expect(chart.interval).toBe(15);
    expect(chart.powerKw).toHaveLength(96);
    expect(chart.powerKw[51]).toBeNull();
    expect(chart.powerKw[52]).toBe(38);
    expect(chart.energyKwh).toBe(3);
    const history = await ok<Page<{ time: string; state: string }>>(admin, '/ele/eleDataHistories/list', {
      deviceCode: 'ELE0002',
      startTime: '2026-12-01 14:00:00',
      endTime: '2026-12-01 14:15:00',
    });
    expect(history.list.map((r) => [r.time, r.state])).toEqual([
      ['2026-12-01 14:15:00', 'stopped'],
      ['2026-12-01 14:00:00', 'stopped'],
    ]);
  });
});

describe('停限产 orders', () => {
  it('raises an alarm for a limited line above its share for 30 minutes', async () => {
    const alarms = await ok<Page<Alarm>>(admin, '/ele/eleAlarmInfo/list', { enterpriseId: ids.brick });
    expect(alarms.list.map((a) => [a.itemName, a.firstTime, a.status])).toEqual([
      ['限产期间超出配额（持续30分钟）', '2026-12-01 13:15:00', 'cleared'],
    ]);
    const orders = await ok<Page<{ status: string; siteNames: string[] }>>(admin, '/ele/eleOrders/list');
    expect(orders.list.map((o) => [o.status, o.siteNames])).toEqual([['active', ['隧道窑']]]);
  });
});

describe('problem forms', () => {
  it('turns an alarm into a form and walks it to closed, refusing steps out of order', async () => {
    const [alarm] = (await ok<Page<Alarm>>(admin, '/ele/eleAlarmInfo/list', { enterpriseId: ids.furniture })).list;
    const created = dataOf<{ problemId: string; state: string; title: string }>(
      await post(admin, '/ele/eleProblemForms/save', { alarmId: alarm?.alarmId }),
    );
    expect(created).toMatchObject({ state: 'open', title: 'VOCs 治理设施：生产运行治污停运（持续30分钟）' });
    expect((await post(admin, '/ele/eleProblemForms/save', { alarmId: alarm?.alarmId })).statusCode).toBe(409);
    const act = (action: string, extra: Record<string, string> = {}) =>
      post(admin, '/ele/eleProblemForms/transition', { problemId: created.problemId, action, ...extra });
    const early = await act('approve', { note: '好' });
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe('问题单待指派，不能复核通过');
    expect((await act('assign')).statusCode).toBe(400);
    dataOf(await act('assign', { assignee: '王经理' }));
    dataOf(await act('rectify', { note: '已更换风机皮带' }));
    dataOf(await act('reject', { note: '未见运行记录' }));
    dataOf(await act('rectify', { note: '补充运行记录' }));
    const closed = dataOf<{ state: string; steps: Array<{ actionName: string }> }>(
      await act('approve', { note: '复核通过' }),
    );
    expect(closed.state).toBe('closed');
    expect(closed.steps.map((s) => s.actionName)).toEqual([
      '新建',
      '指派',
      '提交整改',
      '复核退回',
      '提交整改',
      '复核通过',
    ]);
    const list = await ok<Page<Alarm>>(admin, '/ele/eleAlarmInfo/list', { enterpriseId: ids.furniture });
    expect(list.list[0]?.problemId).toBe(created.problemId);
  });

  it('records meter maintenance', async () => {
    dataOf(
      await post(admin, '/ele/eleOperations/save', {
        deviceCode: 'ELE0002',
        kind: 'calibration',
        content: '电流互感器校验',
        worker: '赵工',
        time: '2026-12-01 10:00:00',
      }),
    );
    const page = await ok<Page<{ kindName: string; enterpriseName: string }>>(admin, '/ele/eleOperations/list');
    expect(page.list.map((r) => [r.kindName, r.enterpriseName])).toEqual([['校验', '华林家具']]);
  });
});

describe('a district operator', () => {
  it('sees the enterprises of the district only, and cannot write without ele:edit', async () => {
    const page = await ok<Page<{ name: string }>>(chaoyang.token, '/ele/eleEnterpriseInfo/list');
    expect(page.list.map((e) => e.name)).toEqual(['金砖建材']);
    const outside = await call(chaoyang.token, '/ele/eleEnterpriseInfo/detail', { enterpriseId: ids.furniture });
    expect(outside.statusCode).toBe(404);
    const area = await call(chaoyang.token, '/ele/eleEnterpriseInfo/list', { areaCode: '110112' });
    expect(area.statusCode).toBe(403);
    expect(area.json().code).toBe(ErrorCode.AREA_OUT_OF_SCOPE);
    const alarms = await ok<Page<Alarm>>(chaoyang.token, '/ele/eleAlarmInfo/list');
    expect(alarms.list.map((a) => a.enterpriseName)).toEqual(['金砖建材']);
    const chart = await call(chaoyang.token, '/ele/eleDataHistories/dayChart', { deviceCode: 'ELE0001' });
    expect(chart.statusCode).toBe(404);
    const write = await post(chaoyang.token, '/ele/eleOrders/revoke', { orderId: '1' });
    expect(write.statusCode).toBe(403);
    const overview = await ok<{ enterprises: number; meters: number; activeOrders: number }>(
      chaoyang.token,
      '/ele/home/overview',
    );
    expect(overview).toMatchObject({ enterprises: 1, meters: 1, activeOrders: 1 });
  });
});

describe('a logger catching up', () => {
  it('judges each instant with the readings as of that instant, not the newest of the batch', async () => {
    const at = (minute: number) => chinaTime(2026, 12, 1, 8, minute);
    const packet = (deviceId: number, t: number, power: number) => ({
      deviceId,
      cn: '2011',
      dataTime: t,
      receivedAt: NOW,
      values: [{ factor: 'power', value: power, flag: 'N' }],
    });
    // One batch: the line's and the facility's 08:00 and 08:15, the line starting at 08:00.
    await app
      .use(devices)
      .telemetry.ingest([
        packet(ids.sprayMeter, at(0), 38),
        packet(ids.sprayMeter, at(15), 38),
        packet(ids.vocMeter, at(0), 0.5),
        packet(ids.vocMeter, at(15), 0.5),
      ]);
    await app.use(electricity).detector.idle();
    const flags = await app.use(devices).telemetry.series('minute', ids.vocMeter, ['eleTreatStop'], at(0) - 1, at(15));
    expect(flags.map((f) => f.value)).toEqual([1, 1]);
  });
});
