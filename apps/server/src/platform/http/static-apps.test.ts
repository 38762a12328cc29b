import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ErrorCode } from '@lantian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app';
import { tempDir } from '../../testing/databases';

/** Built apps as Vite lays them out: index.html plus hashed files under assets/. */
function writeBuiltApp(dir: string, marker: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>${marker}</title></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), `console.log(${JSON.stringify(marker)})`);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

const PAGE_JS = `console.log(${JSON.stringify('city page '.repeat(200))})`;

/** What the web build adds: a route's page files to preload, and Brotli/gzip copies of its assets. */
function writeWebExtras(dir: string) {
  fs.writeFileSync(
    path.join(dir, 'route-preloads.json'),
    JSON.stringify({
      '/city': ['/assets/CityAirPage-X1.js', '/assets/CityAirPage-X1.css'],
      '/site': ['/assets/SiteAirPage-Y2.js'],
      '/weather': ['/assets/bad"><script>.js'],
      '/analysis/city': ['/assets/CityAnalysisPage-Z3.js'],
    }),
  );
  const file = path.join(dir, 'assets', 'CityAirPage-X1.js');
  fs.writeFileSync(file, PAGE_JS);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(PAGE_JS));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(PAGE_JS));
}

let app: TestApp;
beforeAll(async () => {
  const dir = tempDir();
  writeBuiltApp(path.join(dir, 'web'), 'public-web');
  writeWebExtras(path.join(dir, 'web'));
  writeBuiltApp(path.join(dir, 'console'), 'operator-console');
  app = await createTestApp({
    env: {
      WEB_DIST_DIR: path.join(dir, 'web'),
      CONSOLE_DIST_DIR: path.join(dir, 'console'),
      PUBLIC_API_KEY: 'key-</script><b>',
      WEB_NAV_LINKS: '{"news":"https://news.example.org/"}',
    },
  });
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.server.inject({ method: 'GET', url, headers });

describe('serving the built web apps', () => {
  it.each(['/', '/city/beijing', '/site/1001A?x=1', '/weather/110000', '/anything/else'])(
    'answers %s with the public app shell (history fallback), revalidated on every load',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('public-web');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/platform/', '/platform', '/platform/alarm/center'])(
    'answers %s with the operator console',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('operator-console');
    },
  );

  it('tells the public app its runtime configuration in an inert JSON element that cannot be broken out of', async () => {
    for (const url of ['/', '/city/beijing']) {
      const html = (await get(url)).body;
      const match = /<script id="lantian-config" type="application\/json">(.*?)<\/script>/.exec(html);
      expect(match).not.toBeNull();
      expect(match?.[1]).not.toContain('<');
      expect(JSON.parse(match?.[1] ?? '')).toEqual({
        apiKey: 'key-</script><b>',
        antiDebug: false,
        navLinks: expect.objectContaining({ air: '/city/', news: 'https://news.example.org/' }),
      });
    }
    // The console gets none of it.
    expect((await get('/platform/')).body).not.toContain('lantian-config');
  });

  it('caches hashed assets for a year and serves each app its own', async () => {
    const web = await get('/assets/index-AbC123.js');
    expect(web.statusCode).toBe(200);
    expect(web.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(web.body).toContain('public-web');
    const console = await get('/platform/assets/index-AbC123.js');
    expect(console.body).toContain('operator-console');
  });

  it('keeps a missing file a 404 instead of answering with HTML', async () => {
    const res = await get('/assets/index-Gone99.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toContain('text/html');
  });

  it('never answers an API path with a page', async () => {
    const res = await get('/api/getNothingHere', { accept: 'text/html' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ErrorCode.ROUTE_NOT_FOUND);
  });

  it('answers a page route with its page even when an API shares its first segment (/analysis/city vs /analysis/cityData)', async () => {
    // The platform's /analysis/cityData/… calls make "analysis" an API prefix.
    const page = await get('/analysis/city/beijing');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/assets/CityAnalysisPage-Z3.js');
    const api = await get('/analysis/cityData/getNothingHere', { accept: 'text/html' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(ErrorCode.ROUTE_NOT_FOUND);
    expect((await get('/analysis/cityx')).statusCode).toBe(404);
  });

  it("preloads the route's page files in its shell, and only there", async () => {
    const city = await get('/city/beijing');
    expect(city.body).toContain('<link rel="modulepreload" crossorigin href="/assets/CityAirPage-X1.js">');
    expect(city.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/CityAirPage-X1.css">');
    expect(city.body.indexOf('CityAirPage-X1.js')).toBeLessThan(city.body.indexOf('</head>'));
    expect((await get('/site/1001A')).body).toContain('/assets/SiteAirPage-Y2.js');
    expect((await get('/site/1001A')).body).not.toContain('CityAirPage');
    expect((await get('/cityx/beijing')).body).not.toContain('modulepreload');
    // A name that could break out of the attribute is not used.
    expect((await get('/weather/beijing')).body).not.toContain('bad');
  });

  it('sends the build’s pre-compressed copy of an asset when the browser accepts it', async () => {
    const url = '/assets/CityAirPage-X1.js';
    const br = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE_JS);
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(PAGE_JS);
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE_JS);
  });
});
