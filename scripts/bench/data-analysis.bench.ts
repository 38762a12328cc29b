/**
 * Data analysis (issue 18) on a year of hours of 50 stations (438,000 station hours, raw-inserted)
 * and a year of Beijing's days, through the real server:
 * - getHistoryData, one city-year of days and 30 days of hours of 50 stations: median of
 *   BENCH_SAMPLES (default 9) calls, each for a different period so no answer comes from the
 *   service's paging cache (goal: a city-year ≤ 50 ms warm, issue 18 "Speed");
 * - the export of all of it (50 stations × 1 year × 8 pollutants) as CSV and as XLSX, downloaded over
 *   a real socket and thrown away as it arrives: rows per second, bytes, and the peak growth of this
 *   process's RSS over its level before the download (sampled every 20 ms), which shows the file is
 *   streamed rather than built in memory;
 * - getClusterData over 30 days of the 50 stations, first call (computed) and second (kept).
 */
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chinaTime, SECONDS_PER_DAY } from '@lantian/domain';
import { AirStore, STATION_HOUR_COLUMNS, type StationHourInput } from '../../apps/server/src/modules/data/air';
import { StationsRepository } from '../../apps/server/src/modules/data/stations';
import { createTestApp, type TestApp } from '../../apps/server/src/testing/app';
import { cityDay, stationHour } from '../../apps/server/src/testing/fixtures/air-rows';
import { signedInject } from '../../apps/server/src/testing/signed';
import type { BenchResult } from './index';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 9);
const STATIONS = 50;
const CITIES = ['110000', '310000', '440100', '510100', '420100'];
const END = chinaTime(2024, 5, 10, 14);
const YEAR_HOURS = 365 * 24;

const codeOf = (i: number) => `B${String(i + 1).padStart(4, '0')}`;

async function seed(app: TestApp): Promise<void> {
  await new StationsRepository(app.database).upsert(
    Array.from({ length: STATIONS }, (_, i) => ({
      code: codeOf(i),
      name: `测站${i + 1}`,
      city_code: CITIES[i % CITIES.length] ?? '110000',
      county_code: null,
      longitude: 100 + (i % 10) * 2,
      latitude: 25 + Math.floor(i / 10) * 3,
      source: 'cnemc' as const,
    })),
    0,
  );
  const native = app.database.native;
  if (native.kind !== 'sqlite') throw new Error('the bench runs on SQLite');
  const insert = native.sqlite.prepare(
    `insert into station_hourly (${STATION_HOUR_COLUMNS.join(', ')}) values (${STATION_HOUR_COLUMNS.map(() => '?').join(', ')})`,
  );
  for (let s = 0; s < STATIONS; s++) {
    const rows: (StationHourInput & { revised: number; updated_at: number })[] = [];
    for (let h = 0; h <= YEAR_HOURS; h++) {
      const time = END - h * 3600;
      const hourOfDay = ((time / 3600 + 8) % 24) | 0;
      const wave = Math.sin(((hourOfDay + (s % 4) * 3) / 24) * 2 * Math.PI);
      const pm = Math.round(35 + 20 * wave + ((h * 7 + s) % 13));
      rows.push({
        ...stationHour(codeOf(s), time, {
          pm2_5: pm,
          pm10: pm + 25,
          so2: 6,
          no2: 30 + (h % 9),
          co: 0.7,
          o3: 60 - 20 * wave,
          o3_8h: 55,
        }),
        revised: 0,
        updated_at: END,
      });
    }
    native.sqlite.transaction(() => {
      for (const r of rows) insert.run(...STATION_HOUR_COLUMNS.map((c) => r[c as keyof typeof r] ?? null));
    })();
  }
  const firstDay = chinaTime(2023, 5, 10);
  await new AirStore(app.database).cityDays.upsert(
    Array.from({ length: 367 }, (_, d) =>
      cityDay('110000', firstDay + d * SECONDS_PER_DAY, { aqi: 50 + (d % 60), pm2_5: 30 + (d % 40), valid_hours: 24 }),
    ),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fmt = (t: number) => {
  const d = new Date((t + 8 * 3600) * 1000).toISOString();
  return `${d.slice(0, 10)} ${d.slice(11, 19)}`;
};

async function timedQueries(app: TestApp, params: (i: number) => Record<string, string>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 1; i++) {
    const started = performance.now();
    const res = await signedInject(app.server, app.config, {
      method: 'POST',
      url: '/api/getHistoryData',
      params: params(i),
    });
    const spent = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`getHistoryData ${res.statusCode}: ${res.body}`);
    if (i > 0) times.push(spent);
  }
  return median(times);
}

/** Downloads a URL over a socket, dropping each chunk; bytes, seconds and the peak RSS growth meanwhile. */
function download(url: string): Promise<{ bytes: number; seconds: number; rssGrowthMb: number; heapGrowthMb: number }> {
  global.gc?.();
  const base = process.memoryUsage();
  let peak = base.rss;
  let peakHeap = base.heapUsed + base.external + base.arrayBuffers;
  const sample = () => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed + m.external + m.arrayBuffers);
  };
  const sampler = setInterval(sample, 20);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      if (res.statusCode !== 200) reject(new Error(`download ${res.statusCode}`));
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => {
        clearInterval(sampler);
        sample();
        resolve({
          bytes,
          seconds: (performance.now() - started) / 1000,
          rssGrowthMb: (peak - base.rss) / 1_048_576,
          heapGrowthMb: (peakHeap - base.heapUsed - base.external - base.arrayBuffers) / 1_048_576,
        });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

export async function run(): Promise<BenchResult[]> {
  const app = await createTestApp({ now: () => END + 1200 });
  const results: BenchResult[] = [];
  try {
    await seed(app);
    const allStations = Array.from({ length: STATIONS }, (_, i) => codeOf(i)).join(',');
    const skipQueries = process.env.DA_ONLY_EXPORT === '1';
    const cityYear = skipQueries
      ? 0
      : await timedQueries(app, (i) => ({
          cities: '110000',
          granularity: 'day',
          startTime: fmt(END - (366 + i) * SECONDS_PER_DAY),
          endTime: fmt(END - i * SECONDS_PER_DAY),
        }));
    results.push({
      name: 'getHistoryData 1 city × 366 days (median)',
      value: cityYear,
      unit: 'ms',
      note: 'goal ≤ 50 ms',
    });
    const stations30 = skipQueries
      ? 0
      : await timedQueries(app, (i) => ({
          stations: allStations,
          granularity: 'hour',
          startTime: fmt(END - 30 * SECONDS_PER_DAY - i * 3600),
          endTime: fmt(END - i * 3600),
        }));
    results.push({
      name: 'getHistoryData 50 stations × 30 days of hours (median)',
      value: stations30,
      unit: 'ms',
      note: '36,000 rows, 8 pollutants',
    });

    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.server.address() as AddressInfo;
    const rows = STATIONS * (YEAR_HOURS + 1);
    for (const format of ['csv', 'xlsx'] as const) {
      const ticket = await signedInject(app.server, app.config, {
        method: 'POST',
        url: '/api/createDataExport',
        params: {
          stations: allStations,
          granularity: 'hour',
          startTime: fmt(END - YEAR_HOURS * 3600),
          endTime: fmt(END),
          format,
        },
      });
      if (ticket.statusCode !== 200) throw new Error(`createDataExport ${ticket.statusCode}: ${ticket.body}`);
      const got = await download(`http://127.0.0.1:${port}${ticket.json().data.url}`);
      results.push({
        name: `export ${format.toUpperCase()} 50 stations × 1 year of hours`,
        value: Math.round(rows / got.seconds),
        unit: 'rows/s',
        note: `${rows.toLocaleString('en-US')} rows, ${(got.bytes / 1_048_576).toFixed(1)} MB in ${got.seconds.toFixed(1)} s`,
      });
      results.push({
        name: `export ${format.toUpperCase()} peak RSS growth`,
        value: Math.round(got.rssGrowthMb),
        unit: 'MB',
      });
    }

    const clusterParams = { factor: 'pm2_5', days: '30', k: '4' };
    for (const label of ['first (computed)', 'second (kept)']) {
      const started = performance.now();
      const res = await signedInject(app.server, app.config, {
        method: 'GET',
        url: '/api/getClusterData',
        params: clusterParams,
      });
      if (res.statusCode !== 200) throw new Error(`getClusterData ${res.statusCode}`);
      results.push({
        name: `getClusterData 50 stations × 30 days, ${label}`,
        value: performance.now() - started,
        unit: 'ms',
      });
    }
  } finally {
    await app.close();
  }
  return results;
}
