import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@lantian/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { signedInject } from '../../../testing/signed';
import { weatherSources } from '.';
import { pollLiveSources } from './live-feeds';
import { readWeatherSourcesSettings } from './weather-sources.settings';

/** The data clock: 10 January 2024, 10:30 China time (02:30 UTC). */
const NOW = Date.parse('2024-01-10T10:30:00+08:00') / 1000;

let app: TestApp;
let upstream: Server;
let base = '';
let redPng: Buffer;

beforeAll(async () => {
  redPng = await sharp({ create: { width: 16, height: 12, channels: 4, background: '#ff0000' } })
    .png()
    .toBuffer();
  // A real HTTP server standing in for a traffic-map provider: Beijing answers an image, 上海 a 500.
  upstream = createServer((req, res) => {
    if ((req.url ?? '').startsWith('/traffic/110000')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(redPng);
    } else {
      res.writeHead(500);
      res.end('upstream down');
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  app = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => upstream.close(resolve));
});

const imports = () => app.use(weatherSources).imports;
const call = (url: string, params?: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'GET', url, ...(params ? { params } : {}) });

describe('city traffic images', () => {
  it('before any image: the image is 404 暂无…交通图像, the record and config say so in message', async () => {
    const image = await call('/api/getTrafficImage', { cityName: '北京' });
    expect(image.statusCode).toBe(404);
    expect(image.json().msg).toBe('暂无北京市的交通图像');
    const record = (await call('/api/getTrafficImageRecord', { cityName: '北京' })).json().data;
    expect(record).toEqual({ list: [], message: expect.stringContaining('暂无交通图像') });
    const config = (await call('/api/getTrafficImageConfig')).json().data;
    expect(config).toMatchObject({ cities: [], message: expect.stringContaining('TRAFFIC_IMAGE_URL') });
  });

  it('refuses a file not named TRAFFIC_<city>_<time>, a code that is not a city, and non-image bytes; stores nothing', async () => {
    const bytes = new Uint8Array(redPng);
    await expect(
      imports().imageFrames([{ name: 'beijing_20240110020000.png', bytes }], { kind: 'traffic' }),
    ).rejects.toMatchObject({
      code: ErrorCode.SOURCE_FILE_INVALID,
      msg: expect.stringContaining('TRAFFIC_<城市区划代码>'),
    });
    await expect(
      imports().imageFrames([{ name: 'TRAFFIC_110101_20240110020000.png', bytes }], { kind: 'traffic' }),
    ).rejects.toMatchObject({ msg: expect.stringContaining('110101 不是城市区划代码') });
    await expect(
      imports().imageFrames(
        [
          { name: 'TRAFFIC_110000_20240110020000.png', bytes },
          { name: 'TRAFFIC_310000_20240110020000.png', bytes: new TextEncoder().encode('<html>') },
        ],
        { kind: 'traffic' },
      ),
    ).rejects.toMatchObject({ msg: expect.stringContaining('不是可解码的') });
    expect((await call('/api/getTrafficImageConfig')).json().data.cities).toEqual([]);
  });

  it('imported images: the newest of the city is served, the record lists the 24 hours, the config the span', async () => {
    const blue = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#0000ff' } })
      .jpeg()
      .toBuffer();
    await imports().imageFrames(
      [
        // 09:00 and 10:00 China time (01:00 and 02:00 UTC); 广州 at 10:00.
        { name: 'TRAFFIC_110000_20240110010000.png', bytes: new Uint8Array(redPng) },
        { name: 'TRAFFIC_110000_20240110020000.jpg', bytes: new Uint8Array(blue) },
        { name: 'TRAFFIC_440100_20240110020000.png', bytes: new Uint8Array(redPng) },
      ],
      { kind: 'traffic' },
    );
    for (const cityName of ['北京', '北京市', '110000', 'beijing']) {
      const image = await call('/api/getTrafficImage', { cityName });
      expect(image.statusCode, cityName).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(image.rawPayload).metadata()).width).toBe(20);
    }
    const record = (await call('/api/getTrafficImageRecord', { cityName: '北京' })).json().data;
    expect(record.message).toBeNull();
    expect(record.list.map((f: { time: string; cityName: string }) => [f.time, f.cityName])).toEqual([
      ['2024-01-10 09:00:00', '北京市'],
      ['2024-01-10 10:00:00', '北京市'],
    ]);
    const frame = await app.server.inject({ method: 'GET', url: record.list[0].url });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('image/png');
    const all = (await call('/api/getTrafficImageRecord', { time: '2024-01-10 10:00:00' })).json().data.list;
    expect(all).toHaveLength(3);
    const before = (await call('/api/getTrafficImageRecord', { time: '2024-01-10 09:30:00' })).json().data.list;
    expect(before).toHaveLength(1);
    const config = (await call('/api/getTrafficImageConfig')).json().data;
    expect(config.cities).toEqual([
      {
        cityCode: '110000',
        cityName: '北京市',
        live: false,
        frames: 2,
        first: '2024-01-10 09:00:00',
        last: '2024-01-10 10:00:00',
      },
      {
        cityCode: '440100',
        cityName: '广州市',
        live: false,
        frames: 1,
        first: '2024-01-10 10:00:00',
        last: '2024-01-10 10:00:00',
      },
    ]);
  });

  it('an unknown city is 404 未找到该城市, an empty name 400; radar calls do not serve traffic images', async () => {
    const unknown = await call('/api/getTrafficImage', { cityName: '不存在市' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: ErrorCode.CITY_NOT_FOUND, msg: '未找到该城市' });
    expect((await call('/api/getTrafficImage', { cityName: ' ' })).statusCode).toBe(400);
    const viaRadar = await call('/api/common/getNmcImageData', { url: 'TRAFFIC_110000_20240110010000.png' });
    expect(viaRadar.statusCode).toBe(404);
  });

  it('live fetching: each configured city on its own (one failing costs the others nothing), named by its 5-minute slot', async () => {
    const settings = readWeatherSourcesSettings({
      TRAFFIC_IMAGE_URL: `${base}/traffic/{city}.png?name={cityName}`,
      TRAFFIC_IMAGE_CITIES: '110000,310000',
    });
    const report = await pollLiveSources(settings, imports(), Date.parse('2024-01-10T02:27:00Z') / 1000);
    expect(report.traffic).toMatch(/^1 个城市；失败 310000：.*500/);
    const record = (await call('/api/getTrafficImageRecord', { cityName: '北京', time: '2024-01-10 10:30:00' })).json()
      .data.list;
    expect(record.at(-1)).toMatchObject({ name: 'TRAFFIC_110000_20240110022500.png', time: '2024-01-10 10:25:00' });
  });

  it('TRAFFIC_IMAGE_CITIES must name cities', () => {
    expect(() => readWeatherSourcesSettings({ TRAFFIC_IMAGE_CITIES: '110000,110101' })).toThrow(/110101/);
  });
});
