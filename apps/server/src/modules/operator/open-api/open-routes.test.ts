import { ErrorCode } from '@lantian/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { adminToken, createPlatformApp, dataOf, platformCall } from '../../../testing/platform';

/**
 * The open variants other modules serve (the dictionary's getDict, the areas' boundaries), called
 * with real application tokens: each answers to an application granted its API and refuses the others.
 */

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

async function tokenFor(admin: string, apis: string[]): Promise<string> {
  const { appKey, appSecret } = dataOf<{ appKey: string; appSecret: string }>(
    await platformCall(app, { url: '/sys/openapi/save', token: admin, body: { name: `应用 ${apis.join('+')}`, apis } }),
  );
  return dataOf<{ token: string }>(await platformCall(app, { url: '/api/open/token', body: { appKey, appSecret } }))
    .token;
}

const open = (url: string, token: string, headers: Record<string, string> = {}) =>
  app.server.inject({ method: 'GET', url, headers: { 'authentication-token': token, ...headers } });

describe('open variants of the platform calls', () => {
  it('serve the dictionary to an application granted dict, and refuse it the areas', async () => {
    app = await createPlatformApp();
    const token = await tokenFor(await adminToken(app), ['dict']);
    const dict = await open('/api/open/auto/getDict?type=factor&apiType=air', token, { apptype: 'partner' });
    expect(dict.statusCode).toBe(200);
    const items = dict.json().data.items as Array<{ value: string; label: string }>;
    expect(items.find((i) => i.value === 'a34004')?.label).toMatch(/PM2\.5/);
    const area = await open('/api/open/auto/getCityBoundary?areaCode=110000', token);
    expect(area.statusCode).toBe(403);
    expect(area.json()).toMatchObject({ code: ErrorCode.OPEN_API_NOT_ALLOWED });
    expect((await open('/api/open/auto/getDict?type=no-such', token)).statusCode).toBe(400);
  });

  it('serve boundaries and map centres to an application granted area', async () => {
    app = await createPlatformApp();
    const token = await tokenFor(await adminToken(app), ['area']);
    const outline = await open('/api/open/auto/getCityBoundary?areaCode=110000', token);
    expect(outline.statusCode).toBe(200);
    expect(outline.json().data.type).toBe('FeatureCollection');
    const children = await open('/api/open/auto/getCityAllBoundary?areaCode=110000', token);
    expect(children.json().data.features.length).toBeGreaterThanOrEqual(16);
    const centre = await open('/api/open/auto/areaCenterConfig?areaCode=440300', token);
    expect(centre.json().data).toMatchObject({ areaCode: '440300', areaName: '深圳市', level: 'city' });
    expect((await open('/api/open/auto/getDict?type=factor', token)).statusCode).toBe(403);
    expect((await open('/api/open/auto/getCityBoundary?areaCode=999999', token)).statusCode).toBe(404);
    // An operator's session token is not an application token.
    expect((await open('/api/open/auto/getCityBoundary?areaCode=110000', await adminToken(app))).statusCode).toBe(401);
  });
});
