import { ErrorCode } from '@lantian/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { METAR_FIXTURE_TIME, weatherSourceFixture } from '../../../testing/fixtures/weather-sources';
import { signedInject } from '../../../testing/signed';
import { weatherSources } from '.';

/** The data clock sits on 28 July 2023, 12:00 China time: the rainstorm warning of the fixture is in force. */
const NOW = Date.parse('2023-07-28T12:00:00+08:00') / 1000;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await app.close();
});

const imports = () => app.use(weatherSources).imports;
const call = (url: string, params?: Record<string, string>) =>
  signedInject(app.server, app.config, { method: 'GET', url, ...(params ? { params } : {}) });

async function png(width: number, height: number, rgb: [number, number, number]): Promise<Uint8Array> {
  const [r, g, b] = rgb;
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 4, background: { r, g, b, alpha: 1 } } })
      .png()
      .toBuffer(),
  );
}

const radarName = (stamp: string) => `SEVP_AOC_RDCP_SLDAS_EBREF_ACHN_L88_PI_${stamp}00000.PNG`;

describe('before anything is imported', () => {
  it('every call answers an empty result with a Chinese "no data yet" message, not an error', async () => {
    const typhoon = await call('/api/common/getTyphoonData', { year: '2023' });
    expect(typhoon.statusCode).toBe(200);
    expect(typhoon.json().data).toMatchObject({ features: [], message: expect.stringContaining('暂无 2023 年') });
    const warnings = await call('/api/common/getDisasterInfo', { type: 'all' });
    expect(warnings.json().data).toEqual({ list: [], message: expect.stringContaining('暂无预警数据') });
    const live = await call('/api/common/getWeatherStationLivedata');
    expect(live.json().data.message).toContain('暂无气象站实况');
    const radar = await call('/api/common/getNmcRadarConfig');
    expect(radar.json().data).toMatchObject({ products: [], message: expect.stringContaining('暂无雷达') });
    expect(radar.json().data.legend[0]).toEqual({ from: 5, color: '#00acf4' });
    expect((await call('/api/common/getNowcastingData')).json().data.frames).toEqual([]);
  });
});

describe('typhoon best tracks', () => {
  it('a corrupted file is refused naming its line, and stores nothing', async () => {
    const bad = weatherSourceFixture('typhoon-2305-doksuri.txt').replace(
      '2023072300 4 144 1289 970',
      '2023072300 4 14X 1289 970',
    );
    await expect(imports().typhoonFile(bad)).rejects.toMatchObject({
      code: ErrorCode.SOURCE_FILE_INVALID,
      msg: expect.stringMatching(/第 11 行 路径记录/),
    });
    expect((await call('/api/common/getTyphoonData', { year: '2023' })).json().data.features).toEqual([]);
  });

  it('imports the real-format file and answers the track and its points by Chinese name, English name or number', async () => {
    expect(await imports().typhoonFile(weatherSourceFixture('typhoon-2305-doksuri.txt'))).toEqual({
      typhoons: 1,
      points: 29,
      names: ['DOKSURI'],
    });
    const list = (await call('/api/common/getTyphoonData', { year: '2023' })).json().data;
    expect(list.message).toBeNull();
    expect(list.features).toHaveLength(1);
    expect(list.features[0].properties).toMatchObject({
      nameCn: '杜苏芮',
      maxCategoryName: '超强台风',
      minPressure: 915,
      points: 29,
    });
    for (const name of ['杜苏芮', 'doksuri', '2305']) {
      const res = await call('/api/common/getTyphoonData', { year: '2023', name });
      const data = res.json().data;
      expect(data.features.filter((f: { properties: { kind: string } }) => f.properties.kind === 'point')).toHaveLength(
        29,
      );
    }
    const one = (await call('/api/common/getTyphoonData', { year: '2023', name: '杜苏芮' })).json().data;
    expect(one.features[0].geometry.coordinates[0]).toEqual([135.4, 11.7]);
    expect(one.features[1].properties).toEqual({
      kind: 'point',
      time: '2023-07-21 02:00:00',
      category: 1,
      categoryCode: 'TD',
      categoryName: '热带低压',
      pressure: 1004,
      wind: 15,
    });
    // Imported again: replaced, not doubled.
    await imports().typhoonFile(weatherSourceFixture('typhoon-2305-doksuri.txt'));
    expect((await call('/api/common/getTyphoonData', { year: '2023' })).json().data.features).toHaveLength(1);
  });

  it('an unknown name is 404, a bad year 400', async () => {
    const missing = await call('/api/common/getTyphoonData', { year: '2023', name: '不存在' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toContain('没有名为');
    const bad = await call('/api/common/getTyphoonData', { year: '23' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('year');
  });
});

describe('early warnings (CAP 1.2)', () => {
  const docs = (...names: string[]) => names.map((name) => ({ name, xml: weatherSourceFixture(name) }));

  it('a corrupted message refuses the whole batch, naming the element or line', async () => {
    const broken = weatherSourceFixture('cap-rainstorm-yellow.xml').replace('</headline>', '</headlin>');
    await expect(
      imports().warningMessages([...docs('cap-heat-orange.xml'), { name: 'bad.xml', xml: broken }]),
    ).rejects.toMatchObject({ code: ErrorCode.SOURCE_FILE_INVALID, msg: expect.stringContaining('XML 第') });
    const noCode = weatherSourceFixture('cap-heat-orange.xml').replace('<value>11B09</value>', '<value>x</value>');
    await expect(imports().warningMessages([{ name: 'x.xml', xml: noCode }])).rejects.toMatchObject({
      msg: expect.stringContaining('eventCode'),
    });
    const badStatus = weatherSourceFixture('cap-heat-orange.xml').replace(
      '<status>Actual</status>',
      '<status>Real</status>',
    );
    await expect(imports().warningMessages([{ name: 'y.xml', xml: badStatus }])).rejects.toMatchObject({
      msg: expect.stringContaining('status'),
    });
    const cap11 = weatherSourceFixture('cap-heat-orange.xml').replace('cap:1.2', 'cap:1.1');
    await expect(imports().warningMessages([{ name: 'z.xml', xml: cap11 }])).rejects.toMatchObject({
      msg: expect.stringContaining('命名空间'),
    });
    const entity = `<?xml version="1.0"?><!DOCTYPE alert [<!ENTITY x "y">]>${weatherSourceFixture('cap-heat-orange.xml').replace(/<\?xml[^>]*\?>/, '')}`;
    await expect(imports().warningMessages([{ name: 'e.xml', xml: entity }])).rejects.toMatchObject({
      msg: expect.stringContaining('DOCTYPE'),
    });
    expect((await call('/api/common/getDisasterInfo', { type: 'all' })).json().data.list).toEqual([]);
  });

  it('answers the warnings in force with type and level colour; a Cancel ends one', async () => {
    expect(await imports().warningMessages(docs('cap-rainstorm-yellow.xml'))).toEqual({ alerts: 1, cancels: 0 });
    const rain = (await call('/api/common/getDisasterInfo', { type: 'rainstorm' })).json().data;
    expect(rain.list).toHaveLength(1);
    expect(rain.list[0]).toMatchObject({
      type: '11B03',
      typeName: '暴雨',
      level: 'yellow',
      levelName: '黄色',
      color: '#f5c400',
      areaCode: '440500',
      effective: '2023-07-28 09:05:00',
      expires: '2023-07-29 09:05:00',
    });
    const heat = (await call('/api/common/getDisasterInfo', { type: 'heat' })).json().data;
    expect(heat).toEqual({ list: [], message: '当前没有生效中的预警' });
    // The heat warning of 10 July was in force then, and its Cancel ends it.
    await imports().warningMessages(docs('cap-heat-orange.xml', 'cap-cancel.xml'));
    const rows = await app.database.db.selectFrom('weather_warnings').select(['id', 'cancelled_at']).execute();
    expect(rows.find((r) => r.id.startsWith('1100'))?.cancelled_at).toBe(
      Date.parse('2023-07-11T08:00:00+08:00') / 1000,
    );
  });

  it('refuses an unknown type with 400 listing the types', async () => {
    const res = await call('/api/common/getDisasterInfo', { type: 'volcano' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('rainstorm');
  });
});

describe('METAR observations', () => {
  it('a corrupted bulletin is refused naming the line, and stores nothing', async () => {
    const bad = weatherSourceFixture('metar-china-2018-12-14T13Z.txt').replace(
      'METAR ZSSS 141300Z',
      'METAR ZSSS 14130Z',
    );
    await expect(imports().metarBulletin(bad, METAR_FIXTURE_TIME)).rejects.toMatchObject({
      msg: expect.stringMatching(/第 10 行 观测时间/),
    });
    expect((await call('/api/common/getWeatherStationLivedata')).json().data.features).toEqual([]);
  });

  it('imports the real bulletin and answers each station with humidity and weather in Chinese', async () => {
    const text = weatherSourceFixture('metar-china-2018-12-14T13Z.txt');
    expect(await imports().metarBulletin(text, METAR_FIXTURE_TIME + 600)).toEqual({
      observations: 41,
      unknownStations: [],
    });
    const data = (await call('/api/common/getWeatherStationLivedata')).json().data;
    expect(data.message).toBeNull();
    expect(data.features).toHaveLength(41);
    const changsha = data.features.find((f: { properties: { icao: string } }) => f.properties.icao === 'ZGHA');
    expect(changsha).toMatchObject({
      geometry: { type: 'Point', coordinates: [113.22, 28.19] },
      properties: {
        name: '长沙黄花国际机场',
        time: '2018-12-14 21:00:00',
        temperature: 8,
        dewPoint: 1,
        humidity: 61,
        windDirection: 330,
        windSpeed: 3,
        visibility: 5000,
        pressure: 1032,
        weather: '霾',
      },
    });
    const haikou = data.features.find((f: { properties: { icao: string } }) => f.properties.icao === 'ZJHK');
    expect(haikou.properties).toMatchObject({ temperature: null, humidity: null, visibility: 5000 });
    // Asked for a time long after: nothing is live then.
    const later = await call('/api/common/getWeatherStationLivedata', { time: '2018-12-15 12:00:00' });
    expect(later.json().data.features).toEqual([]);
  });
});

describe('radar and satellite frames', () => {
  it('refuses bytes that are not an image, and a name without a time; stores nothing of the batch', async () => {
    const good = { name: radarName('202405101200'), bytes: await png(40, 30, [0, 200, 0]) };
    const fake = { name: radarName('202405101206'), bytes: new TextEncoder().encode('<html>not found</html>') };
    await expect(imports().imageFrames([good, fake], { kind: 'radar' })).rejects.toMatchObject({
      code: ErrorCode.SOURCE_FILE_INVALID,
      msg: expect.stringContaining('不是可解码的 PNG/JPEG'),
    });
    const truncated = { ...good, bytes: good.bytes.slice(0, 60) };
    await expect(imports().imageFrames([truncated], { kind: 'radar' })).rejects.toMatchObject({
      msg: expect.stringContaining('不是可解码'),
    });
    await expect(imports().imageFrames([{ ...good, name: 'radar.png' }], { kind: 'radar' })).rejects.toMatchObject({
      msg: expect.stringContaining('没有时间'),
    });
    expect((await call('/api/common/getNmcRadarConfig')).json().data.products).toEqual([]);
  });

  it('imports real PNG frames and serves them: the config, the loop, the image by name only', async () => {
    const stamps = ['202405101148', '202405101154', '202405101200'];
    const files = await Promise.all(
      stamps.map(async (s, i) => ({
        name: radarName(s),
        bytes: await png(64, 48, [i * 80, 100, 200]),
        sourceUrl: `http://image.nmc.cn/product/2024/05/10/RDCP/${radarName(s)}`,
      })),
    );
    expect(await imports().imageFrames(files, { kind: 'radar' })).toMatchObject({ frames: 3 });
    const config = (await call('/api/common/getNmcRadarConfig')).json().data;
    expect(config.products).toEqual([
      {
        kind: 'radar',
        product: 'EBREF',
        name: '组合反射率拼图',
        region: 'ACHN',
        frames: 3,
        first: '2024-05-10 19:48:00',
        last: '2024-05-10 20:00:00',
      },
    ]);
    const loop = (await call('/api/common/getNowcastingData')).json().data;
    expect(loop.frames.map((f: { time: string }) => f.time)).toEqual([
      '2024-05-10 19:48:00',
      '2024-05-10 19:54:00',
      '2024-05-10 20:00:00',
    ]);
    const frame = await app.server.inject({ method: 'GET', url: loop.frames[0].url });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('image/png');
    expect((await sharp(frame.rawPayload).metadata()).width).toBe(64);
    const bySource = await call('/api/common/getNmcImageData', { url: files[2]?.sourceUrl ?? '' });
    expect(bySource.statusCode).toBe(200);
    expect(Buffer.compare(bySource.rawPayload, Buffer.from(files[2]?.bytes ?? []))).toBe(0);
    // Never a proxy: any other address is 404, and a radar frame is not a forecast image.
    for (const [url, path] of [
      ['http://169.254.169.254/latest/meta-data', '/api/common/getNmcImageData'],
      ['http://image.nmc.cn/product/other.png', '/api/common/getNmcImageData'],
      [radarName('202405101200'), '/api/common/getNmcFocastImageData'],
    ] as const) {
      const res = await call(path, { url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().msg).toContain('只提供已导入的图像');
    }
  });

  it('getRgbImageNameList answers the satellite frames of a product in the 24 hours up to time', async () => {
    const name = 'SEVP_NSMC_WXBL_FY4A_ETCC_ACHN_LNO_PY_20240510120000000.JPG';
    const bytes = new Uint8Array(
      await sharp(await png(32, 32, [10, 80, 160]))
        .jpeg()
        .toBuffer(),
    );
    await imports().imageFrames([{ name, bytes }], { kind: 'satellite' });
    const list = await call('/api/common/getRgbImageNameList', {
      type: 'fy4a',
      code: 'etcc',
      time: '2024-05-10 21:00:00',
    });
    expect(list.json().data).toEqual([
      { name, time: '2024-05-10 20:00:00', url: `/api/common/nmcFrame/${name}`, product: 'fy4a_etcc', demo: false },
    ]);
    const other = await call('/api/common/getRgbImageNameList', {
      type: 'fy4a',
      code: 'true_color',
      time: '2024-05-10 21:00:00',
    });
    expect(other.json().data).toEqual([]);
  });

  it('the frame route refuses a name with a path in it', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/common/nmcFrame/..%2F..%2Fetc%2Fpasswd' });
    expect(res.statusCode).toBe(400);
  });
});
