import { ErrorCode } from '@lantian/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIONWIDE } from '../../../platform/db/area-scope';
import type { TestApp } from '../../../testing/app';
import {
  adminToken,
  createPlatformApp,
  type DistrictOperator,
  dataOf,
  districtOperator,
  platformCall,
} from '../../../testing/platform';
import { SYSTEM_ACTOR } from '../audit';
import { devices } from '../devices';
import { OnvifSimulator } from './simulator/onvif-simulator';
import { freePort, TestCamera, testCameraUnavailable } from './simulator/test-camera';

/**
 * The /lookout calls over two districts: 朝阳 (110105) has a PTZ dome camera with two channels whose
 * RTSP side is the GStreamer test camera and whose ONVIF side is the simulator; 海淀 (110108) a fixed
 * camera. 朝阳's operator may watch and steer, 海淀's may only watch.
 */

interface Stream {
  state: string;
  reason: string | null;
  url: string | null;
}
interface Camera {
  deviceCode: string;
  siteCode: string;
  configured: boolean;
  onvif: boolean;
  channels: { channelid: number; name: string; ptz: boolean; stream: Stream }[];
}

const missing = testCameraUnavailable();
let app: TestApp;
let admin: string;
let chaoyang: DistrictOperator;
let haidian: DistrictOperator;
let rtsp: TestCamera;
const onvif = new OnvifSimulator({ username: 'admin', password: 'Cam#2026', streams: ['rtsp://x/1', 'rtsp://x/2'] });

const call = (token: string, url: string, query?: Record<string, string>) =>
  platformCall(app, { url, token, ...(query ? { query } : {}) });
const codeOf = (response: { json: () => unknown }) => (response.json() as { code: number }).code;

beforeAll(async () => {
  app = await createPlatformApp({ VIDEO_IDLE_SECONDS: '30', VIDEO_CONNECT_SECONDS: '5' });
  admin = await adminToken(app);
  chaoyang = await districtOperator(app, admin, {
    username: 'chaoyang',
    areaCode: '110105',
    orgName: '朝阳区生态环境局',
    permissions: ['video:view', 'video:control'],
  });
  haidian = await districtOperator(app, admin, {
    username: 'haidian',
    areaCode: '110108',
    orgName: '海淀区生态环境局',
    permissions: ['video:view'],
  });
  const { registry } = app.use(devices);
  const editor = { actor: SYSTEM_ACTOR, ip: null, scope: NATIONWIDE };
  const site = async (siteCode: string, areaCode: string) =>
    (
      await registry.createSite(
        { siteCode, name: `${siteCode}站`, areaCode, lon: 116.4, lat: 39.9, address: '' },
        editor,
      )
    ).siteId;
  const device = async (mn: string, type: string, siteId: string) =>
    registry.create(
      {
        mn,
        name: `${mn}设备`,
        type,
        siteId,
        password: 'pw123456',
        installDate: null,
        status: 'active',
        factors: [],
        config: { intervalSeconds: null, noiseZone: null },
      },
      editor,
    );
  const cy = await site('CY-V1', '110105');
  const hd = await site('HD-V1', '110108');
  await device('CAMCY0001', 'C01', cy);
  await device('CAMHD0001', 'C01', hd);
  await device('SMOKE0001', 'S01', cy);
  rtsp = new TestCamera(await freePort(), ['/cy/ch1', '/cy/ch2', '/hd/ch1'], 'API TEST');
  if (missing === undefined) await rtsp.start();
  const onvifUrl = await onvif.start();
  const [cy1, cy2, hd1] = rtsp.urls();
  dataOf(
    await platformCall(app, {
      url: '/lookout/camera/save',
      token: admin,
      body: {
        deviceCode: 'CAMCY0001',
        channels: [
          { channelid: 1, name: '球机', ptz: true, rtspUrl: cy1?.replace('rtsp://', 'rtsp://viewer:S3cret@') },
          { channelid: 2, name: '全景', ptz: false, rtspUrl: cy2 },
        ],
        onvifUrl,
        onvifUser: 'admin',
        onvifPassword: 'Cam#2026',
      },
    }),
  );
  dataOf(
    await platformCall(app, {
      url: '/lookout/camera/save',
      token: admin,
      body: { deviceCode: 'CAMHD0001', channels: [{ channelid: 1, name: '路口', rtspUrl: hd1 }] },
    }),
  );
}, 60_000);

afterAll(async () => {
  await app?.close();
  await rtsp?.stop();
  await onvif.stop();
});

describe('cameras and channels', () => {
  it('lists the cameras of the operator’s area only, with channels and never a credential', async () => {
    const cy = dataOf<{ list: Camera[]; total: number }>(await call(chaoyang.token, '/lookout/vochannelListAndStream'));
    expect(cy.total).toBe(1);
    expect(cy.list[0]?.deviceCode).toBe('CAMCY0001');
    expect(cy.list[0]?.channels.map((c) => [c.channelid, c.name, c.ptz, c.stream.state])).toEqual([
      [1, '球机', true, 'idle'],
      [2, '全景', false, 'idle'],
    ]);
    const all = await call(admin, '/lookout/vochannelListAndStream', { pageSize: '1', pageNum: '2' });
    expect(dataOf<{ total: number; list: Camera[] }>(all).list.map((c) => c.deviceCode)).toEqual(['CAMHD0001']);
    expect(all.body).not.toMatch(/rtsp:|S3cret|Cam#2026/);
    const channels = await call(chaoyang.token, '/lookout/getDeviceChannels', { deviceCode: 'CAMCY0001' });
    expect(dataOf<Camera>(channels).onvif).toBe(true);
    expect(channels.body).not.toMatch(/rtsp:|S3cret|Cam#2026/);
  });

  it('answers 404 for a camera outside the area, and for a device that is not a camera', async () => {
    const outside = await call(chaoyang.token, '/lookout/getDeviceChannels', { deviceCode: 'CAMHD0001' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ msg: '未找到该摄像机' });
    expect((await call(admin, '/lookout/getDeviceChannels', { deviceCode: 'SMOKE0001' })).statusCode).toBe(404);
    expect((await call(haidian.token, '/lookout/play/vostart', { siteCode: 'CY-V1' })).statusCode).toBe(404);
  });

  it('refuses junk with a Chinese message and a stable code', async () => {
    const bad = await call(chaoyang.token, '/lookout/voptz', {
      deviceCode: 'CAMCY0001',
      channelid: '1',
      command: 'spin',
    });
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBe(ErrorCode.VALIDATION);
    expect((bad.json() as { msg: string }).msg).toContain('command');
    const site = await call(chaoyang.token, '/lookout/play/vostart', { siteCode: 'CY-V1', siteType: '9' });
    expect(site.statusCode).toBe(400);
    const save = await platformCall(app, {
      url: '/lookout/camera/save',
      token: admin,
      body: { deviceCode: 'CAMHD0001', channels: [{ channelid: 1, name: 'x', rtspUrl: 'http://not-rtsp' }] },
    });
    expect(save.statusCode).toBe(400);
  });

  it('keeps a stored RTSP address when a save leaves it out, and audits the save without secrets', async () => {
    dataOf(
      await platformCall(app, {
        url: '/lookout/camera/save',
        token: chaoyang.token,
        body: {
          deviceCode: 'CAMCY0001',
          channels: [
            { channelid: 1, name: '高空球机', ptz: true },
            { channelid: 2, name: '全景' },
          ],
        },
      }),
    );
    const camera = dataOf<Camera>(
      await call(chaoyang.token, '/lookout/getDeviceChannels', { deviceCode: 'CAMCY0001' }),
    );
    expect(camera.channels[0]?.name).toBe('高空球机');
    expect(camera.onvif).toBe(true);
    const { rows } = await sql<{ before_json: string | null; after_json: string | null }>`
      select before_json, after_json from audit_log where action = 'video_camera.save'`.execute(app.database.db);
    expect(rows.length).toBe(3);
    expect(JSON.stringify(rows)).not.toMatch(/rtsp:|S3cret|Cam#2026/);
  });
});

describe('PTZ', () => {
  it('sends ContinuousMove and Stop to the camera: its position changes, and the commands are audited', async () => {
    const moved = await call(chaoyang.token, '/lookout/voptz', {
      deviceCode: 'CAMCY0001',
      channelid: '1',
      command: 'left',
    });
    expect(dataOf<{ velocity: { x: number } }>(moved).velocity.x).toBe(-0.5);
    await new Promise((r) => setTimeout(r, 300));
    const stopped = dataOf<{ position: { x: number } }>(
      await call(chaoyang.token, '/lookout/voptz', { deviceCode: 'CAMCY0001', channelid: '1', command: 'stop' }),
    );
    expect(onvif.position(1).x).toBeLessThan(-0.03);
    expect(stopped.position.x).toBeCloseTo(onvif.position(1).x, 3);
    expect(onvif.moves.map((m) => m.kind)).toEqual(['ContinuousMove', 'Stop']);
    const { rows } = await sql<{ n: number }>`select count(*) as n from audit_log where action = 'video.ptz'`.execute(
      app.database.db,
    );
    expect(Number(rows[0]?.n)).toBe(2);
  });

  it('needs video:control, a PTZ channel, and a reachable camera', async () => {
    const watcher = await call(haidian.token, '/lookout/voptz', {
      deviceCode: 'CAMHD0001',
      channelid: '1',
      command: 'up',
    });
    expect(watcher.statusCode).toBe(403);
    const fixed = await call(chaoyang.token, '/lookout/voptz', {
      deviceCode: 'CAMCY0001',
      channelid: '2',
      command: 'up',
    });
    expect(fixed.statusCode).toBe(409);
    expect((fixed.json() as { msg: string }).msg).toContain('不支持云台');
    await onvif.stop();
    const gone = await call(chaoyang.token, '/lookout/voptz', {
      deviceCode: 'CAMCY0001',
      channelid: '1',
      command: 'up',
    });
    expect(gone.statusCode).toBe(503);
    expect(codeOf(gone)).toBe(ErrorCode.CAMERA_UNREACHABLE);
  });
});

describe.skipIf(missing !== undefined)('live streams (real ffmpeg relay, real RTSP camera)', () => {
  it('starts a channel, serves its HLS to the area’s operators only, and plays a whole site', async () => {
    let stream = dataOf<Stream>(
      await call(chaoyang.token, '/lookout/stream/startVo', { deviceCode: 'CAMCY0001', channelid: '2' }),
    );
    expect(['connecting', 'live']).toContain(stream.state);
    const end = Date.now() + 20_000;
    while (stream.state !== 'live' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 300));
      stream = dataOf<Stream>(
        await call(chaoyang.token, '/lookout/stream/startVo', { deviceCode: 'CAMCY0001', channelid: '2' }),
      );
    }
    expect(stream.state).toBe('live');
    const playlist = await call(chaoyang.token, stream.url as string);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('mpegurl');
    const segment = playlist.body.split('\n').find((l) => l.endsWith('.ts')) as string;
    const ts = await call(chaoyang.token, (stream.url as string).replace('index.m3u8', segment));
    expect(ts.statusCode).toBe(200);
    expect(ts.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    expect((await call(haidian.token, stream.url as string)).statusCode).toBe(404);
    expect((await platformCall(app, { url: stream.url as string })).statusCode).toBe(401);

    const site = dataOf<Camera[]>(await call(haidian.token, '/lookout/play/vostart', { siteCode: 'HD-V1' }));
    expect(site.map((c) => c.deviceCode)).toEqual(['CAMHD0001']);
    expect(['connecting', 'live']).toContain(site[0]?.channels[0]?.stream.state);
  }, 30_000);
});
