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
});
