import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { closeStreams, type OpenStream, openEventStream, until } from '../../../testing/event-stream';
import {
  adminToken,
  createPlatformApp,
  type DistrictOperator,
  dataOf,
  districtOperator,
  platformCall,
} from '../../../testing/platform';
import { devices } from '../devices';
import { deviceAlarms } from '.';

/** 2026-11-25 12:00:00 in Beijing. */
const NOW = Math.floor(Date.UTC(2026, 10, 25, 4, 0, 0) / 1000);
const DAY = 86_400;

interface Alarm {
  alarmId: string;
  type: string;
  typeName: string;
  level: number;
  levelName: string;
  status: string;
  statusName: string;
  ruleId: string;
  ruleName: string;
  deviceId: string;
  mn: string;
  deviceName: string;
  deviceType: string;
  siteName: string;
  areaCode: string;
  areaName: string;
  itemName: string;
  factor: string | null;
  message: string;
  value: number | null;
  firstAt: string;
  lastAt: string;
  count: number;
  acknowledgedBy: string | null;
  acknowledgedAt: string | null;
  clearedBy: string | null;
  clearedAt: string | null;
  clearMode: string | null;
  clearNote: string | null;
}

interface Detail extends Alarm {
  history: Array<{ at: string; action: string; actionName: string; actor: string; note: string | null }>;
}

interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

interface Count {
  key: string;
  name: string;
  count: number;
}

/**
 * The alarm centre over a real app: two micro stations (Chaoyang, Beijing; Huangpu, Shanghai) and a
 * noise meter (Chaoyang), the default rules replaced by three of the test's, and values committed
 * the way the gateway commits them.
 */
describe('the alarm centre, alarm information and alarm analysis', () => {
  let app: TestApp;
  let token: string;
  let clock: number;
  const ids = { chaoyang: 0, huangpu: 0, noise: 0 };
  const rules = { pm25: '', negative: '', loud: '' };
  /** The four alarms the scenario raises, by name. */
  const alarm = { a1: '', a2: '', a3: '', a4: '' };

  async function device(options: {
    siteCode: string;
    site: string;
    areaCode: string;
    mn: string;
    name: string;
    type: string;
    factors: string[];
  }) {
    const site = dataOf<{ siteId: string }>(
      await platformCall(app, {
        url: '/device/site/save',
        token,
        body: { siteCode: options.siteCode, name: options.site, areaCode: options.areaCode, lon: 116.4, lat: 39.9 },
      }),
    );
    return Number(
      dataOf<{ deviceId: string }>(
        await platformCall(app, {
          url: '/device/save',
          token,
          body: {
            mn: options.mn,
            name: options.name,
            type: options.type,
            siteId: site.siteId,
            password: '123456',
            factors: options.factors.map((code) => ({ code })),
          },
        }),
      ).deviceId,
    );
  }

  async function rule(body: Record<string, unknown>) {
    return dataOf<{ ruleId: string }>(await platformCall(app, { url: '/adm/alarm/rule/save', token, body })).ruleId;
  }

  /** One value committed as the gateway commits a real-time packet; waits until the rules ran. */
  async function send(deviceId: number, factor: string, value: number, dataTime: number) {
    await app
      .use(devices)
      .telemetry.ingest([
        { deviceId, cn: '2011', dataTime, receivedAt: clock, values: [{ factor, value, flag: 'N' }] },
      ]);
    await app.use(deviceAlarms).engine.idle();
  }

  const list = async (query: Record<string, string> = {}, as = token) =>
    dataOf<Page<Alarm>>(await platformCall(app, { url: '/adm/alarm/center/bd/list', token: as, query }));
  const detail = async (alarmId: string, as = token) =>
    dataOf<Detail>(await platformCall(app, { url: '/adm/alarm/center/bd/detail', token: as, query: { alarmId } }));
  const acknowledge = (alarmId: string, note?: string, as = token) =>
    platformCall(app, {
      url: '/adm/alarm/center/bd/acknowledge',
      token: as,
      body: note === undefined ? { alarmId } : { alarmId, note },
    });
  const clear = (alarmId: string, note?: string, as = token) =>
    platformCall(app, {
      url: '/adm/alarm/center/bd/clear',
      token: as,
      body: note === undefined ? { alarmId } : { alarmId, note },
    });
  const analysis = async <T = Count[]>(path: string, query: Record<string, string> = {}, as = token) =>
    dataOf<T>(await platformCall(app, { url: `/alarm/analysis/${path}`, token: as, query }));
  const todo = async (as = token) =>
    dataOf<{ todo: number; notices: number; total: number }>(
      await platformCall(app, { url: '/zhhb/center/todoNum', token: as }),
    );
  const alarmAudit = async () =>
    dataOf<
      Page<{ action: string; actor: string; targetId: string; detail: string | null; before: unknown; after: unknown }>
    >(
      await platformCall(app, {
        url: '/sys/audit/list',
        token,
        query: { targetType: 'alarm', pageSize: '100', sortOrder: 'ascend' },
      }),
    ).list;
  const ids4 = (rows: Alarm[]) => rows.map((r) => r.alarmId);
  const chaoyangOperator = (permissions: string[], username = 'chaoyang'): Promise<DistrictOperator> =>
    districtOperator(app, token, { username, areaCode: '110105', orgName: `朝阳区分局-${username}`, permissions });

  beforeEach(async () => {
    clock = NOW;
    // The header badge here counts alarms only: severe alarms opening grid events is the events module's test.
    app = await createPlatformApp({ EVENT_FROM_ALARM_LEVEL: '0' }, () => clock);
    token = await adminToken(app);
    ids.chaoyang = await device({
      siteCode: 'S-CY-01',
      site: '朝阳微站一号',
      areaCode: '110105',
      mn: 'LT110105A0001',
      name: '朝阳微站 1 号',
      type: 'A01',
      factors: ['a34004', 'a34002'],
    });
    ids.huangpu = await device({
      siteCode: 'S-HP-01',
      site: '黄浦微站一号',
      areaCode: '310101',
      mn: 'LT310101A0001',
      name: '黄浦微站 1 号',
      type: 'A01',
      factors: ['a34004'],
    });
    ids.noise = await device({
      siteCode: 'S-CY-02',
      site: '朝阳噪声点',
      areaCode: '110105',
      mn: 'LT110105N0001',
      name: '朝阳噪声 1 号',
      type: 'N01',
      factors: ['LA'],
    });
    await app.use(devices).reload();
    // Only the test's rules: the defaults would raise alarms of their own.
    const defaults = dataOf<Page<{ ruleId: string }>>(
      await platformCall(app, { url: '/adm/alarm/rule/list', token, query: { pageSize: '100' } }),
    ).list;
    for (const r of defaults) {
      dataOf(await platformCall(app, { url: '/adm/alarm/rule/delete', token, body: { ruleId: r.ruleId } }));
    }
    rules.pm25 = await rule({
      name: 'PM2.5 超 75',
      kind: 'over_limit',
      deviceType: 'A01',
      factor: 'a34004',
      level: 2,
      threshold: 75,
      durationSeconds: 0,
    });
    rules.negative = await rule({
      name: 'PM2.5 负值',
      kind: 'out_of_range',
      deviceType: 'A01',
      factor: 'a34004',
      level: 4,
      low: 0,
    });
    rules.loud = await rule({
      name: '噪声超 70',
      kind: 'over_limit',
      deviceType: 'N01',
      factor: 'LA',
      level: 3,
      threshold: 70,
      durationSeconds: 0,
    });

    // A2: Huangpu, two days ago, still open.
    await send(ids.huangpu, 'a34004', 90, NOW - 2 * DAY);
    // A1: Chaoyang, an hour ago, seen three times, cleared automatically by A4's value.
    await send(ids.chaoyang, 'a34004', 100, NOW - 3600);
    await send(ids.chaoyang, 'a34004', 120, NOW - 3540);
    await send(ids.chaoyang, 'a34004', 130, NOW - 3480);
    // A3: the noise meter, 40 minutes ago.
    await send(ids.noise, 'LA', 85, NOW - 2400);
    // A4: Chaoyang's PM2.5 goes negative half an hour ago: A1 ends, A4 begins.
    await send(ids.chaoyang, 'a34004', -5, NOW - 1800);

    const all = (await list({ pageSize: '100' })).list;
    const find = (ruleId: string, deviceId: number) =>
      all.find((a) => a.ruleId === ruleId && a.deviceId === String(deviceId))?.alarmId ?? '';
    alarm.a1 = find(rules.pm25, ids.chaoyang);
    alarm.a2 = find(rules.pm25, ids.huangpu);
    alarm.a3 = find(rules.loud, ids.noise);
    alarm.a4 = find(rules.negative, ids.chaoyang);
    expect(Object.values(alarm).every((id) => id !== '')).toBe(true);
    expect(all).toHaveLength(4);
  });
  afterEach(async () => {
    await app.close();
  });

  it('lists the alarms newest first, presented in full', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 4, pageNum: 1, pageSize: 20 });
    expect(ids4(page.list)).toEqual([alarm.a4, alarm.a1, alarm.a3, alarm.a2]);
    expect(page.list.find((a) => a.alarmId === alarm.a1)).toEqual({
      alarmId: alarm.a1,
      type: 'over_limit',
      typeName: '超限',
      level: 2,
      levelName: '二级（橙色）',
      status: 'cleared',
      statusName: '已解除',
      ruleId: rules.pm25,
      ruleName: 'PM2.5 超 75',
      deviceId: String(ids.chaoyang),
      mn: 'LT110105A0001',
      deviceName: '朝阳微站 1 号',
      deviceType: 'A01',
      siteName: '朝阳微站一号',
      areaCode: '110105',
      areaName: '朝阳区',
      itemName: 'PM2.5',
      factor: 'a34004',
      message: expect.stringContaining('PM2.5 超过限值 75'),
      value: 130,
      firstAt: '2026-11-25 11:00:00',
      lastAt: '2026-11-25 11:30:00',
      count: 3,
      acknowledgedBy: null,
      acknowledgedAt: null,
      clearedBy: 'system',
      clearedAt: '2026-11-25 11:30:00',
      clearMode: 'auto',
      clearNote: null,
    });
    expect(page.list.find((a) => a.alarmId === alarm.a4)).toMatchObject({
      type: 'out_of_range',
      typeName: '超出量程/负值',
      level: 4,
      levelName: '四级（蓝色）',
      status: 'active',
      statusName: '待处理',
      value: -5,
      message: 'PM2.5 出现负值，当前 -5',
      count: 1,
    });
    expect(page.list.find((a) => a.alarmId === alarm.a3)).toMatchObject({
      deviceType: 'N01',
      itemName: '噪声（A 声级）',
      level: 3,
      levelName: '三级（黄色）',
    });
    expect(page.list.find((a) => a.alarmId === alarm.a2)).toMatchObject({
      areaCode: '310101',
      areaName: '黄浦区',
      firstAt: '2026-11-23 12:00:00',
    });
  });

  it('filters by status, type, level, device, keyword and time, and pages', async () => {
    const cases: Array<[Record<string, string>, string[]]> = [
      [{ status: 'active' }, [alarm.a4, alarm.a3, alarm.a2]],
      [{ status: 'cleared' }, [alarm.a1]],
      [{ status: 'acknowledged' }, []],
      [{ type: 'out_of_range' }, [alarm.a4]],
      [{ type: 'over_limit' }, [alarm.a1, alarm.a3, alarm.a2]],
      [{ type: 'offline' }, []],
      [{ level: '2' }, [alarm.a1, alarm.a2]],
      [{ level: '3' }, [alarm.a3]],
      [{ deviceId: String(ids.chaoyang) }, [alarm.a4, alarm.a1]],
      [{ deviceId: String(ids.huangpu), status: 'active' }, [alarm.a2]],
      [{ keyword: '黄浦微站' }, [alarm.a2]],
      [{ keyword: 'LT110105N' }, [alarm.a3]],
      [{ keyword: '朝阳微站 1' }, [alarm.a4, alarm.a1]],
      [{ keyword: '不存在的设备' }, []],
      [{ startTime: '2026-11-20 00:00:00' }, [alarm.a4, alarm.a1, alarm.a3, alarm.a2]],
      [{ endTime: '2026-11-24 00:00:00' }, [alarm.a2]],
      [{ endTime: '2026-11-25 11:20:00' }, [alarm.a1, alarm.a3, alarm.a2]],
      // A period overlapping an alarm's span finds it: A1 lasted 11:00–11:30; A2, raised on the 23rd
      // and never cleared, lasts until now.
      [{ startTime: '2026-11-25 11:10:00', endTime: '2026-11-25 11:15:00' }, [alarm.a1, alarm.a2]],
      [{ startTime: '2026-11-25 11:25:00', status: 'cleared' }, [alarm.a1]],
      [{ startTime: '2026-11-25 11:31:00', status: 'cleared' }, []],
      [{ level: '2', status: 'active', type: 'over_limit' }, [alarm.a2]],
    ];
    for (const [query, expected] of cases) {
      const page = await list(query);
      expect(ids4(page.list), JSON.stringify(query)).toEqual(expected);
      expect(page.total, JSON.stringify(query)).toBe(expected.length);
    }
    const second = await list({ pageNum: '2', pageSize: '3' });
    expect(second).toMatchObject({ total: 4, pageNum: 2, pageSize: 3 });
    expect(ids4(second.list)).toEqual([alarm.a2]);
    expect((await list({ pageNum: '3', pageSize: '3' })).list).toEqual([]);

    const junk: Array<Record<string, string>> = [
      { status: 'open' },
      { type: 'hot' },
      { level: '5' },
      { level: '0' },
      { deviceId: 'abc' },
      { startTime: '2026-11-25' },
      { endTime: '2026/11/25 00:00:00' },
      { pageSize: '101' },
      { pageNum: '0' },
      { keyword: 'x'.repeat(41) },
    ];
    for (const query of junk) {
      const response = await platformCall(app, { url: '/adm/alarm/center/bd/list', token, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json()).toMatchObject({ code: 40001, msg: expect.stringMatching(/^参数错误：/) });
    }
  });

  it('counts repeats on the open alarm instead of opening another; a cleared alarm is final', async () => {
    // Three more values over the limit for Huangpu: still one alarm, now seen four times.
    await send(ids.huangpu, 'a34004', 95, NOW - 2 * DAY + 60);
    await send(ids.huangpu, 'a34004', 99, NOW - 2 * DAY + 120);
    await send(ids.huangpu, 'a34004', 97, NOW - 2 * DAY + 180);
    const huangpu = await list({ deviceId: String(ids.huangpu) });
    expect(huangpu.list).toEqual([
      expect.objectContaining({
        alarmId: alarm.a2,
        status: 'active',
        count: 4,
        value: 97,
        lastAt: '2026-11-23 12:03:00',
      }),
    ]);
    // Repeats are counted, not written to the history one by one.
    expect((await detail(alarm.a2)).history.map((h) => h.action)).toEqual(['raise']);

    // A1 ended: the next value over the limit opens a new alarm rather than reviving A1.
    await send(ids.chaoyang, 'a34004', 0, NOW - 1200);
    await send(ids.chaoyang, 'a34004', 110, NOW - 600);
    const chaoyang = await list({ deviceId: String(ids.chaoyang), type: 'over_limit' });
    expect(chaoyang.total).toBe(2);
    expect(chaoyang.list.map((a) => [a.status, a.count])).toEqual([
      ['active', 1],
      ['cleared', 3],
    ]);
    expect(chaoyang.list[1]?.alarmId).toBe(alarm.a1);

    // Cleared by hand while the value stays high: the next value opens a new alarm.
    dataOf(await clear(alarm.a2, '现场确认后解除'));
    await send(ids.huangpu, 'a34004', 120, NOW - 2 * DAY + 240);
    const after = await list({ deviceId: String(ids.huangpu) });
    expect(after.list.map((a) => [a.status, a.count])).toEqual([
      ['active', 1],
      ['cleared', 4],
    ]);
    expect(after.list[1]?.alarmId).toBe(alarm.a2);
    // Exactly one open alarm per device and rule, whatever happened.
    const open = (await list({ pageSize: '100' })).list.filter((a) => a.status !== 'cleared');
    const pairs = open.map((a) => `${a.ruleId}:${a.deviceId}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('shows the history, acknowledges and clears with notes (audited), and refuses illegal steps with 409', async () => {
    expect(await detail(alarm.a3)).toMatchObject({
      alarmId: alarm.a3,
      status: 'active',
      history: [
        {
          at: '2026-11-25 11:20:00',
          action: 'raise',
          actionName: '产生',
          actor: 'system',
          note: '噪声（A 声级）超过限值 70 dB(A)，当前 85',
        },
      ],
    });
    expect((await todo()).todo).toBe(3);

    clock = NOW + 60;
    const acked = await acknowledge(alarm.a3, '  已通知现场  ');
    expect(acked.json()).toMatchObject({ code: 0, msg: '已确认' });
    expect(dataOf<Detail>(acked)).toMatchObject({
      status: 'acknowledged',
      statusName: '已确认',
      acknowledgedBy: 'admin',
      acknowledgedAt: '2026-11-25 12:01:00',
      clearedBy: null,
    });
    expect((await todo()).todo).toBe(2);

    const twice = await acknowledge(alarm.a3, '再确认一次');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 40900, msg: '告警已确认，不能重复确认' });

    for (const note of ['', '   ']) {
      const noNote = await clear(alarm.a3, note);
      expect(noNote.statusCode).toBe(400);
      expect(noNote.json()).toMatchObject({ code: 40001, msg: '参数错误：note 请填写解除说明' });
    }
    const missing = await clear(alarm.a3);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 40001,
      msg: expect.stringMatching(/^参数错误：note [\u4e00-\u9fff]/),
    });
    const tooLong = await clear(alarm.a3, '长'.repeat(201));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 40001, msg: expect.stringContaining('说明不能超过 200 个字符') });

    clock = NOW + 120;
    const cleared = await clear(alarm.a3, '已处理：施工已停止');
    expect(cleared.json()).toMatchObject({ code: 0, msg: '已解除' });
    const done = dataOf<Detail>(cleared);
    expect(done).toMatchObject({
      status: 'cleared',
      statusName: '已解除',
      clearedBy: 'admin',
      clearedAt: '2026-11-25 12:02:00',
      clearMode: 'manual',
      clearNote: '已处理：施工已停止',
      acknowledgedBy: 'admin',
    });
    expect(done.history).toEqual([
      expect.objectContaining({ action: 'raise', actor: 'system' }),
      { at: '2026-11-25 12:01:00', action: 'acknowledge', actionName: '确认', actor: 'admin', note: '已通知现场' },
      { at: '2026-11-25 12:02:00', action: 'clear', actionName: '解除', actor: 'admin', note: '已处理：施工已停止' },
    ]);
    expect(await detail(alarm.a3)).toEqual(done);

    const illegal: Array<[Promise<import('fastify').LightMyRequestResponse>, string]> = [
      [clear(alarm.a3, '再解除一次'), '告警已解除，不能重复解除'],
      [acknowledge(alarm.a3), '告警已解除，不能确认'],
      // A1 was cleared automatically: just as final.
      [acknowledge(alarm.a1, '晚了'), '告警已解除，不能确认'],
      [clear(alarm.a1, '晚了'), '告警已解除，不能重复解除'],
    ];
    for (const [call, msg] of illegal) {
      const response = await call;
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 40900, msg });
    }

    // Straight from active to cleared, without acknowledging.
    dataOf(await clear(alarm.a4, '传感器已更换'));
    expect((await todo()).todo).toBe(1);

    const entries = await alarmAudit();
    expect(entries.map((e) => [e.action, e.targetId, e.actor, e.detail])).toEqual([
      ['alarm.acknowledge', alarm.a3, 'admin', '已通知现场'],
      ['alarm.clear', alarm.a3, 'admin', '已处理：施工已停止'],
      ['alarm.clear', alarm.a4, 'admin', '传感器已更换'],
    ]);
    expect(entries[0]).toMatchObject({ before: { status: 'active' }, after: { status: 'acknowledged' } });
    expect(entries[1]).toMatchObject({ before: { status: 'acknowledged' }, after: { status: 'cleared' } });
  });

  it('answers 404 for an alarm that does not exist and 400 for a malformed id', async () => {
    for (const response of [
      await platformCall(app, { url: '/adm/alarm/center/bd/detail', token, query: { alarmId: '9999' } }),
      await acknowledge('9999'),
      await clear('9999', '说明'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 40400, msg: '未找到该告警' });
    }
    for (const response of [
      await platformCall(app, { url: '/adm/alarm/center/bd/detail', token, query: { alarmId: 'abc' } }),
      await platformCall(app, { url: '/adm/alarm/center/bd/detail', token }),
      await acknowledge('0'),
      await clear('-1', '说明'),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 40001, msg: expect.stringMatching(/^参数错误：alarmId /) });
    }
    expect(await alarmAudit()).toEqual([]);
  });

  it('needs alarm:view to read and alarm:handle to acknowledge or clear', async () => {
    const viewer = await chaoyangOperator(['alarm:view'], 'viewer');
    const stranger = await chaoyangOperator(['device:view'], 'stranger');
    expect((await list({}, viewer.token)).total).toBe(3);
    for (const response of [
      await acknowledge(alarm.a4, undefined, viewer.token),
      await clear(alarm.a4, '说明', viewer.token),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 40300 });
    }
    for (const url of [
      '/adm/alarm/center/bd/list',
      '/alarm/info/voAirAlarmInformation',
      '/alarm/analysis/levelCount',
      '/alarm/analysis/trend',
    ]) {
      expect((await platformCall(app, { url, token: stranger.token })).statusCode, url).toBe(403);
      expect((await platformCall(app, { url })).statusCode, url).toBe(401);
    }
    // Someone who cannot see alarms has none waiting in the header.
    expect((await todo(stranger.token)).todo).toBe(0);
    expect((await detail(alarm.a4)).status).toBe('active');
  });

  it('limits a district operator to the alarms of its area, for reading and handling', async () => {
    const chaoyang = await chaoyangOperator(['alarm:view', 'alarm:handle']);
    expect(ids4((await list({}, chaoyang.token)).list)).toEqual([alarm.a4, alarm.a1, alarm.a3]);
    expect(ids4((await list({ keyword: '黄浦' }, chaoyang.token)).list)).toEqual([]);
    expect(ids4((await list({ deviceId: String(ids.huangpu) }, chaoyang.token)).list)).toEqual([]);

    const outside = [
      await platformCall(app, {
        url: '/adm/alarm/center/bd/detail',
        token: chaoyang.token,
        query: { alarmId: alarm.a2 },
      }),
      await acknowledge(alarm.a2, '不归我管', chaoyang.token),
      await clear(alarm.a2, '不归我管', chaoyang.token),
    ];
    for (const response of outside) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 40400, msg: '未找到该告警' });
    }
    expect(await detail(alarm.a2)).toMatchObject({
      status: 'active',
      history: [expect.objectContaining({ action: 'raise' })],
    });
    expect(await alarmAudit()).toEqual([]);

    // Its own alarms it handles.
    expect(dataOf<Detail>(await acknowledge(alarm.a4, undefined, chaoyang.token))).toMatchObject({
      status: 'acknowledged',
      acknowledgedBy: 'chaoyang',
    });
    expect((await todo(chaoyang.token)).todo).toBe(1);
    expect((await todo()).todo).toBe(2);

    const air = dataOf<Alarm[]>(
      await platformCall(app, { url: '/alarm/info/voAirAlarmInformation', token: chaoyang.token }),
    );
    expect(ids4(air)).toEqual([alarm.a4, alarm.a1]);
    expect(await analysis('levelCount', {}, chaoyang.token)).toEqual([
      { key: '1', name: '一级（红色）', count: 0 },
      { key: '2', name: '二级（橙色）', count: 1 },
      { key: '3', name: '三级（黄色）', count: 1 },
      { key: '4', name: '四级（蓝色）', count: 1 },
    ]);
    const rank = await analysis('deviceRank', {}, chaoyang.token);
    expect(rank).toEqual([
      { key: String(ids.chaoyang), name: '朝阳微站 1 号', count: 2 },
      { key: String(ids.noise), name: '朝阳噪声 1 号', count: 1 },
    ]);
    const trend = await analysis<Array<{ day: string; count: number }>>('trend', {}, chaoyang.token);
    expect(trend.reduce((sum, d) => sum + d.count, 0)).toBe(3);
  });

  it('/alarm/info/voAirAlarmInformation: the newest alarms of air devices, by period or the latest few', async () => {
    const call = async (query: Record<string, string> = {}) =>
      dataOf<Alarm[]>(await platformCall(app, { url: '/alarm/info/voAirAlarmInformation', token, query }));
    const latest = await call();
    // The noise meter's alarm is not an air alarm.
    expect(ids4(latest)).toEqual([alarm.a4, alarm.a1, alarm.a2]);
    expect(latest[0]).toMatchObject({ deviceType: 'A01', itemName: 'PM2.5', levelName: '四级（蓝色）' });
    expect(ids4(await call({ limit: '2' }))).toEqual([alarm.a4, alarm.a1]);
    expect(ids4(await call({ startTime: '2026-11-23 00:00:00', endTime: '2026-11-23 23:59:59' }))).toEqual([alarm.a2]);
    // A2 (raised on the 23rd, still open) is an alarm of that moment too.
    expect(ids4(await call({ startTime: '2026-11-25 11:30:00', endTime: '2026-11-25 11:30:00' }))).toEqual([
      alarm.a4,
      alarm.a1,
      alarm.a2,
    ]);
    const junk: Array<Record<string, string>> = [
      { limit: '0' },
      { limit: '201' },
      { limit: 'all' },
      { startTime: 'yesterday' },
    ];
    for (const query of junk) {
      const response = await platformCall(app, { url: '/alarm/info/voAirAlarmInformation', token, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json()).toMatchObject({ code: 40001, msg: expect.stringMatching(/^参数错误：/) });
    }
  });

  it('/alarm/analysis/*: counts by level, type, device and day that match the alarms raised', async () => {
    expect(await analysis('levelCount')).toEqual([
      { key: '1', name: '一级（红色）', count: 0 },
      { key: '2', name: '二级（橙色）', count: 2 },
      { key: '3', name: '三级（黄色）', count: 1 },
      { key: '4', name: '四级（蓝色）', count: 1 },
    ]);
    expect(await analysis('typeCount')).toEqual([
      { key: 'over_limit', name: '超限', count: 3 },
      { key: 'rate_of_change', name: '突变', count: 0 },
      { key: 'constant', name: '恒值', count: 0 },
      { key: 'out_of_range', name: '超出量程/负值', count: 1 },
      { key: 'offline', name: '离线', count: 0 },
      { key: 'fume_over', name: '油烟超标', count: 0 },
      { key: 'purifier_off', name: '净化器未开启', count: 0 },
    ]);
    const rank = await analysis('deviceRank');
    expect(rank[0]).toEqual({ key: String(ids.chaoyang), name: '朝阳微站 1 号', count: 2 });
    expect(rank.slice(1)).toEqual(
      expect.arrayContaining([
        { key: String(ids.huangpu), name: '黄浦微站 1 号', count: 1 },
        { key: String(ids.noise), name: '朝阳噪声 1 号', count: 1 },
      ]),
    );
    expect(rank).toHaveLength(3);

    // The last 30 days by default: one entry per China day, the alarms on the days they began.
    const trend = await analysis<Array<{ day: string; count: number }>>('trend');
    expect(trend).toHaveLength(31);
    expect(trend[0]).toEqual({ day: '2026-10-26', count: 0 });
    expect(trend.at(-1)).toEqual({ day: '2026-11-25', count: 3 });
    expect(trend.find((d) => d.day === '2026-11-23')).toEqual({ day: '2026-11-23', count: 1 });
    expect(trend.reduce((sum, d) => sum + d.count, 0)).toBe(4);

    // A period: only the alarms within it.
    const today = { startTime: '2026-11-24 00:00:00', endTime: '2026-11-25 23:59:59' };
    expect((await analysis('levelCount', today)).map((c) => c.count)).toEqual([0, 1, 1, 1]);
    expect(await analysis('trend', today)).toEqual([
      { day: '2026-11-24', count: 0 },
      { day: '2026-11-25', count: 3 },
    ]);
    // A device type: only its devices' alarms.
    expect((await analysis('typeCount', { deviceType: 'N01' })).map((c) => c.count)).toEqual([1, 0, 0, 0, 0, 0, 0]);
    expect(await analysis('deviceRank', { deviceType: 'N01' })).toEqual([
      { key: String(ids.noise), name: '朝阳噪声 1 号', count: 1 },
    ]);
    expect((await analysis('levelCount', { deviceType: 'V01' })).every((c) => c.count === 0)).toBe(true);
    // Acknowledging or clearing changes no count: analysis counts alarms raised.
    dataOf(await clear(alarm.a2, '已处理'));
    expect((await analysis('levelCount')).map((c) => c.count)).toEqual([0, 2, 1, 1]);

    const junk: Array<[Record<string, string>, RegExp]> = [
      [
        { startTime: '2026-11-25 00:00:00', endTime: '2026-11-24 00:00:00' },
        /^参数错误：endTime 结束时间应晚于开始时间/,
      ],
      [
        { startTime: '2024-01-01 00:00:00', endTime: '2026-11-25 00:00:00' },
        /^参数错误：endTime 时间范围不能超过 366 天/,
      ],
      [{ startTime: '2026-11-25' }, /^参数错误：startTime /],
      [{ deviceType: 'TOOLONGTYPE' }, /^参数错误：deviceType /],
    ];
    for (const path of ['levelCount', 'typeCount', 'deviceRank', 'trend']) {
      for (const [query, msg] of junk) {
        const response = await platformCall(app, { url: `/alarm/analysis/${path}`, token, query });
        expect(response.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(response.json()).toMatchObject({ code: 40001, msg: expect.stringMatching(msg) });
      }
    }
  });

  describe('the live stream /adm/alarm/center/stream', () => {
    afterEach(() => closeStreams());

    interface Stream {
      status: number;
      headers: OpenStream['headers'];
      text: () => string;
      events: () => Array<{ action: string; alarm: Alarm }>;
    }

    async function open(port: number, bearer?: string): Promise<Stream> {
      const stream = await openEventStream(
        port,
        '/adm/alarm/center/stream',
        bearer === undefined ? {} : { authorization: `Bearer ${bearer}` },
      );
      return { ...stream, events: () => stream.events<{ action: string; alarm: Alarm }>('alarm') };
    }

    it('pushes raised, acknowledged and cleared alarms to the consoles of the alarm’s area', async () => {
      await app.server.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.server.address() as AddressInfo;
      const chaoyang = await chaoyangOperator(['alarm:view', 'alarm:handle']);

      const anonymous = await open(port);
      expect(anonymous.status).toBe(401);
      expect(JSON.parse(anonymous.text())).toMatchObject({ code: 40100 });

      const all = await open(port, token);
      const district = await open(port, chaoyang.token);
      expect(all.status).toBe(200);
      expect(all.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(all.headers['cache-control']).toBe('no-store');
      expect(all.text()).toContain('retry: 3000\n');

      // Shanghai (A2 ends, a negative-value alarm begins): only the nationwide console hears of it.
      await send(ids.huangpu, 'a34004', -1, NOW - 600);
      await until(() => all.events().length === 2);
      // Beijing (A3 ends): both.
      await send(ids.noise, 'LA', 60, NOW - 300);
      await until(() => all.events().length === 3 && district.events().length === 1);

      const [shanghaiCleared, shanghai, noiseCleared] = all.events();
      expect(shanghaiCleared).toMatchObject({ action: 'clear', alarm: { alarmId: alarm.a2, status: 'cleared' } });
      expect(shanghai).toMatchObject({
        action: 'raise',
        alarm: { type: 'out_of_range', areaCode: '310101', deviceName: '黄浦微站 1 号', status: 'active', value: -1 },
      });
      expect(noiseCleared).toMatchObject({
        action: 'clear',
        alarm: { alarmId: alarm.a3, status: 'cleared', clearMode: 'auto' },
      });
      expect(district.events()).toEqual([noiseCleared]);
      expect(district.text()).toMatch(/^retry: 3000\n: connected\n\nevent: alarm\ndata: \{"action":"clear",/);

      await acknowledge(alarm.a4, '看到了', chaoyang.token);
      await until(() => district.events().length === 2 && all.events().length === 4);
      expect(district.events()[1]).toMatchObject({
        action: 'acknowledge',
        alarm: { alarmId: alarm.a4, status: 'acknowledged', acknowledgedBy: 'chaoyang' },
      });
      expect(all.events()[3]).toEqual(district.events()[1]);

      expect(app.use(deviceAlarms).live.connected).toBe(2);
    });
  });
});
