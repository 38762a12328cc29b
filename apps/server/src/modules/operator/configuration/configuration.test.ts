import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@lantian/contracts';
import { chinaTime, formatChinaDateTime } from '@lantian/domain';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../testing/app';
import { closeStreams, openEventStream, until } from '../../../testing/event-stream';
import { adminToken, createPlatformApp, dataOf, districtOperator, platformCall } from '../../../testing/platform';

/**
 * The configuration dashboard through HTTP: drawings bound to devices, the resource library, and a
 * published dashboard opened by its token alone — its values live from a device's push — until the
 * token is revoked.
 */

const NOW = chinaTime(2026, 11, 25, 12);
const PW = 'dash2026';

let app: TestApp;
let admin: string;
let deviceId: string;
let shanghaiDevice: string;

async function register(mn: string, siteCode: string, areaCode: string): Promise<string> {
  const site = dataOf<{ siteId: string }>(
    await platformCall(app, {
      url: '/device/site/save',
      token: admin,
      body: { siteCode, name: `${siteCode}站`, areaCode, lon: 116.4, lat: 39.9 },
    }),
  );
  return dataOf<{ deviceId: string }>(
    await platformCall(app, {
      url: '/device/save',
      token: admin,
      body: { mn, name: `${mn}设备`, type: 'A01', siteId: site.siteId, password: PW, factors: [{ code: 'a34004' }] },
    }),
  ).deviceId;
}

const push = (mn: string, minute: number, value: number) =>
  platformCall(app, {
    url: '/device/push',
    body: {
      mn,
      pw: PW,
      cn: '2051',
      dataTime: formatChinaDateTime(NOW - 3600 + minute * 60),
      values: [{ factor: 'a34004', value }],
    },
  });

function stage(nodes: unknown[]) {
  return {
    className: 'Stage',
    attrs: { width: 1280, height: 720, background: '#0b1a33' },
    children: [{ className: 'Layer', attrs: { id: 'base', name: '底图' }, children: nodes }],
  };
}

const valueNode = (device: string) => ({
  className: 'Text',
  attrs: {
    id: 'pm25',
    x: 100,
    y: 80,
    text: '--',
    fontSize: 48,
    fill: '#00e400',
    binding: {
      deviceId: device,
      factor: 'a34004',
      decimals: 1,
      unit: 'μg/m³',
      thresholds: [{ min: 75, color: '#ff0000' }],
    },
  },
});

async function png(width: number, height: number): Promise<Blob> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = 'rgba(0, 128, 255, 0.5)';
  ctx.fillRect(0, 0, width / 2, height);
  return new Blob([await canvas.encode('png')], { type: 'image/png' });
}

async function upload(form: FormData, token = admin) {
  const response = new Response(form);
  return app.server.inject({
    method: 'POST',
    url: '/configuration/staticResource/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': response.headers.get('content-type') ?? '' },
    payload: Buffer.from(await response.arrayBuffer()),
  });
}

beforeAll(async () => {
  app = await createPlatformApp({ HJ212_BATCH_MS: '5' }, () => NOW);
  admin = await adminToken(app);
  deviceId = await register('CFGA0001', 'CFG-01', '110105');
  shanghaiDevice = await register('CFGS0001', 'CFG-SH', '310101');
}, 60_000);
afterEach(() => closeStreams());
afterAll(async () => {
  await app?.close();
});

const get = (url: string, query: Record<string, string> = {}, token = admin) =>
  platformCall(app, { url, token, query });
const post = (url: string, body: unknown, token = admin) => platformCall(app, { url, token, body });

describe('dashboards', () => {
  let configId: string;
  let resourceId: string;

  it('keep the library’s pictures re-encoded, transparency kept, junk refused', async () => {
    const form = new FormData();
    form.append('type', 'device');
    form.append('file', await png(64, 32), 'fan.png');
    const saved = dataOf<{ id: string; mime: string; width: number; resourceType: string }>(await upload(form));
    resourceId = saved.id;
    expect(saved).toMatchObject({ mime: 'image/png', width: 64, resourceType: 'custom' });
    const file = await app.server.inject({
      method: 'GET',
      url: `/configuration/staticResource/file?id=${resourceId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    const image = await loadImage(file.rawPayload);
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    // The half left transparent is still transparent.
    expect(canvas.getContext('2d').getImageData(60, 10, 1, 1).data[3]).toBe(0);

    const fake = new FormData();
    fake.append('file', new Blob(['<svg onload="alert(1)"/>'], { type: 'image/png' }), 'x.png');
    expect((await upload(fake)).statusCode).toBe(415);
    const huge = new FormData();
    huge.append('file', await png(5000, 4000), 'big.png');
    expect((await upload(huge)).statusCode).toBe(413);
    const listed = dataOf<{ total: number }>(await get('/configuration/staticResource'));
    expect(listed.total).toBe(1);
  });

  it('are saved as Konva JSON with bindings to devices of the operator’s area', async () => {
    const saved = dataOf<{ id: string; bindings: number; nodes: number; konva: { children: unknown[] } }>(
      await post('/configuration/save', {
        title: '朝阳区空气监测大屏',
        company: '朝阳区生态环境局',
        type: 'screen',
        konva: JSON.stringify(
          stage([
            valueNode(deviceId),
            {
              className: 'Image',
              attrs: { id: 'fan', x: 10, y: 10, width: 64, height: 32, resourceId, animation: 'rotate' },
            },
            {
              className: 'Line',
              attrs: { id: 'pipe', points: [0, 0, 200, 0], stroke: '#3af', strokeWidth: 8, animation: 'flow' },
            },
          ]),
        ),
        code: '',
      }),
    );
    configId = saved.id;
    expect(saved).toMatchObject({ bindings: 1, nodes: 3 });
    const types = dataOf<Array<{ type: string; count: number }>>(await get('/configuration/typeList'));
    expect(types.find((t) => t.type === 'screen')?.count).toBe(1);
    expect(dataOf(await get('/configuration/configList/companyList'))).toEqual([
      { company: '朝阳区生态环境局', count: 1 },
    ]);
    const sources = dataOf<Array<{ deviceId: string; factors: Array<{ code: string; name: string }> }>>(
      await get('/configuration/dataSourceList', { keyword: 'cfga' }),
    );
    expect(sources).toMatchObject([{ deviceId, factors: [{ code: 'a34004', name: 'PM2.5' }] }]);
  });

  it('refuse drawings that are not ours to make, and change nothing', async () => {
    const district = await districtOperator(app, admin, {
      username: 'dash.chaoyang',
      areaCode: '110105',
      orgName: '朝阳区大屏组',
      permissions: ['dashboard:view', 'dashboard:edit'],
    });
    const cases: Array<[unknown, number]> = [
      [{ title: '上海的设备', konva: stage([valueNode(shanghaiDevice)]) }, 400],
      [{ title: '坏图元', konva: stage([{ className: 'Script', attrs: { id: 'x' } }]) }, 400],
      [{ title: '坏 JSON', konva: '{"className":' }, 400],
      [{ title: '太大', konva: { ...stage([]), attrs: { width: 99_999, height: 100 } } }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await post('/configuration/save', body, district.token);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(res.json().msg).toMatch(/\p{Script=Han}/u);
    }
    const system = new FormData();
    system.append('resourceType', 'system');
    system.append('file', await png(8, 8), 'a.png');
    expect((await upload(system, district.token)).statusCode).toBe(403);
    expect(dataOf(await get('/configuration/canModifySystemResource', {}, district.token))).toEqual({
      canModify: false,
    });
    expect((await post('/configuration/update/status', { id: configId, status: 1 }, district.token)).statusCode).toBe(
      403,
    );
    // Nothing was written; and the admin's dashboard (the whole country's) is not the district's to see.
    expect(dataOf<{ total: number }>(await get('/configuration/configList')).total).toBe(1);
    expect(dataOf<{ total: number }>(await get('/configuration/configList', {}, district.token)).total).toBe(0);
    expect((await get('/configuration/detail', { id: configId }, district.token)).statusCode).toBe(404);
  });

  it('open by their token alone once published: drawing, pictures, values now and live; revoked on unpublishing', async () => {
    expect((await get('/configuration/getToken', { id: configId })).statusCode).toBe(409);
    const published = dataOf<{ status: number }>(
      await post('/configuration/update/status', { id: configId, status: '1' }),
    );
    expect(published.status).toBe(1);
    const { token, path } = dataOf<{ token: string; path: string }>(
      await get('/configuration/getToken', { id: configId }),
    );
    expect(path).toBe(`/platform/screen/${token}`);

    const anonymous = (url: string, query: Record<string, string>) => platformCall(app, { url, query });
    const opened = dataOf<{ list: Array<{ title: string; konva: { children: unknown[] } }> }>(
      await anonymous('/api/configuration/configList', { token }),
    );
    expect(opened.list[0]?.title).toBe('朝阳区空气监测大屏');
    const picture = await anonymous('/api/configuration/staticResource', { token, id: resourceId });
    expect(picture.headers['content-type']).toBe('image/png');
    expect((await anonymous('/api/configuration/staticResource', { token, id: '999' })).statusCode).toBe(404);

    expect((await push('CFGA0001', 1, 41.5)).statusCode).toBe(200);
    expect(dataOf(await anonymous('/api/configuration/dataSourceList', { token }))).toEqual([
      { deviceId, factor: 'a34004', value: 41.5, time: formatChinaDateTime(NOW - 3600 + 60) },
    ]);

    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.server.address() as AddressInfo;
    const screen = await openEventStream(port, `/api/configuration/stream?token=${token}`);
    expect(screen.status).toBe(200);
    expect((await push('CFGA0001', 2, 88.2)).statusCode).toBe(200);
    await until(() => screen.events('values').length === 1);
    expect(screen.events('values')).toEqual([
      [{ deviceId, factor: 'a34004', value: 88.2, time: formatChinaDateTime(NOW - 3600 + 120) }],
    ]);

    dataOf(await post('/configuration/update/status', { id: configId }));
    await until(() => screen.ended());
    expect(screen.events('revoked')).toHaveLength(1);
    const gone = await anonymous('/api/configuration/configList', { token });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(ErrorCode.NOT_FOUND);
    expect((await openEventStream(port, `/api/configuration/stream?token=${token}`)).status).toBe(404);
  });

  it('get a new token on reset; the old link stops working', async () => {
    dataOf(await post('/configuration/update/status', { id: configId, status: 1 }));
    const first = dataOf<{ token: string }>(await get('/configuration/getToken', { id: configId })).token;
    const second = dataOf<{ token: string }>(await post('/configuration/token/reset', { id: configId })).token;
    expect(second).not.toBe(first);
    expect(
      (await platformCall(app, { url: '/api/configuration/configList', query: { token: first } })).statusCode,
    ).toBe(404);
    expect(
      (await platformCall(app, { url: '/api/configuration/configList', query: { token: second } })).statusCode,
    ).toBe(200);
  });

  it('keep templates by type, without the drawing’s bindings', async () => {
    const type = dataOf<{ id: string }>(await post('/configuration/templateTypeList/save', { name: '空气监测' }));
    expect((await post('/configuration/templateTypeList/save', { name: '空气监测' })).statusCode).toBe(409);
    const template = dataOf<{
      id: string;
      konva: { children: Array<{ children: Array<{ attrs: Record<string, unknown> }> }> };
    }>(
      await post('/configuration/template/save', {
        typeId: type.id,
        name: '单值面板',
        konva: stage([valueNode(deviceId)]),
      }),
    );
    expect(template.konva.children[0]?.children[0]?.attrs.binding).toBeUndefined();
    const list = dataOf<Array<{ name: string; templates: Array<{ name: string }> }>>(
      await get('/configuration/templateTypeList'),
    );
    expect(list).toMatchObject([{ name: '空气监测', templates: [{ name: '单值面板' }] }]);
    expect((await post('/configuration/templateTypeList/delete', { id: type.id })).statusCode).toBe(409);
    dataOf(await post('/configuration/template/delete', { id: template.id }));
    dataOf(await post('/configuration/templateTypeList/delete', { id: type.id }));
  });
});
