/**
 * `npm run bench -- weather-sources`: issue 22's sources and calls, each through the server
 * (`inject`: the handler's whole cost — parsing, signature, SQL, computing, serialising — without
 * the socket), on the demo upper air of a fresh in-memory app:
 * - the time to make the 【演示】 upper air (121 hourly grids at two levels as NetCDF and 24 stations'
 *   ascents as IGRA, each read back through its importer): the server thread's cost every 6 hours;
 * - the import of the real-format best track and METAR bulletin;
 * - the public calls (sounding with its indices, the point values, a 48-hour trajectory at two
 *   heights, a typhoon's track, the airport observations) and the platform's national wind field.
 * Median of 20 warm calls each.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type SignableParams, signParams } from '@lantian/contracts';
import { chinaTime } from '@lantian/domain';
import { upperAir } from '../../apps/server/src/modules/data/upper-air';
import { weatherSources } from '../../apps/server/src/modules/public/weather-sources';
import type { TestApp } from '../../apps/server/src/testing/app';
import { adminToken, createPlatformApp, platformCall } from '../../apps/server/src/testing/platform';
import { signedInject } from '../../apps/server/src/testing/signed';
import type { BenchResult } from './index';

const NOW = chinaTime(2026, 11, 28, 14, 0);
const FIXTURES = path.resolve(import.meta.dirname, '../../apps/server/src/testing/fixtures/weather-sources');
const RUNS = 20;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function timeIt(run: () => Promise<{ statusCode: number }>, what: string): Promise<number> {
  const first = await run();
  if (first.statusCode !== 200) throw new Error(`${what} answered ${first.statusCode}`);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return Number(median(times).toFixed(2));
}

async function once(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Number((performance.now() - started).toFixed(0));
}

export async function run(): Promise<BenchResult[]> {
  const app: TestApp = await createPlatformApp({}, () => NOW);
  try {
    const results: BenchResult[] = [];
    const demoMs = await once(() => app.use(upperAir).refreshDemo(NOW));
    results.push({ name: '【演示】 upper air made and imported', value: demoMs, unit: 'ms', note: 'every 6 h' });
    const imports = app.use(weatherSources).imports;
    const track = readFileSync(path.join(FIXTURES, 'typhoon-2305-doksuri.txt'), 'utf8');
    results.push({
      name: 'best track imported (29 fixes)',
      value: await once(() => imports.typhoonFile(track)),
      unit: 'ms',
    });
    const metar = readFileSync(path.join(FIXTURES, 'metar-china-2018-12-14T13Z.txt'), 'utf8');
    const at = Date.parse('2018-12-14T13:30:00Z') / 1000;
    results.push({
      name: 'METAR bulletin imported (41 stations)',
      value: await once(() => imports.metarBulletin(metar, at)),
      unit: 'ms',
    });

    const get = (url: string, params?: Record<string, string>) => () =>
      signedInject(app.server, app.config, { method: 'GET', url, ...(params ? { params } : {}) });
    const trajectory = (body: SignableParams) => async () =>
      app.server.inject({
        method: 'POST',
        url: '/api/getAirTrajectoryData',
        payload: body,
        headers: await signParams(body, app.config.publicApiKey),
      });
    const calls: [string, () => Promise<{ statusCode: number }>][] = [
      ['getSoundingData (54511, levels and indices)', get('/api/common/getSoundingData', { soundingCode: '54511' })],
      ['lonlat (both levels at a point)', get('/api/common/lonlat/116.40,39.90')],
      [
        'getAirTrajectoryData (48 h back, 2 heights)',
        trajectory({ city: 'beijing', time: '2026-11-28 14:00:00', hours: 48, heights: [100, 1500] }),
      ],
      ['getTyphoonData (a track and its fixes)', get('/api/common/getTyphoonData', { year: '2023', name: '杜苏芮' })],
      [
        'getWeatherStationLivedata (41 airports)',
        get('/api/common/getWeatherStationLivedata', { time: '2018-12-14 21:30:00' }),
      ],
    ];
    for (const [name, call] of calls) results.push({ name, value: await timeIt(call, name), unit: 'ms p50' });

    const token = await adminToken(app);
    results.push({
      name: 'getServerData (national 10 m grid, earth JSON)',
      value: await timeIt(
        () => platformCall(app, { url: '/atmoWindy/nationalWindy/getServerData', token, query: { level: '10m' } }),
        'getServerData',
      ),
      unit: 'ms p50',
    });
    return results;
  } finally {
    await app.close();
  }
}
