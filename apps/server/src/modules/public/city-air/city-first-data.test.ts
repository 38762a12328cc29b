import fs from 'node:fs';
import path from 'node:path';
import { FIRST_DATA_ELEMENT_ID } from '@lantian/contracts/web-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/app';
import { tempDir } from '../../../testing/databases';
import { addHours, addStations, HOUR, NOW, stationHour } from '../../../testing/fixtures/city-air-scene';
import { signedInject } from '../../../testing/signed';

/**
 * The city page's current hour inside the HTML of /city/{city}: the same bytes the API answers, so
 * the page reads them instead of asking (apps/web/src/app/first-data.ts).
 */

let app: TestApp;

beforeAll(async () => {
  const web = path.join(tempDir(), 'web');
  fs.mkdirSync(web, { recursive: true });
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><title>public-web</title></head><body><div id="root"></div></body></html>',
  );
  app = await createTestApp({ now: () => NOW, env: { WEB_DIST_DIR: web, RESPONSE_CACHE_MS: '600000' } });
  await addStations(app.database);
  await addHours(app.database, [stationHour('1001A', HOUR, { pm2_5: 80 }), stationHour('1002A', HOUR, { pm2_5: 90 })]);
});
afterAll(async () => {
  await app.close();
});

const ELEMENT = new RegExp(
  `<script id="${FIRST_DATA_ELEMENT_ID}" type="application/json" data-call="([^"]*)" data-key="([^"]*)">(.*?)</script>`,
);

async function inlined(url: string) {
  const res = await app.server.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('public-web');
  const match = ELEMENT.exec(res.body);
  return match === null ? undefined : { call: match[1], key: match[2], text: match[3] };
}

const api = async (city: string) =>
  (
    await signedInject(app.server, app.config, {
      method: 'POST',
      url: '/api/getCityCurrentData',
      params: { city },
    })
  ).body;

describe('the city page with its current hour in the HTML', () => {
  it.each(['beijing', '110000'])('/city/%s carries exactly the bytes getCityCurrentData answers', async (city) => {
    const element = await inlined(`/city/${city}`);
    expect(element).toMatchObject({ call: '/api/getCityCurrentData', key: city });
    expect(element?.text).toBe(await api(city));
    expect(JSON.parse(element?.text ?? '').data.current.aqi).toBeGreaterThan(0);
  });

  it('puts it before the end of the body, after the root the app renders into', async () => {
    const { body } = await app.server.inject({ method: 'GET', url: '/city/beijing' });
    expect(body.indexOf(FIRST_DATA_ELEMENT_ID)).toBeGreaterThan(body.indexOf('<div id="root">'));
    expect(body.trimEnd().endsWith('</script></body></html>')).toBe(true);
  });

  it.each(['/city/', '/city/nowhere', '/site/beijing', '/weather/beijing', '/'])(
    '%s has none: the page asks as before',
    async (url) => {
      expect(await inlined(url)).toBeUndefined();
    },
  );
});
