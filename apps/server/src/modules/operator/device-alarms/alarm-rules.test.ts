import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { dataFrame, TestLogger } from '../../../testing/hj212-client';
import { adminToken, createPlatformApp, dataOf, districtOperator, platformCall } from '../../../testing/platform';
import { devices } from '../devices';
import { gateway } from '../gateway';
import { deviceAlarms } from '.';

/** 2026-11-25 12:00:00 in Beijing. */
const NOW = Math.floor(Date.UTC(2026, 10, 25, 4, 0, 0) / 1000);
const MN = 'LT110105A0001';
const PW = '123456';

interface Rule {
  ruleId: string;
  name: string;
  kind: string;
  kindName: string;
  deviceType: string | null;
  deviceId: string | null;
  factor: string | null;
  level: number;
  threshold: number | null;
  low: number | null;
  high: number | null;
  durationSeconds: number | null;
  windowSeconds: number | null;
  count: number | null;
  enabled: boolean;
  updatedAt: string;
}

interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

interface Alarm {
  alarmId: string;
  ruleId: string;
  type: string;
  level: number;
  status: string;
  message: string;
  value: number | null;
  count: number;
  clearMode: string | null;
  itemName: string;
}

/** The rules every installation starts with (migration 0014, and the smoke module's two of 0050). */
const DEFAULT_RULES = 9;

/** One valid body per kind, levels 1–4 among them. */
const VALID = {
  over_limit: {
    name: 'PM10 超 150 持续 10 分钟',
    kind: 'over_limit',
    deviceType: 'A01',
    factor: 'a34002',
    level: 1,
    threshold: 150,
    durationSeconds: 600,
  },
  rate_of_change: {
    name: 'PM10 突变',
    kind: 'rate_of_change',
    deviceType: 'A01',
    factor: 'a34002',
    level: 2,
    threshold: 50,
    windowSeconds: 300,
  },
  constant: { name: 'PM10 恒值', kind: 'constant', deviceType: 'A01', factor: 'a34002', level: 3, count: 5 },
  out_of_range: {
    name: 'PM10 负值或超量程',
    kind: 'out_of_range',
    deviceType: 'A01',
    factor: 'a34002',
    level: 4,
    low: 0,
    high: 2000,
  },
  offline: { name: '设备离线（全部类型）', kind: 'offline', deviceType: null, level: 3 },
} satisfies Record<string, Record<string, unknown>>;

describe('alarm rules (/adm/alarm/rule/*)', () => {
  let app: TestApp;
  let token: string;
  let clock: number;

  beforeEach(async () => {
    clock = NOW;
    app = await createPlatformApp({ HJ212_BATCH_MS: '5' }, () => clock);
    token = await adminToken(app);
  });
  afterEach(async () => {
    await app.close();
  });

  const list = async (query: Record<string, string> = {}, as = token) =>
    dataOf<Page<Rule>>(await platformCall(app, { url: '/adm/alarm/rule/list', token: as, query }));
  const save = (body: Record<string, unknown>, as = token) =>
    platformCall(app, { url: '/adm/alarm/rule/save', token: as, body });
  const update = (body: Record<string, unknown>, as = token) =>
    platformCall(app, { url: '/adm/alarm/rule/update', token: as, body });
  const remove = (ruleId: string, as = token) =>
    platformCall(app, { url: '/adm/alarm/rule/delete', token: as, body: { ruleId } });
  const ruleAudit = async () =>
    dataOf<
      Page<{ action: string; actor: string; targetId: string; targetName: string; before: unknown; after: unknown }>
    >(
      await platformCall(app, {
        url: '/sys/audit/list',
        token,
        query: { targetType: 'alarm_rule', pageSize: '100', sortOrder: 'ascend' },
      }),
    ).list;

  it('lists the default rules, saves one of every kind with levels 1–4, filters and pages the list', async () => {
    const before = await list({ pageSize: '100' });
    expect(before.total).toBe(DEFAULT_RULES);
    expect(before.list.map((r) => r.kind)).toEqual(
      expect.arrayContaining(['offline', 'over_limit', 'out_of_range', 'constant']),
    );

    const saved: Rule[] = [];
    for (const body of Object.values(VALID)) {
      const response = await save(body);
      expect(response.json()).toMatchObject({ code: 0, msg: '已新增' });
      saved.push(dataOf<Rule>(response));
    }
    const [overLimit, rate, constant, range, offline] = saved;
    expect(overLimit).toMatchObject({
      kind: 'over_limit',
      kindName: '超限',
      deviceType: 'A01',
      deviceId: null,
      factor: 'a34002',
      level: 1,
      threshold: 150,
      durationSeconds: 600,
      low: null,
      high: null,
      windowSeconds: null,
      count: null,
      enabled: true,
      updatedAt: '2026-11-25 12:00:00',
    });
    expect(rate).toMatchObject({
      kind: 'rate_of_change',
      kindName: '突变',
      level: 2,
      threshold: 50,
      windowSeconds: 300,
    });
    expect(constant).toMatchObject({ kind: 'constant', kindName: '恒值', level: 3, count: 5 });
    expect(range).toMatchObject({ kind: 'out_of_range', kindName: '超出量程/负值', level: 4, low: 0, high: 2000 });
    expect(offline).toMatchObject({ kind: 'offline', kindName: '离线', deviceType: null, factor: null, level: 3 });
    // An offline rule has no factor, whatever the form sent.
    const offlineWithFactor = dataOf<Rule>(await save({ ...VALID.offline, name: '离线 2', factor: 'a34004' }));
    expect(offlineWithFactor.factor).toBeNull();

    const all = await list({ pageSize: '100' });
    expect(all.total).toBe(DEFAULT_RULES + 6);
    expect(all.list.map((r) => r.ruleId)).toEqual(expect.arrayContaining(saved.map((r) => r.ruleId)));

    const constants = await list({ kind: 'constant' });
    expect(constants.list.every((r) => r.kind === 'constant')).toBe(true);
    expect(constants.list.map((r) => r.ruleId)).toContain(constant?.ruleId);
    expect(constants.total).toBe(2);

    const noise = await list({ deviceType: 'N01' });
    expect(noise.list.map((r) => r.name)).toEqual(['噪声超 70 dB(A) 持续 10 分钟']);

    const page2 = await list({ pageNum: '2', pageSize: '5' });
    expect(page2).toMatchObject({ total: DEFAULT_RULES + 6, pageNum: 2, pageSize: 5 });
    expect(page2.list.map((r) => r.ruleId)).toEqual(all.list.slice(5, 10).map((r) => r.ruleId));
    const page3 = await list({ pageNum: '3', pageSize: '5' });
    expect(page3.list).toHaveLength(DEFAULT_RULES + 6 - 10);
  });

  it('updates a rule (new limit, disabled) and deletes it', async () => {
    const rule = dataOf<Rule>(await save(VALID.over_limit));
    clock = NOW + 90;
    const response = await update({
      ...VALID.over_limit,
      ruleId: rule.ruleId,
      name: 'PM10 超 200',
      threshold: 200,
      durationSeconds: 0,
      level: 2,
      enabled: false,
    });
    expect(response.json()).toMatchObject({ code: 0, msg: '已保存' });
    expect(dataOf<Rule>(response)).toMatchObject({
      ruleId: rule.ruleId,
      name: 'PM10 超 200',
      threshold: 200,
      durationSeconds: 0,
      level: 2,
      enabled: false,
      updatedAt: '2026-11-25 12:01:30',
    });
    expect((await list({ pageSize: '100' })).list.find((r) => r.ruleId === rule.ruleId)).toMatchObject({
      threshold: 200,
      enabled: false,
    });

    const deleted = await remove(rule.ruleId);
    expect(deleted.json()).toMatchObject({ code: 0, msg: '已删除', data: null });
    expect((await list({ pageSize: '100' })).list.map((r) => r.ruleId)).not.toContain(rule.ruleId);

    const again = await remove(rule.ruleId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 40400, msg: '未找到该告警规则' });
    const gone = await update({ ...VALID.over_limit, ruleId: rule.ruleId });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 40400, msg: '未找到该告警规则' });
  });

  it('audits every rule write with who, before and after', async () => {
    const rule = dataOf<Rule>(await save(VALID.constant));
    dataOf(await update({ ...VALID.constant, ruleId: rule.ruleId, count: 8 }));
    dataOf(await remove(rule.ruleId));
    const entries = await ruleAudit();
    expect(entries.map((e) => e.action)).toEqual(['alarm_rule.create', 'alarm_rule.update', 'alarm_rule.delete']);
    expect(entries.every((e) => e.actor === 'admin' && e.targetId === rule.ruleId)).toBe(true);
    expect(entries[0]?.targetName).toBe('PM10 恒值');
    expect(entries[0]?.after).toMatchObject({ kind: 'constant', count: 5 });
    expect(entries[1]?.before).toMatchObject({ count: 5 });
    expect(entries[1]?.after).toMatchObject({ count: 8 });
    expect(entries[2]?.before).toMatchObject({ ruleId: rule.ruleId, count: 8 });
  });

  const junk: Array<[string, Record<string, unknown>, RegExp]> = [
    ['an unknown kind', { ...VALID.over_limit, kind: 'too_hot' }, /^参数错误：kind /],
    ['severity 5', { ...VALID.over_limit, level: 5 }, /^参数错误：level 级别为 1–4/],
    ['severity 0', { ...VALID.over_limit, level: 0 }, /^参数错误：level 级别为 1–4/],
    ['a fractional severity', { ...VALID.over_limit, level: 2.5 }, /^参数错误：level /],
    ['no severity', { ...VALID.over_limit, level: undefined }, /^参数错误：level /],
    ['over limit without a factor', { ...VALID.over_limit, factor: null }, /^参数错误：factor 请选择监测因子/],
    ['over limit without a limit', { ...VALID.over_limit, threshold: undefined }, /^参数错误：threshold 请填写限值/],
    [
      'a duration over a day',
      { ...VALID.over_limit, durationSeconds: 86_401 },
      /^参数错误：durationSeconds 持续时间至多 1 天/,
    ],
    ['a negative duration', { ...VALID.over_limit, durationSeconds: -1 }, /^参数错误：durationSeconds /],
    [
      'rate of change without a factor',
      { ...VALID.rate_of_change, factor: undefined },
      /^参数错误：factor 请选择监测因子/,
    ],
    [
      'rate of change without a window',
      { ...VALID.rate_of_change, windowSeconds: null },
      /^参数错误：windowSeconds 请填写时间窗/,
    ],
    [
      'rate of change without a change',
      { ...VALID.rate_of_change, threshold: null },
      /^参数错误：threshold 请填写变化幅度/,
    ],
    ['constant without a count', { ...VALID.constant, count: null }, /^参数错误：count 请填写连续个数/],
    ['constant with one value', { ...VALID.constant, count: 1 }, /^参数错误：count 至少 2 个连续值/],
    ['out of range without a factor', { ...VALID.out_of_range, factor: null }, /^参数错误：factor 请选择监测因子/],
    [
      'out of range without bounds',
      { ...VALID.out_of_range, low: null, high: null },
      /^参数错误：low 下限与上限至少填一个/,
    ],
    ['out of range upside down', { ...VALID.out_of_range, low: 10, high: 5 }, /^参数错误：high 上限应大于下限/],
    ['a malformed device type', { ...VALID.over_limit, deviceType: 'a01' }, /^参数错误：deviceType 不是有效的设备类型/],
    ['an unknown device type', { ...VALID.over_limit, deviceType: 'Z99' }, /^参数错误：deviceType 未知的设备类型/],
    ['an unknown factor', { ...VALID.over_limit, factor: 'b99999' }, /^参数错误：factor 未知的监测因子/],
    ['a malformed factor', { ...VALID.over_limit, factor: '9x' }, /^参数错误：factor 不是有效的因子编码/],
    ['an unknown device', { ...VALID.over_limit, deviceId: '999' }, /^参数错误：deviceId 未找到该设备/],
    ['an empty name', { ...VALID.over_limit, name: '  ' }, /^参数错误：name 规则名称不能为空/],
    ['a long name', { ...VALID.over_limit, name: '超'.repeat(41) }, /^参数错误：name 规则名称不能超过 40 个字符/],
    ['a text limit', { ...VALID.over_limit, threshold: '150' }, /^参数错误：threshold /],
  ];

  it.each(junk)(
    'refuses %s with 400, a Chinese message and code 40001, and changes nothing',
    async (_what, body, msg) => {
      const response = await save(body);
      expect(response.statusCode).toBe(400);
      const answer = response.json() as { code: number; msg: string };
      expect(answer.code).toBe(40001);
      expect(answer.msg).toMatch(msg);
      expect(answer.msg).toMatch(/[\u4e00-\u9fff]/);
      expect((await list({ pageSize: '100' })).total).toBe(DEFAULT_RULES);
      expect(await ruleAudit()).toEqual([]);
    },
  );

  it('refuses junk updates without touching the rule', async () => {
    const rule = dataOf<Rule>(await save(VALID.out_of_range));
    for (const [, body, msg] of junk) {
      const response = await update({ ...body, ruleId: rule.ruleId });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect((response.json() as { msg: string }).msg).toMatch(msg);
    }
    const malformedId = await update({ ...VALID.out_of_range, ruleId: 'abc' });
    expect(malformedId.statusCode).toBe(400);
    expect(malformedId.json()).toMatchObject({ code: 40001 });
    expect((await remove('0')).statusCode).toBe(400);
    expect((await list({ pageSize: '100' })).list.find((r) => r.ruleId === rule.ruleId)).toEqual(rule);
    expect((await ruleAudit()).map((e) => e.action)).toEqual(['alarm_rule.create']);
  });

  it('refuses junk list filters', async () => {
    const queries: Array<Record<string, string>> = [
      { kind: 'hot' },
      { pageSize: '101' },
      { pageNum: '0' },
      { deviceType: 'A'.repeat(9) },
    ];
    for (const query of queries) {
      const response = await platformCall(app, { url: '/adm/alarm/rule/list', token, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json()).toMatchObject({ code: 40001, msg: expect.stringMatching(/^参数错误：/) });
    }
  });

  it('needs alarm:view to read the rules and alarm:rule to change them', async () => {
    const anonymous = await platformCall(app, { url: '/adm/alarm/rule/list' });
    expect(anonymous.statusCode).toBe(401);
    expect((await platformCall(app, { url: '/adm/alarm/rule/save', body: VALID.constant })).statusCode).toBe(401);

    const viewer = await districtOperator(app, token, {
      username: 'viewer',
      areaCode: '110105',
      orgName: '朝阳区分局',
      permissions: ['alarm:view', 'alarm:handle'],
    });
    const stranger = await districtOperator(app, token, {
      username: 'stranger',
      areaCode: '110106',
      orgName: '丰台区分局',
      permissions: ['device:view'],
    });
    const editor = await districtOperator(app, token, {
      username: 'editor',
      areaCode: '110108',
      orgName: '海淀区分局',
      permissions: ['alarm:view', 'alarm:rule'],
    });
    expect((await list({}, viewer.token)).total).toBe(DEFAULT_RULES);
    const denied = await platformCall(app, { url: '/adm/alarm/rule/list', token: stranger.token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 40300 });

    const rule = dataOf<Rule>(await save(VALID.constant));
    const attempts = [
      await save(VALID.rate_of_change, viewer.token),
      await update({ ...VALID.constant, ruleId: rule.ruleId, count: 9 }, viewer.token),
      await remove(rule.ruleId, viewer.token),
      await save(VALID.rate_of_change, stranger.token),
    ];
    for (const attempt of attempts) {
      expect(attempt.statusCode).toBe(403);
      expect(attempt.json()).toMatchObject({ code: 40300, msg: expect.stringMatching(/[\u4e00-\u9fff]/) });
    }
    expect((await list({ pageSize: '100' })).list.find((r) => r.ruleId === rule.ruleId)).toEqual(rule);
    expect((await ruleAudit()).map((e) => e.action)).toEqual(['alarm_rule.create']);

    const own = await save(VALID.rate_of_change, editor.token);
    expect(dataOf<Rule>(own).kind).toBe('rate_of_change');
    expect((await ruleAudit()).at(-1)).toMatchObject({ action: 'alarm_rule.create', actor: 'editor' });
  });
});

/** Rules at work: HJ 212 packets through the TCP gateway raise (and clear) the alarms the rules say. */
describe('a saved rule takes effect on the data the gateway receives', () => {
  let app: TestApp;
  let token: string;
  let clock: number;
  let deviceId: string;
  let logger: TestLogger;
  let sent = 0;

  beforeEach(async () => {
    clock = NOW;
    sent = 0;
    app = await createPlatformApp({ HJ212_BATCH_MS: '5' }, () => clock);
    token = await adminToken(app);
    const site = dataOf<{ siteId: string }>(
      await platformCall(app, {
        url: '/device/site/save',
        token,
        body: { siteCode: 'S-CY-01', name: '朝阳微站一号', areaCode: '110105', lon: 116.48, lat: 39.95 },
      }),
    );
    deviceId = dataOf<{ deviceId: string }>(
      await platformCall(app, {
        url: '/device/save',
        token,
        body: {
          mn: MN,
          name: '朝阳微站 1 号',
          type: 'A01',
          siteId: site.siteId,
          password: PW,
          factors: [{ code: 'a34004' }, { code: 'a34002' }],
        },
      }),
    ).deviceId;
    const port = await app.use(gateway).listen(0);
    logger = await TestLogger.connect(port);
  });
  afterEach(async () => {
    logger.end();
    await app.close();
  });

  /** Sends PM10 values one minute apart (the last one a minute before now) and waits for the alarms. */
  async function sendPm10(values: number[], start = clock - 60 * values.length) {
    for (const [i, value] of values.entries()) {
      logger.write(dataFrame({ mn: MN, pw: PW, dataTime: start + 60 * i, values: [{ factor: 'a34002', value }] }));
      sent += 1;
      expect(await logger.frames(sent)).toHaveLength(sent);
    }
    await app.use(deviceAlarms).engine.idle();
  }

  async function alarmsOf(ruleId: string) {
    return dataOf<Page<Alarm>>(
      await platformCall(app, { url: '/adm/alarm/center/bd/list', token, query: { pageSize: '100' } }),
    ).list.filter((a) => a.ruleId === ruleId);
  }

  it('over limit with a duration: raises only once the value stayed above the limit that long', async () => {
    const rule = dataOf<Rule>(
      await save({ ...VALID.over_limit, name: 'PM10 超 100 持续 3 分钟', threshold: 100, durationSeconds: 180 }),
    );
    await sendPm10([150, 160], clock - 600);
    expect(await alarmsOf(rule.ruleId)).toEqual([]);
    await sendPm10([170], clock - 480);
    const [alarm] = await alarmsOf(rule.ruleId);
    expect(alarm).toMatchObject({ type: 'over_limit', level: 1, status: 'active', value: 170, itemName: 'PM10' });
    expect(alarm?.message).toContain('持续 3 分钟');
    // A value back under the limit clears it by itself.
    await sendPm10([80], clock - 420);
    expect(await alarmsOf(rule.ruleId)).toEqual([expect.objectContaining({ status: 'cleared', clearMode: 'auto' })]);

    function save(body: Record<string, unknown>) {
      return platformCall(app, { url: '/adm/alarm/rule/save', token, body });
    }
  });

  it('rate of change: a jump bigger than the allowed change within the window', async () => {
    const rule = dataOf<Rule>(
      await platformCall(app, { url: '/adm/alarm/rule/save', token, body: VALID.rate_of_change }),
    );
    await sendPm10([20, 40, 65]);
    expect(await alarmsOf(rule.ruleId)).toEqual([]);
    await sendPm10([140], clock - 60 + 1);
    const [alarm] = await alarmsOf(rule.ruleId);
    expect(alarm).toMatchObject({ type: 'rate_of_change', level: 2, status: 'active', value: 140 });
    expect(alarm?.message).toContain('超过突变幅度 50');
    await sendPm10([150], clock);
    expect(await alarmsOf(rule.ruleId)).toEqual([expect.objectContaining({ status: 'cleared', clearMode: 'auto' })]);
  });

  it('constant value: the same value the given number of times in a row', async () => {
    const rule = dataOf<Rule>(
      await platformCall(app, { url: '/adm/alarm/rule/save', token, body: { ...VALID.constant, count: 3 } }),
    );
    await sendPm10([42, 42], clock - 600);
    expect(await alarmsOf(rule.ruleId)).toEqual([]);
    await sendPm10([42], clock - 480);
    const [alarm] = await alarmsOf(rule.ruleId);
    expect(alarm).toMatchObject({ type: 'constant', level: 3, status: 'active', value: 42 });
    expect(alarm?.message).toBe('PM10 连续 3 个数据恒为 42，疑似传感器故障');
  });

  it('out of range: a negative value, and one above the range, each raise one alarm', async () => {
    const rule = dataOf<Rule>(
      await platformCall(app, { url: '/adm/alarm/rule/save', token, body: VALID.out_of_range }),
    );
    await sendPm10([35, -2], clock - 600);
    const [negative] = await alarmsOf(rule.ruleId);
    expect(negative).toMatchObject({ type: 'out_of_range', level: 4, status: 'active', value: -2 });
    expect(negative?.message).toContain('出现负值');
    await sendPm10([30, 2500], clock - 480);
    const alarms = await alarmsOf(rule.ruleId);
    expect(alarms.map((a) => [a.status, a.value])).toEqual([
      ['active', 2500],
      ['cleared', -2],
    ]);
    expect(alarms[0]?.message).toContain('高于量程上限 2000');
  });

  it('offline: raised when the device falls silent, cleared when it reports again', async () => {
    const rule = dataOf<Rule>(
      await platformCall(app, {
        url: '/adm/alarm/rule/save',
        token,
        body: { ...VALID.offline, deviceId, level: 1 },
      }),
    );
    const monitor = app.use(devices).monitor;
    await sendPm10([30]);
    await monitor.check();
    await app.use(deviceAlarms).engine.idle();
    expect(await alarmsOf(rule.ruleId)).toEqual([]);

    clock = NOW + 600;
    await monitor.check();
    await app.use(deviceAlarms).engine.idle();
    const [alarm] = await alarmsOf(rule.ruleId);
    expect(alarm).toMatchObject({ type: 'offline', level: 1, status: 'active', itemName: '设备离线' });

    await sendPm10([31]);
    await monitor.check();
    await app.use(deviceAlarms).engine.idle();
    expect(await alarmsOf(rule.ruleId)).toEqual([expect.objectContaining({ status: 'cleared', clearMode: 'auto' })]);
  });

  it('refuses a rule for one device of another type, or a device outside the editor’s area', async () => {
    const mismatch = await platformCall(app, {
      url: '/adm/alarm/rule/save',
      token,
      body: { ...VALID.constant, deviceType: 'N01', factor: 'LA', deviceId },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 40001, msg: '参数错误：deviceId 该设备不是规则所选的设备类型' });
    const haidian = await districtOperator(app, token, {
      username: 'haidian',
      areaCode: '110108',
      orgName: '海淀区分局',
      permissions: ['alarm:view', 'alarm:rule'],
    });
    const outside = await platformCall(app, {
      url: '/adm/alarm/rule/save',
      token: haidian.token,
      body: { ...VALID.constant, deviceId },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ code: 40001, msg: '参数错误：deviceId 未找到该设备' });
    const forDevice = await platformCall(app, {
      url: '/adm/alarm/rule/save',
      token,
      body: { ...VALID.constant, deviceId },
    });
    expect(dataOf<Rule>(forDevice)).toMatchObject({ deviceType: 'A01', deviceId });
    const rules = dataOf<Page<Rule>>(
      await platformCall(app, { url: '/adm/alarm/rule/list', token, query: { pageSize: '100' } }),
    );
    expect(rules.total).toBe(DEFAULT_RULES + 1);
  });

  it('follows updates: a disabled rule raises nothing, a changed limit applies to the next value', async () => {
    const rule = dataOf<Rule>(
      await platformCall(app, {
        url: '/adm/alarm/rule/save',
        token,
        body: { ...VALID.over_limit, threshold: 100, durationSeconds: 0, enabled: false },
      }),
    );
    await sendPm10([120], clock - 600);
    expect(await alarmsOf(rule.ruleId)).toEqual([]);
    dataOf(
      await platformCall(app, {
        url: '/adm/alarm/rule/update',
        token,
        body: { ...VALID.over_limit, ruleId: rule.ruleId, threshold: 130, durationSeconds: 0, enabled: true },
      }),
    );
    await sendPm10([120], clock - 540);
    expect(await alarmsOf(rule.ruleId)).toEqual([]);
    await sendPm10([131], clock - 480);
    expect(await alarmsOf(rule.ruleId)).toEqual([expect.objectContaining({ status: 'active', value: 131 })]);

    // A rule with an alarm still open cannot be deleted; once cleared, it can, and stops raising.
    const refused = await platformCall(app, { url: '/adm/alarm/rule/delete', token, body: { ruleId: rule.ruleId } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 40900, msg: '该规则还有未解除的告警，请先解除或停用规则' });
    const [open] = await alarmsOf(rule.ruleId);
    dataOf(
      await platformCall(app, {
        url: '/adm/alarm/center/bd/clear',
        token,
        body: { alarmId: open?.alarmId, note: '规则调整' },
      }),
    );
    dataOf(await platformCall(app, { url: '/adm/alarm/rule/delete', token, body: { ruleId: rule.ruleId } }));
    await sendPm10([300], clock - 420);
    expect((await alarmsOf(rule.ruleId)).map((a) => a.status)).toEqual(['cleared']);
  });
});
