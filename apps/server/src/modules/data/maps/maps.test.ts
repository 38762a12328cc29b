import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ErrorCode } from '@lantian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { MapFiles } from './map-files';

let app: TestApp;
// app.ts registers the route itself, outside the signed scope: these requests carry no signature.
beforeAll(async () => {
  app = await createTestApp({});
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.server.inject({ method: 'GET', url, headers });

describe('GET /maps/{areaCode}.json', () => {
  it("serves a city's outline as a GeoJSON FeatureCollection of its districts, unsigned", async () => {
    const res = await get('/maps/110000.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const geo = res.json();
    expect(geo.type).toBe('FeatureCollection');
    const names = geo.features.map((f: { properties: { name: string } }) => f.properties.name);
    expect(names).toContain('朝阳区');
    expect(names).toHaveLength(16);
  });

  it('is cacheable for a week and answers 304 to a matching If-None-Match', async () => {
    const first = await get('/maps/440300.json');
    expect(first.headers['cache-control']).toMatch(/public, max-age=604800/);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"[0-9a-f]{20}"$/);
    const again = await get('/maps/440300.json', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get('/maps/440300.json', { 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
  });

  it('compresses for clients that accept it, with the same ETag', async () => {
    const plain = await get('/maps/110000.json');
    const zipped = await get('/maps/110000.json', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    const br = await get('/maps/110000.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('serves the whole country as 100000 and provinces', async () => {
    expect((await get('/maps/100000.json')).statusCode).toBe(200);
    expect((await get('/maps/440000.json')).statusCode).toBe(200);
  });

  it('answers 404 with the envelope for codes that are no area and names that are no code', async () => {
    for (const url of ['/maps/999999.json', '/maps/110000.geojson', '/maps/..%2Fpackage.json', '/maps/beijing.json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: ErrorCode.NOT_FOUND, msg: '未找到该地区的地图' });
    }
  });

  it('sends areas without an outline of their own to the nearest enclosing one', async () => {
    // 朝阳区 is drawn only inside Beijing's file; 东莞 (a city without districts) only inside Guangdong's.
    for (const [code, to] of [
      ['110105', '110000'],
      ['441900', '440000'],
      ['320102', '320100'],
    ]) {
      const res = await get(`/maps/${code}.json`);
      expect(res.statusCode, code).toBe(302);
      expect(res.headers.location, code).toBe(`/maps/${to}.json`);
      expect(res.headers['cache-control'], code).toMatch(/max-age=604800/);
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await app.server.inject({ method: 'HEAD', url: '/maps/110000.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^W\//);
    expect(res.body).toBe('');
  });
});

describe('MapFiles', () => {
  it('answers 503 when the package is not installed; falls back to parents, 404 when none has a file', async () => {
    await expect(new MapFiles(undefined).lookup('110000.json')).rejects.toMatchObject({
      status: 503,
      code: ErrorCode.UNAVAILABLE,
    });

    const dir = mkdtempSync(path.join(tmpdir(), 'maps-'));
    writeFileSync(path.join(dir, '110000.json'), '{"type":"FeatureCollection","features":[]}');
    const files = new MapFiles(dir);
    const found = await files.lookup('110000.json');
    expect(found.kind === 'file' && found.file.etag).toMatch(/^W\//);
    // 朝阳区 falls back to Beijing; Tianjin has no file and nothing above it.
    expect(await files.lookup('110105.json')).toEqual({ kind: 'redirect', code: '110000' });
    await expect(files.lookup('120000.json')).rejects.toMatchObject({ status: 404, msg: '该地区没有地图轮廓' });
  });
});
