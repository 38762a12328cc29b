import { ErrorCode } from '@lantian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { signedInject } from '../../../testing/signed';
import { PENDING_CALL_ROUTES } from './pending-sources.routes';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** Valid parameters of every GET call whose data source is not connected. */
const SAMPLE: Readonly<Record<string, { url?: string; params?: Record<string, string> }>> = {
  '/api/getTrafficImage': { params: { cityName: '北京' } },
  '/api/getTrafficImageRecord': { params: { cityName: '北京', time: '2024-01-10 10:00:00' } },
  '/api/common/getTyphoonData': { params: { year: '2023', name: '杜苏芮' } },
  '/api/common/getDisasterInfo': { params: { type: 'rainstorm' } },
  '/api/common/getNmcImageData': { params: { url: 'http://image.nmc.cn/product/radar.png' } },
  '/api/common/getNmcFocastImageData': { params: { url: 'http://image.nmc.cn/product/forecast.png' } },
};

describe('calls whose data source is not connected yet', () => {
  it('registers all 10, and each answers code 0 with an empty result of its shape', async () => {
    expect(PENDING_CALL_ROUTES).toHaveLength(10);
    for (const call of PENDING_CALL_ROUTES.filter((c) => c.method === 'GET')) {
      const sample = SAMPLE[call.url] ?? {};
      const res = await signedInject(app.server, app.config, {
        method: 'GET',
        url: sample.url ?? call.url,
        ...(sample.params ? { params: sample.params } : {}),
      });
      if (call.answer === 'noImage') {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: ErrorCode.NOT_FOUND, msg: '暂无交通图像' });
        continue;
      }
      expect(res.statusCode, call.url).toBe(200);
      const empty = call.answer === 'features' ? { type: 'FeatureCollection', features: [] } : [];
      expect(res.json(), call.url).toEqual({ code: 0, msg: '成功', data: empty });
    }
  });

  it('refuses bad parameters with 400 naming the field', async () => {
    const cases: [string, Record<string, string> | undefined, string][] = [
      ['/api/common/getTyphoonData', { year: '23' }, 'year'],
      ['/api/getTrafficImage', undefined, 'cityName'],
    ];
    for (const [url, params, field] of cases) {
      const res = await signedInject(app.server, app.config, { method: 'GET', url, ...(params ? { params } : {}) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg).toContain(field);
    }
  });

  it('refuses an unsigned call with 401', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/common/getNmcRadarConfig' });
    expect(res.statusCode).toBe(401);
  });

  it('are documented in the OpenAPI page with the other calls of this module', async () => {
    const doc = (await app.server.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/common/ipPlus/{ip}',
        '/api/getAlarmInfo',
        '/api/getAlarmItemTrend',
        '/api/getAlarmCode',
        '/api/getShortUrl',
      ]),
    );
    expect(doc.paths['/api/common/getTyphoonData'].get.summary).toContain('数据源尚未接入');
    expect(doc.paths['/api/getAlarmInfo'].post.requestBody).toBeDefined();
  });
});
