import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, type ImageFrame, signParams } from '@lantian/contracts';
import { aqiLevel, chinaTime, LEVELS, realtimeAqi } from '@lantian/domain';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { newStation, seedStationHours, stationHour } from '../../../testing/fixtures/air-rows';
import { signedInject } from '../../../testing/signed';
import { notifyHourIngested, type StationHourInput } from '../../data/air';
import { AreaShapes, defaultMapDir, MapFiles } from '../../data/maps';
import { frameLayout } from './frame-layout';

const require = createRequire(import.meta.url);
const ffprobe = (require('@ffprobe-installer/ffprobe') as { path: string }).path;

const T = chinaTime(2024, 5, 10, 12);
const H = 3600;
let app: TestApp;

/** Three stations at the centres of three cities of 江苏, far apart, at three different levels. */
const STATIONS = [
  { code: 'NJ1', city: '320100', lon: 118.78, lat: 32.06, pm2_5: 20 },
  { code: 'SZ1', city: '320500', lon: 120.62, lat: 31.3, pm2_5: 100 },
  { code: 'XZ1', city: '320300', lon: 117.28, lat: 34.2, pm2_5: 200 },
];

beforeAll(async () => {
  app = await createTestApp({ now: () => T + 600 });
  const hours: StationHourInput[] = [];
  // T and T - 3 h have data; the hours between have none. T - 3 h is demo data.
  for (const s of STATIONS) {
    hours.push(stationHour(s.code, T, { pm2_5: s.pm2_5, pm10: s.pm2_5 * 1.4, no2: 30 }));
    hours.push(stationHour(s.code, T - 3 * H, { pm2_5: s.pm2_5 }, 'demo'));
  }
  await seedStationHours(
    app.database,
    STATIONS.map((s) => newStation(s.code, s.city, { longitude: s.lon, latitude: s.lat })),
    hours,
  );
});
afterAll(async () => {
  await app.close();
});

const list = (params: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'GET', url: '/api/common/getRgbaImageNameList', params });
const get = (url: string, headers: Record<string, string> = {}) => app.server.inject({ method: 'GET', url, headers });

async function pixels(png: Buffer) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, image.width, image.height).data;
  return {
    width: image.width,
    height: image.height,
    at(x: number, y: number) {
      const o = (Math.round(y) * image.width + Math.round(x)) * 4;
      return [data[o], data[o + 1], data[o + 2], data[o + 3]];
    },
  };
}

const rgbaOf = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
};

describe('getRgbaImageNameList', () => {
  it('lists the frames of the hours that have data, oldest first, with names, times and URLs', async () => {
    const res = await list({ type: 'aqi', code: '320000', time: '2024-05-10 12:00:00', mode: '24h' });
    expect(res.statusCode, res.body).toBe(200);
    const frames = res.json().data as ImageFrame[];
    expect(frames).toEqual([
      {
        name: 'aqi_320000_2024051009.png',
        time: '2024-05-10 09:00:00',
        url: '/api/common/rgbaImage/aqi_320000_2024051009.png',
        stations: 3,
        demo: true,
      },
      {
        name: 'aqi_320000_2024051012.png',
        time: '2024-05-10 12:00:00',
        url: '/api/common/rgbaImage/aqi_320000_2024051012.png',
        stations: 3,
        demo: false,
      },
    ]);
    // The span ends at `time`: two hours before T only the demo hour is in the last 24 h.
    const earlier = await list({ type: 'pm2_5', code: '100000', time: '2024-05-10 10:30:00' });
    expect((earlier.json().data as ImageFrame[]).map((f) => f.name)).toEqual(['pm2_5_100000_2024051009.png']);
  });

  it('refuses bad parameters with 400 naming the field, and unknown areas with 404', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ type: 'pm1', code: '320000', time: '2024-05-10 12:00:00' }, 400, 'type'],
      [{ type: 'aqi', code: '32', time: '2024-05-10 12:00:00' }, 400, 'code'],
      [{ type: 'aqi', code: '320000', time: 'yesterday' }, 400, 'time'],
      [{ type: 'aqi', code: '320000', time: '2024-05-10 12:00:00', mode: '1y' }, 400, 'mode'],
      [{ type: 'aqi', code: '320102', time: '2024-05-10 12:00:00' }, 400, '地市级'],
      [{ type: 'aqi', code: '990000', time: '2024-05-10 12:00:00' }, 404, '未找到'],
    ];
    for (const [params, status, text] of cases) {
      const res = await list(params);
      expect(res.statusCode, JSON.stringify(params)).toBe(status);
      expect(res.json().msg).toContain(text);
    }
    expect(
      (await get('/api/common/getRgbaImageNameList?type=aqi&code=320000&time=2024-05-10%2012:00:00')).statusCode,
    ).toBe(401);
  });
});

describe('a frame', () => {
  it('is a PNG whose pixel at each station has its level colour, transparent outside the outline', async () => {
    const res = await get('/api/common/rgbaImage/aqi_320000_2024051012.png');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('public');
    expect(res.headers['x-frame-cache']).toBe('miss');
    const shape = await new AreaShapes(new MapFiles(defaultMapDir())).shapeOf('320000');
    const layout = frameLayout(shape.level, shape.outline);
    const png = await pixels(res.rawPayload);
    expect([png.width, png.height]).toEqual([layout.width, layout.height]);
    for (const s of STATIONS) {
      const aqi = realtimeAqi({ pm2_5: s.pm2_5, pm10: s.pm2_5 * 1.4, no2: 30 }).aqi;
      const expected = rgbaOf(LEVELS[aqiLevel(aqi)].color);
      expect(png.at(layout.main.x(s.lon), layout.main.y(s.lat)), s.code).toEqual(expected);
    }
    // The three are at three different levels: the colours are not one flat fill.
    expect(new Set(STATIONS.map((s) => png.at(layout.main.x(s.lon), layout.main.y(s.lat)).join()))).toHaveProperty(
      'size',
      3,
    );
    // 合肥 (安徽) lies in the frame's box but outside 江苏: transparent.
    expect(png.at(layout.main.x(117.0), layout.main.y(31.4))[3]).toBe(0);
  });

  it('kriged (…_kriging.png): listed with method=kriging, and the stations keep their level colours', async () => {
    const listed = await list({ type: 'aqi', code: '320000', time: '2024-05-10 12:00:00', method: 'kriging' });
    expect((listed.json().data as ImageFrame[]).map((f) => f.url)).toEqual([
      '/api/common/rgbaImage/aqi_320000_2024051009_kriging.png',
      '/api/common/rgbaImage/aqi_320000_2024051012_kriging.png',
    ]);
    const res = await get('/api/common/rgbaImage/aqi_320000_2024051012_kriging.png');
    expect(res.statusCode).toBe(200);
    const idw = await get('/api/common/rgbaImage/aqi_320000_2024051012.png');
    expect(res.rawPayload.equals(idw.rawPayload)).toBe(false);
    const shape = await new AreaShapes(new MapFiles(defaultMapDir())).shapeOf('320000');
    const layout = frameLayout(shape.level, shape.outline);
    const png = await pixels(res.rawPayload);
    for (const s of STATIONS) {
      const aqi = realtimeAqi({ pm2_5: s.pm2_5, pm10: s.pm2_5 * 1.4, no2: 30 }).aqi;
      expect(png.at(layout.main.x(s.lon), layout.main.y(s.lat)), s.code).toEqual(rgbaOf(LEVELS[aqiLevel(aqi)].color));
    }
    expect(png.at(layout.main.x(117.0), layout.main.y(31.4))[3]).toBe(0);
    expect(
      (await list({ type: 'aqi', code: '320000', time: '2024-05-10 12:00:00', method: 'spline' })).statusCode,
    ).toBe(400);
  });

  it('colours a pollutant by its own breakpoints (PM2.5 20 μg/m³ is 优, 100 is 轻度污染)', async () => {
    const res = await get('/api/common/rgbaImage/pm2_5_320000_2024051012.png');
    const shape = await new AreaShapes(new MapFiles(defaultMapDir())).shapeOf('320000');
    const layout = frameLayout(shape.level, shape.outline);
    const png = await pixels(res.rawPayload);
    expect(png.at(layout.main.x(118.78), layout.main.y(32.06))).toEqual(rgbaOf(LEVELS[1].color));
    expect(png.at(layout.main.x(120.62), layout.main.y(31.3))).toEqual(rgbaOf(LEVELS[3].color));
  });

  it('comes from the cache the second time (the same bytes), until a new hour is stored', async () => {
    const url = '/api/common/rgbaImage/aqi_100000_2024051012.png';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const second = await get(url);
    expect(second.headers['x-frame-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const drawMs = Number(/dur=([\d.]+)/.exec(String(first.headers['server-timing']))?.[1]);
    const cachedMs = Number(/dur=([\d.]+)/.exec(String(second.headers['server-timing']))?.[1]);
    expect(cachedMs).toBeLessThan(drawMs);
    const etag = String(second.headers.etag);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    await notifyHourIngested(app.state, T);
    await new Promise((r) => setTimeout(r, 20));
    expect((await get(url)).headers['x-frame-cache']).toBe('miss');
  });

  it('labels a demo hour 【演示】 in red in the title band, and a real hour not', async () => {
    const redInTitle = async (url: string) => {
      const png = await pixels((await get(url)).rawPayload);
      let red = 0;
      for (let y = 0; y < 64; y++)
        for (let x = 0; x < png.width; x++) {
          const [r = 0, g = 0, b = 0, a = 0] = png.at(x, y);
          if (a > 200 && r > 190 && g < 90 && b < 90) red++;
        }
      return red;
    };
    expect(await redInTitle('/api/common/rgbaImage/aqi_320000_2024051009.png')).toBeGreaterThan(50);
    expect(await redInTitle('/api/common/rgbaImage/aqi_320000_2024051012.png')).toBe(0);
  });

  it('answers 400 for a malformed name and 404 for an hour or an area without data', async () => {
    const cases: [string, number][] = [
      ['aqi_320000_20240510.png', 400],
      ['pm1_320000_2024051012.png', 400],
      ['aqi_320000_2024023012.png', 400],
      ['aqi_320000_2024051012.jpg', 400],
      ['..%2F..%2Fetc%2Fpasswd', 400],
      ['aqi_320000_2024051011.png', 404],
      ['aqi_320000_2030010112.png', 404],
      ['aqi_990000_2024051012.png', 404],
      ['aqi_320102_2024051012.png', 400],
      ['aqi_320000_2024051012_spline.png', 400],
    ];
    for (const [name, status] of cases) {
      const res = await get(`/api/common/rgbaImage/${name}`);
      expect(res.statusCode, name).toBe(status);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });
});

interface FormFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart body as a browser's FormData sends it: `files` in order, then `key`. */
async function videoForm(files: readonly FormFile[], fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files)
    form.append('files', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/png' }), f.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? '',
  };
}

async function createVideo(files: readonly FormFile[], fields = { key: '江苏AQI' }) {
  const form = await videoForm(files, fields);
  return app.server.inject({
    method: 'POST',
    url: '/api/createVideo',
    payload: form.payload,
    headers: { ...(await signParams({}, app.config.publicApiKey)), 'content-type': form.contentType },
  });
}

function probe(mp4: Buffer): { codec: string; frames: number; width: number; height: number } {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'lt-video-')), 'v.mp4');
  writeFileSync(file, mp4);
  const out = JSON.parse(
    execFileSync(ffprobe, [
      '-v',
      'error',
      '-count_frames',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name,nb_read_frames,width,height',
      '-of',
      'json',
      file,
    ]).toString(),
  ) as { streams: Array<{ codec_name: string; nb_read_frames: string; width: number; height: number }> };
  const s = out.streams[0];
  return {
    codec: s?.codec_name ?? '',
    frames: Number(s?.nb_read_frames),
    width: s?.width ?? 0,
    height: s?.height ?? 0,
  };
}

function solidPng(width: number, height: number, color: string): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}

describe('POST /api/createVideo', () => {
  it('makes an H.264 MP4 with one video frame per uploaded frame, at the first frame’s size', async () => {
    const a = (await get('/api/common/rgbaImage/aqi_320000_2024051012.png')).rawPayload;
    const b = (await get('/api/common/rgbaImage/aqi_320000_2024051009.png')).rawPayload;
    const jpeg = createCanvas(400, 300).toBuffer('image/jpeg');
    const files: FormFile[] = [a, b, a, b, solidPng(200, 500, '#3366ff')].map((bytes, i) => ({
      name: `f${i}.png`,
      bytes,
    }));
    files.push({ name: 'last.jpg', bytes: jpeg, type: 'image/jpeg' });
    const res = await createVideo(files);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(String(res.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('江苏AQI.mp4')}`,
    );
    const info = probe(res.rawPayload);
    expect(info.codec).toBe('h264');
    expect(info.frames).toBe(6);
    const first = await pixels(a);
    expect([info.width, info.height]).toEqual([first.width, first.height + (first.height % 2)]);
  }, 60_000);

  it('refuses a text file named .png with 415 naming the frame, and makes nothing', async () => {
    const before = readdirSync(os.tmpdir()).length;
    const png = solidPng(64, 64, '#00e400');
    const res = await createVideo([
      { name: 'a.png', bytes: png },
      { name: 'notes.png', bytes: Buffer.from('这不是图片，只是一段文字\n'.repeat(20)) },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      msg: expect.stringContaining('第 2 帧'),
    });
    expect(res.headers['content-type']).toContain('application/json');
    expect(readdirSync(os.tmpdir()).length).toBe(before);
  });

  it('refuses a truncated PNG (right signature, broken body) with 400', async () => {
    const png = solidPng(300, 300, '#ff7e00');
    const res = await createVideo([{ name: 'cut.png', bytes: png.subarray(0, Math.floor(png.length / 2)) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('第 1 帧');
  });

  it('refuses too many frames, too large a frame, no frame and no key', async () => {
    const tiny = solidPng(8, 8, '#ffff00');
    const many = await createVideo(Array.from({ length: 241 }, (_, i) => ({ name: `${i}.png`, bytes: tiny })));
    expect(many.statusCode).toBe(413);
    expect(many.json().msg).toContain('240');
    const big = Buffer.concat([tiny, Buffer.alloc(4 * 1024 * 1024 + 10)]);
    const large = await createVideo([{ name: 'big.png', bytes: big }]);
    expect(large.statusCode).toBe(413);
    const none = await createVideo([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toContain('files');
    const noKey = await createVideo([{ name: 'a.png', bytes: tiny }], { key: '' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().msg).toContain('key');
  });

  it('refuses an upload declared larger than the total limit before reading it, and an unsigned one', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/createVideo',
      payload: 'x',
      headers: {
        ...(await signParams({}, app.config.publicApiKey)),
        'content-type': 'multipart/form-data; boundary=abc',
        'content-length': String(200 * 1024 * 1024),
      },
    });
    expect(res.statusCode).toBe(413);
    const form = await videoForm([{ name: 'a.png', bytes: solidPng(8, 8, '#fff') }], { key: 'x' });
    const unsigned = await app.server.inject({
      method: 'POST',
      url: '/api/createVideo',
      payload: form.payload,
      headers: { 'content-type': form.contentType },
    });
    expect(unsigned.statusCode).toBe(401);
  });
});
