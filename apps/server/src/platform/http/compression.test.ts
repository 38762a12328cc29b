import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { signedInject } from '../../testing/signed';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('compression', () => {
  it('compresses a large API answer for a client that accepts gzip, and leaves it plain otherwise', async () => {
    const call = (headers: Record<string, string>) =>
      signedInject(app.server, app.config, { method: 'GET', url: '/api/getCityList', headers });
    const plain = await call({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await call({ 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const text = gunzipSync(zipped.rawPayload).toString('utf8');
    expect(JSON.parse(text)).toEqual(plain.json());
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const brotli = await call({ 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
  });

  it('leaves small answers alone', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
