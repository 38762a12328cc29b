import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { dataFrame, TestLogger } from '../../../testing/hj212-client';
import { adminToken, createPlatformApp, dataOf, platformCall } from '../../../testing/platform';
import { gateway } from '.';

/**
 * Two server instances over one database and one shared state, as behind a TCP load balancer: the
 * registry is cached in each instance's memory for the gateway, so a write on one must reach the other.
 */

const NOW = Math.floor(Date.UTC(2026, 10, 25, 4, 0, 0) / 1000);
const MN = 'LT110105A0042';
const PW = '123456';

describe('gateway instances sharing a deployment', () => {
  const apps: TestApp[] = [];
  const loggers: TestLogger[] = [];
  afterEach(async () => {
    for (const logger of loggers.splice(0)) logger.end();
    // The second instance first: the first owns the shared state.
    for (const app of apps.splice(0).reverse()) await app.close();
  });

  it('takes a device registered on the other instance at once, and refuses it once retired there', async () => {
    // Started as servers start (the registry subscribes to changes then); the test's own gateway port.
    const env = { HJ212_BATCH_MS: '5', HJ212_PORT: 'off', DEMO_DATA: 'off' };
    const first = await createPlatformApp(env, () => NOW);
    apps.push(first);
    const second = await createPlatformApp(env, () => NOW, first);
    apps.push(second);
    await first.start();
    await second.start();
    const port = await second.use(gateway).listen(0);
    const logger = await TestLogger.connect(port);
    loggers.push(logger);
    const frame = (minute: number) =>
      dataFrame({ mn: MN, pw: PW, dataTime: NOW - 600 + minute * 60, values: [{ factor: 'a34004', value: 30 }] });

    // Unknown to both: refused.
    logger.write(frame(0));
    await expect.poll(() => second.use(gateway).stats.refused.get('unknown_mn') ?? 0).toBe(1);

    const token = await adminToken(first);
    const site = dataOf<{ siteId: string }>(
      await platformCall(first, {
        url: '/device/site/save',
        token,
        body: { siteCode: 'S-LB-01', name: '负载均衡测试站', areaCode: '110105', lon: 116.48, lat: 39.95 },
      }),
    );
    const device = dataOf<{ deviceId: string }>(
      await platformCall(first, {
        url: '/device/save',
        token,
        body: {
          mn: MN,
          name: '负载均衡测试微站',
          type: 'A01',
          siteId: site.siteId,
          password: PW,
          factors: [{ code: 'a34004' }],
        },
      }),
    );

    // Registered on the first instance, taken by the second's gateway.
    await expect
      .poll(async () => {
        logger.write(frame(1));
        const answers = await logger.frames(1, 200);
        return answers.some((a) => a.includes('CN=9014'));
      })
      .toBe(true);

    const retired = await platformCall(first, {
      url: '/device/retire',
      token,
      body: { deviceId: device.deviceId, note: '拆除' },
    });
    expect(retired.statusCode).toBe(200);
    await expect
      .poll(() => {
        logger.write(frame(2));
        return second.use(gateway).stats.refused.get('retired') ?? 0;
      })
      .toBeGreaterThan(0);
  });

  it('applies a rule saved on the other instance, and forgets an alarm cleared there by hand', async () => {
    const env = { HJ212_BATCH_MS: '5', HJ212_PORT: 'off', DEMO_DATA: 'off' };
    const first = await createPlatformApp(env, () => NOW);
    apps.push(first);
    const second = await createPlatformApp(env, () => NOW, first);
    apps.push(second);
    await first.start();
    await second.start();
    const token = await adminToken(first);
    const site = dataOf<{ siteId: string }>(
      await platformCall(first, {
        url: '/device/site/save',
        token,
        body: { siteCode: 'S-LB-02', name: '规则测试站', areaCode: '110105', lon: 116.48, lat: 39.95 },
      }),
    );
    dataOf(
      await platformCall(first, {
        url: '/device/save',
        token,
        body: {
          mn: MN,
          name: '规则测试微站',
          type: 'A01',
          siteId: site.siteId,
          password: PW,
          factors: [{ code: 'a34002' }],
        },
      }),
    );
    // PM10 has no built-in rule: one saved on the first instance, for a device the second one hears.
    dataOf(
      await platformCall(first, {
        url: '/adm/alarm/rule/save',
        token,
        body: {
          name: 'PM10 超 300',
          kind: 'over_limit',
          deviceType: 'A01',
          factor: 'a34002',
          level: 2,
          threshold: 300,
        },
      }),
    );
    const port = await second.use(gateway).listen(0);
    const logger = await TestLogger.connect(port);
    loggers.push(logger);
    const send = async (minute: number, value: number) => {
      const before = logger.received.length;
      logger.write(
        dataFrame({ mn: MN, pw: PW, dataTime: NOW - 600 + minute * 60, values: [{ factor: 'a34002', value }] }),
      );
      await logger.frames(before + 1);
    };
    const openAlarms = async () =>
      dataOf<{ list: Array<{ alarmId: string; status: string; count: number }> }>(
        await platformCall(first, { url: '/adm/alarm/center/bd/list', token, query: { type: 'over_limit' } }),
      ).list.filter((a) => a.status !== 'cleared');

    await send(0, 420);
    await expect.poll(async () => (await openAlarms()).length).toBe(1);
    const [raised] = await openAlarms();

    // Cleared by hand on the first instance; the second's next high value raises a new alarm rather
    // than counting a repeat on the cleared one.
    dataOf(
      await platformCall(first, {
        url: '/adm/alarm/center/bd/clear',
        token,
        body: { alarmId: raised?.alarmId, note: '现场核查后解除' },
      }),
    );
    await expect.poll(async () => (await openAlarms()).length).toBe(0);
    await send(1, 430);
    await expect.poll(async () => (await openAlarms()).map((a) => a.alarmId)).not.toEqual([]);
    expect((await openAlarms())[0]?.alarmId).not.toBe(raised?.alarmId);
  });
});
