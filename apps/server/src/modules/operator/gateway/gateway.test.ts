import { encodeFrame } from '@lantian/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { dataFrame, TestLogger } from '../../../testing/hj212-client';
import { adminToken, createPlatformApp, dataOf, districtOperator, platformCall } from '../../../testing/platform';
import { deviceAlarms } from '../device-alarms';
import { devices } from '../devices';
import { gateway } from '.';

const NOW = Math.floor(Date.UTC(2026, 10, 25, 4, 0, 0) / 1000);
const MN = 'LT110105A0001';
const PW = '123456';

async function setUp(app: TestApp, token: string, options: { mn?: string; areaCode?: string; siteCode?: string } = {}) {
  const site = dataOf<{ siteId: string }>(
    await platformCall(app, {
      url: '/device/site/save',
      token,
      body: {
        siteCode: options.siteCode ?? 'S-CY-01',
        name: '朝阳微站一号',
        areaCode: options.areaCode ?? '110105',
        lon: 116.48,
        lat: 39.95,
      },
    }),
  );
  return dataOf<{ deviceId: string }>(
    await platformCall(app, {
      url: '/device/save',
      token,
      body: {
        mn: options.mn ?? MN,
        name: '朝阳微站 1 号',
        type: 'A01',
        siteId: site.siteId,
        password: PW,
        factors: [{ code: 'a34004' }, { code: 'a34002' }],
      },
    }),
  );
}

describe('the HJ 212-2017 gateway over TCP', () => {
  let app: TestApp;
  let token: string;
  let port: number;
  let deviceId: string;
  const loggers: TestLogger[] = [];
  const connect = async () => {
    const logger = await TestLogger.connect(port);
    loggers.push(logger);
    return logger;
  };
  const latest = async () =>
    dataOf<{ latest: Array<{ factor: string; value: number }>; online: string }>(
      await platformCall(app, { url: '/device/detail', token, query: { deviceId } }),
    );

  beforeEach(async () => {
    app = await createPlatformApp({ HJ212_BATCH_MS: '5' }, () => NOW);
    token = await adminToken(app);
    deviceId = (await setUp(app, token)).deviceId;
    port = await app.use(gateway).listen(0);
  });
  afterEach(async () => {
    for (const logger of loggers.splice(0)) logger.end();
    await app.close();
  });

  it('answers a valid packet with 9014 and the same QN, after which the value is queryable', async () => {
    const logger = await connect();
    logger.write(
      dataFrame({
        mn: MN,
        pw: PW,
        dataTime: NOW - 60,
        qn: '20261125115900123',
        values: [
          { factor: 'a34004', value: 35.2 },
          { factor: 'a34002', value: 61 },
        ],
      }),
    );
    const [answer] = await logger.frames(1);
    expect(answer).toMatch(
      /^##\d{4}QN=20261125115900123;ST=91;CN=9014;PW=123456;MN=LT110105A0001;Flag=4;CP=&&&&[0-9A-F]{4}\r\n$/,
    );
    const detail = await latest();
    expect(detail.latest.map((v) => [v.factor, v.value])).toEqual([
      ['a34002', 61],
      ['a34004', 35.2],
    ]);
    expect(detail.online).toBe('online');
  });

  it('takes several packets in one read and one packet over several reads', async () => {
    const logger = await connect();
    const a = dataFrame({ mn: MN, pw: PW, dataTime: NOW - 180, values: [{ factor: 'a34004', value: 10 }] });
    const b = dataFrame({ mn: MN, pw: PW, dataTime: NOW - 120, values: [{ factor: 'a34004', value: 20 }] });
    const c = dataFrame({ mn: MN, pw: PW, dataTime: NOW - 60, values: [{ factor: 'a34004', value: 30 }] });
    logger.write(a + b);
    logger.write(c.slice(0, 17));
    await new Promise((r) => setTimeout(r, 30));
    logger.write(c.slice(17));
    expect(await logger.frames(3)).toHaveLength(3);
    const series = dataOf<{ factors: Array<{ code: string; points: Array<[string, number]> }> }>(
      await platformCall(app, {
        url: '/device/series',
        token,
        query: {
          deviceId,
          resolution: 'minute',
          factor: 'a34004',
          startTime: '2026-11-25 11:00:00',
          endTime: '2026-11-25 12:00:00',
        },
      }),
    );
    expect(series.factors[0]?.points.map((p) => p[1])).toEqual([10, 20, 30]);
  });

  it('refuses bad CRC, wrong password, unknown MN and junk without storing anything, and keeps serving', async () => {
    const logger = await connect();
    const good = dataFrame({ mn: MN, pw: PW, dataTime: NOW - 60, values: [{ factor: 'a34004', value: 99 }] });
    logger.write(`${good.slice(0, -6)}0000\r\n`);
    logger.write(dataFrame({ mn: MN, pw: '999999', dataTime: NOW - 60, values: [{ factor: 'a34004', value: 99 }] }));
    logger.write(
      dataFrame({ mn: 'NOBODY0001', pw: PW, dataTime: NOW - 60, values: [{ factor: 'a34004', value: 99 }] }),
    );
    logger.write('hello, this is not HJ 212\r\n');
    logger.write(encodeFrame('QN=1;ST=22;CN=2011;PW=123456;MN=LT110105A0001;Flag=5;CP=&&DataTime=20261325000000&&'));
    await new Promise((r) => setTimeout(r, 200));
    expect(logger.received).toEqual([]);
    expect((await latest()).latest).toEqual([]);
    const stats = dataOf<{ refused: Record<string, number> }>(
      await platformCall(app, { url: '/device/gateway/stats', token }),
    );
    expect(stats.refused).toMatchObject({
      bad_crc: 1,
      wrong_password: 1,
      unknown_mn: 1,
      junk: 1,
      malformed_segment: 1,
    });
    await app.use(gateway).flushUnregistered();
    const seen = dataOf<{ list: Array<{ mn: string; factors: string[] }> }>(
      await platformCall(app, { url: '/device/unregistered/list', token }),
    );
    expect(seen.list).toEqual([expect.objectContaining({ mn: 'NOBODY0001', factors: ['a34004'] })]);
    // The same connection still works.
    logger.write(good);
    expect(await logger.frames(1)).toHaveLength(1);
  });

  it('closes a connection that sends an oversize frame; other devices carry on', async () => {
    const flooder = await connect();
    const device = await connect();
    flooder.write(`##9999${'x'.repeat(2000)}`);
    expect(await flooder.waitClosed()).toBe(true);
    device.write(dataFrame({ mn: MN, pw: PW, dataTime: NOW - 60, values: [{ factor: 'a34004', value: 12 }] }));
    expect(await device.frames(1)).toHaveLength(1);
  });

  it('stores a packet sent twice once', async () => {
    const logger = await connect();
    const frame = dataFrame({ mn: MN, pw: PW, dataTime: NOW - 60, values: [{ factor: 'a34004', value: 41 }] });
    logger.write(frame);
    await logger.frames(1);
    logger.write(frame);
    await logger.frames(2);
    const rows = await app.use(devices).telemetry.series('minute', Number(deviceId), ['a34004'], NOW - 3600, NOW);
    expect(rows).toHaveLength(1);
  });

  it('raises an alarm on a value over the limit, lets an operator acknowledge it, clears it when the value drops', async () => {
    dataOf(
      await platformCall(app, {
        url: '/adm/alarm/rule/save',
        token,
        body: {
          name: 'PM2.5 超 75',
          kind: 'over_limit',
          deviceType: 'A01',
          factor: 'a34004',
          level: 2,
          threshold: 75,
          durationSeconds: 0,
        },
      }),
    );
    const logger = await connect();
    logger.write(dataFrame({ mn: MN, pw: PW, dataTime: NOW - 120, values: [{ factor: 'a34004', value: 132.5 }] }));
    await logger.frames(1);
    await app.use(deviceAlarms).engine.idle();
    const list = dataOf<{ list: Array<{ alarmId: string; status: string; itemName: string; ruleName: string }> }>(
      await platformCall(app, { url: '/adm/alarm/center/bd/list', token }),
    );
    const alarm = list.list.find((a) => a.ruleName === 'PM2.5 超 75');
    expect(alarm).toMatchObject({ status: 'active', itemName: 'PM2.5' });
    const alarmId = alarm?.alarmId ?? '';
    const todo = dataOf<{ todo: number; notices: number }>(
      await platformCall(app, { url: '/zhhb/center/todoNum', token }),
    );
    expect(todo.todo).toBeGreaterThanOrEqual(1);
    expect(todo.notices).toBeGreaterThanOrEqual(1);

    const acked = await platformCall(app, {
      url: '/adm/alarm/center/bd/acknowledge',
      token,
      body: { alarmId, note: '已派人核查' },
    });
    expect(dataOf<{ status: string }>(acked).status).toBe('acknowledged');
    const again = await platformCall(app, { url: '/adm/alarm/center/bd/acknowledge', token, body: { alarmId } });
    expect(again.statusCode).toBe(409);

    logger.write(dataFrame({ mn: MN, pw: PW, dataTime: NOW - 60, values: [{ factor: 'a34004', value: 50 }] }));
    await logger.frames(2);
    await app.use(deviceAlarms).engine.idle();
    const detail = dataOf<{ status: string; clearMode: string; history: Array<{ action: string }> }>(
      await platformCall(app, { url: '/adm/alarm/center/bd/detail', token, query: { alarmId } }),
    );
    expect(detail).toMatchObject({ status: 'cleared', clearMode: 'auto' });
    expect(detail.history.map((h) => h.action)).toEqual(['raise', 'acknowledge', 'clear']);
    const cleared = await platformCall(app, {
      url: '/adm/alarm/center/bd/clear',
      token,
      body: { alarmId, note: '再次解除' },
    });
    expect(cleared.statusCode).toBe(409);
  });

  it('limits a district operator to the devices and alarms of its area', async () => {
    await setUp(app, token, { mn: 'LT310101A0001', areaCode: '310101', siteCode: 'S-HP-01' });
    const district = await districtOperator(app, token, {
      username: 'chaoyang',
      areaCode: '110105',
      orgName: '朝阳区分局',
      permissions: ['device:view', 'alarm:view'],
    });
    const list = dataOf<{ list: Array<{ mn: string }> }>(
      await platformCall(app, { url: '/device/list', token: district.token }),
    );
    expect(list.list.map((d) => d.mn)).toEqual([MN]);
    const all = dataOf<{ list: Array<{ mn: string; deviceId: string }> }>(
      await platformCall(app, { url: '/device/list', token }),
    );
    const other = all.list.find((d) => d.mn === 'LT310101A0001')?.deviceId ?? '';
    const outside = await platformCall(app, {
      url: '/device/detail',
      token: district.token,
      query: { deviceId: other },
    });
    expect(outside.statusCode).toBe(404);
    const write = await platformCall(app, { url: '/device/retire', token: district.token, body: { deviceId: other } });
    expect(write.statusCode).toBe(403);
  });
});
