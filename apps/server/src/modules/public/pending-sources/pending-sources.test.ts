import { ErrorCode, type SignableParams, signParams } from '@lantian/contracts';
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
  '/api/common/getSoundingData': { params: { soundingCode: '54511', time: '2024-01-10 08:00:00' } },
  '/api/common/lonlat/:x': { url: '/api/common/lonlat/116.40,39.90' },
};

/** The one JSON-bodied call (spec §7): the body's values are signed as a form's would be. */
const trajectory = async (body: SignableParams) => {
  const headers = await signParams(body, app.config.publicApiKey);
  return app.server.inject({ method: 'POST', url: '/api/getAirTrajectoryData', payload: body, headers });
};

describe('calls whose data source is not connected yet', () => {
  it('registers all 6, and each answers code 0 with an empty result of its shape', async () => {
    expect(PENDING_CALL_ROUTES).toHaveLength(6);
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

  it('getAirTrajectoryData takes a signed JSON body and answers an empty FeatureCollection', async () => {
    const res = await trajectory({ city: 'beijing', time: '2024-01-10 08:00:00', hours: 48, heights: [500, 1000] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ type: 'FeatureCollection', features: [] });
  });

  it('getAirTrajectoryData answers an unknown city with 404 未找到该城市', async () => {
    const res = await trajectory({ city: '999900', time: '2024-01-10 08:00:00' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
  });

  it('refuses bad parameters with 400 naming the field', async () => {
    const cases: [string, Record<string, string> | undefined, string][] = [
      ['/api/common/getSoundingData', { time: '2024-01-10 08:00:00' }, 'soundingCode'],
      ['/api/common/lonlat/beijing', undefined, 'x'],
    ];
    for (const [url, params, field] of cases) {
      const res = await signedInject(app.server, app.config, { method: 'GET', url, ...(params ? { params } : {}) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().msg).toContain(field);
    }
    const hours = await trajectory({ time: '2024-01-10 08:00:00', hours: 500 });
    expect(hours.statusCode).toBe(400);
    expect(hours.json().msg).toContain('hours');
  });

  it('refuses an unsigned call with 401', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/getMeteoinfoMsg' });
    expect(res.statusCode).toBe(401);
  });

  it('are documented in the OpenAPI page with the other calls of this module', async () => {
    const doc = (await app.server.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/common/lonlat/{x}',
        '/api/common/ipPlus/{ip}',
        '/api/getAirTrajectoryData',
        '/api/getAlarmInfo',
        '/api/getAlarmItemTrend',
        '/api/getAlarmCode',
        '/api/getShortUrl',
      ]),
    );
    expect(doc.paths['/api/getMeteoinfoMsg'].get.summary).toContain('数据源尚未接入');
    expect(doc.paths['/api/getAlarmInfo'].post.requestBody).toBeDefined();
  });
});
