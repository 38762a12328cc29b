import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { weatherSources } from '.';
import { pollLiveSources } from './live-feeds';
import { readWeatherSourcesSettings } from './weather-sources.settings';

const FIXTURES = path.resolve(import.meta.dirname, '../../../testing/fixtures/weather-sources');

/** A real HTTP server standing in for the upstream feeds, answering the fixtures by path. */
let upstream: Server;
let base = '';
const asked: string[] = [];
let app: TestApp;

beforeAll(async () => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#00ff00' } })
    .png()
    .toBuffer();
  upstream = createServer((req, res) => {
    const url = req.url ?? '';
    asked.push(url);
    const send = (body: string | Buffer, type = 'text/plain') => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    };
    if (url.startsWith('/bst/CH2026BST.txt'))
      void readFile(path.join(FIXTURES, 'typhoon-2305-doksuri.txt')).then((b) => send(b));
    else if (url.startsWith('/cap'))
      void Promise.all(
        ['cap-heat-orange.xml', 'cap-rainstorm-yellow.xml'].map((f) => readFile(path.join(FIXTURES, f), 'utf8')),
      ).then((docs) =>
        send(`<feed>${docs.map((d) => d.replace(/<\?xml[^>]*\?>/, '')).join('')}</feed>`, 'application/xml'),
      );
    else if (url.startsWith('/radar/')) send(png, 'image/png');
    else {
      res.writeHead(404);
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('live fetching by URL template', () => {
  it('downloads what each template names for the time and imports it through the same importers', async () => {
    const settings = readWeatherSourcesSettings({
      TYPHOON_BST_URL: `${base}/bst/CH{year}BST.txt`,
      WARNING_CAP_URL: `${base}/cap/feed.xml`,
      RADAR_IMAGE_URL: `${base}/radar/SEVP_AOC_RDCP_SLDAS_EBREF_ACHN_L88_PI_{yyyy}{MM}{dd}{HH}{mm}00000.PNG`,
      METAR_URL: `${base}/metar?ids={icaos}`,
    });
    const now = Date.UTC(2026, 10, 28, 12, 3) / 1000;
    const report = await pollLiveSources(settings, app.use(weatherSources).imports, now);
    expect(report).toMatchObject({
      typhoon: '1 个台风',
      warnings: '2 条预警，0 条解除',
      // 12:03 less the 10-minute delay, rounded down to 6 minutes.
      radar: 'SEVP_AOC_RDCP_SLDAS_EBREF_ACHN_L88_PI_20261128114800000.PNG',
    });
    // The METAR endpoint answers 404: reported, nothing stored, the others unaffected.
    expect(report.metar).toContain('404');
    expect(asked.find((u) => u.startsWith('/metar'))).toContain('ZBAA,ZBTJ');
    const frames = await app.database.db.selectFrom('image_frames').select(['name', 'source_url']).execute();
    expect(frames[0]?.source_url).toBe(`${base}/radar/${report.radar}`);
  });

  it('refuses a template that is not an http(s) address at start-up', () => {
    expect(() => readWeatherSourcesSettings({ RADAR_IMAGE_URL: 'file:///etc/{yyyy}' })).toThrow(/RADAR_IMAGE_URL/);
  });
});
