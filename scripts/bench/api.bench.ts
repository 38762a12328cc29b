/**
 * Requests/s and p99 latency of public calls through the real server over HTTP: buildApp over a
 * temporary SQLite database holding the demo country (every city, 3 days; Beijing's hours reach
 * back 31 days), listening on 127.0.0.1, hammered by autocannon for BENCH_API_SECONDS (10) each.
 * The ceiling is a bare Fastify route returning a constant in the same process; each call is also
 * given as a share of it. Signatures are off (PUBLIC_API_SIGNATURE=off) so requests can repeat.
 *
 * `--soak` (or BENCH_SOAK_SECONDS=N, default 300 with --soak) then runs mixed load for that long,
 * announcing a new hour every 30 s so the snapshot rebuilds under load, and reports errors, non-2xx
 * answers, RSS and heap before and after. Run with `node --expose-gc` for exact heap figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatChinaDateTime, SECONDS_PER_DAY } from '@lantian/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrateAppDatabase, openAppDatabase } from '../../apps/server/src/database';
import { AirStore, notifyHourIngested } from '../../apps/server/src/modules/data/air';
import { seedDemoData } from '../../apps/server/src/modules/data/demo';
import { systemClock } from '../../apps/server/src/platform/clock';
import { MemoryState } from '../../apps/server/src/platform/state';
import { type CannonResult, fire, request, type Target } from './cannon';
import type { BenchResult } from './index';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const SOAK_SECONDS = process.env.BENCH_SOAK_SECONDS
  ? Number(process.env.BENCH_SOAK_SECONDS)
  : process.argv.includes('--soak')
    ? 300
    : 0;
const HISTORY_DAYS = 3;
const SERIES_CITY = '110000';

async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Beijing's city hours stretched back 31 days by repeating the seeded days, so a 30-day series call
 * answers the 720 rows it would in production (the values repeat; the size and the query are real).
 */
async function stretchHistory(air: AirStore, to: number): Promise<void> {
  const span = HISTORY_DAYS * SECONDS_PER_DAY;
  const seeded = await air.cityHours.ofCity(SERIES_CITY, to - span + 1, to);
  const rows = [];
  for (let shift = span; shift <= 31 * SECONDS_PER_DAY; shift += span) {
    for (const r of seeded) rows.push({ ...r, time: r.time - shift });
  }
  await air.cityHours.upsert(rows);
}

function memory() {
  const m = process.memoryUsage();
  return { rssMb: m.rss / 2 ** 20, heapMb: m.heapUsed / 2 ** 20 };
}

const collect = () => {
  if (typeof globalThis.gc === 'function') globalThis.gc();
};

export async function run(): Promise<BenchResult[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lantian-bench-api-'));
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`,
      PUBLIC_API_SIGNATURE: 'off',
      WEB_DIST_DIR: path.join(dir, 'no-web'),
      CONSOLE_DIST_DIR: path.join(dir, 'no-console'),
    },
    dir,
  );
  const database = openAppDatabase(config.database);
  const state = new MemoryState();
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ code: 0, msg: '成功', data: 1 }));
  const results: BenchResult[] = [];
  try {
    await migrateAppDatabase(database);
    const now = systemClock();
    const seed = await seedDemoData(database, { days: HISTORY_DAYS, now });
    const air = new AirStore(database);
    await stretchHistory(air, seed.to);
    const app = await buildApp({ config, database, state });
    // The same constant inside the app: what its global hooks (headers, ids, access, form parsing) cost.
    app.server.post('/api/benchConstant', { config: { access: 'public' } }, async () => ({
      code: 0,
      msg: '成功',
      data: 1,
    }));
    const origin = await listen(app.server);
    const ceilingOrigin = await listen(bare);

    const end = seed.to;
    const targets: Target[] = [
      { label: 'getCityCurrentData', method: 'POST', path: '/api/getCityCurrentData', params: { city: SERIES_CITY } },
      { label: 'getCityRank', method: 'POST', path: '/api/getCityRank', params: {} },
      {
        label: 'getMapSiteData',
        method: 'POST',
        path: '/api/getMapSiteData',
        params: { timeType: 'hour', dataType: 'aqi', mapType: 'site', formatType: '1' },
      },
      {
        label: 'getCityHoursData (30 days)',
        method: 'POST',
        path: '/api/getCityHoursData',
        params: {
          city: SERIES_CITY,
          startTime: formatChinaDateTime(end - 30 * SECONDS_PER_DAY),
          endTime: formatChinaDateTime(end),
        },
      },
    ];

    const ceiling = await fire(ceilingOrigin, [{ method: 'GET', path: '/' }], SECONDS);
    const ceilingRate = ceiling.requests.average;
    results.push(
      { name: 'ceiling: bare Fastify constant', value: Math.round(ceilingRate), unit: 'req/s' },
      { name: 'ceiling: bare Fastify constant p99', value: ceiling.latency.p99, unit: 'ms' },
    );
    const inApp = await fire(
      origin,
      [request({ label: '', method: 'POST', path: '/api/benchConstant', params: { city: SERIES_CITY } })],
      SECONDS,
    );
    results.push(
      {
        name: 'constant route inside the app',
        value: Math.round(inApp.requests.average),
        unit: 'req/s',
        note: `${((inApp.requests.average / ceilingRate) * 100).toFixed(1)}% of ceiling: the app's global hooks`,
      },
      { name: 'constant route inside the app p99', value: inApp.latency.p99, unit: 'ms' },
    );

    const runnable: Target[] = [];
    for (const target of targets) {
      // A call another module has not shipped yet (or that refuses these parameters) is skipped, not failed.
      const probe = request(target);
      const answer = await app.server.inject({
        method: probe.method,
        url: probe.path,
        ...(probe.headers ? { headers: probe.headers } : {}),
        ...(probe.body === undefined ? {} : { payload: probe.body }),
      });
      if (answer.statusCode !== 200) {
        results.push({ name: target.label, value: 0, unit: 'req/s', note: `skipped: answered ${answer.statusCode}` });
        continue;
      }
      runnable.push(target);
      const r = await fire(origin, [probe], SECONDS);
      const bytes = answer.body.length;
      results.push(
        {
          name: `${target.label}`,
          value: Math.round(r.requests.average),
          unit: 'req/s',
          note: `${((r.requests.average / ceilingRate) * 100).toFixed(1)}% of ceiling, ${bytes} B, ${r.non2xx} non-2xx, ${r.errors} errors`,
        },
        { name: `${target.label} p99`, value: r.latency.p99, unit: 'ms' },
      );
    }

    if (SOAK_SECONDS > 0) results.push(...(await soak(origin, runnable, state, seed.to)));
    await app.server.close();
  } finally {
    await bare.close();
    await database.close();
    await state.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

/** Mixed load for SOAK_SECONDS: no errors, no memory growth (issue 5). */
async function soak(origin: string, targets: readonly Target[], state: MemoryState, lastHour: number) {
  const mix: Target[] = [
    ...targets,
    { label: 'current', method: 'POST', path: '/api/getCityCurrentData', params: { city: 'shanghai' } },
    {
      label: 'focus',
      method: 'POST',
      path: '/api/getAllFocusCityData',
      params: { stationCodes: '110000,310000,440100,510100' },
    },
    { label: 'days', method: 'POST', path: '/api/getCityDayData', params: { city: '440100' } },
    { label: 'months', method: 'POST', path: '/api/getCityMonthData', params: { city: '440100' } },
    { label: '3 days', method: 'POST', path: '/api/getCity3Day', params: { city: '510100' } },
    { label: 'next hours', method: 'POST', path: '/api/getCityNextHoursData', params: { city: '510100', hours: '72' } },
    { label: 'unknown city', method: 'POST', path: '/api/getCityCurrentData', params: { city: '999900' } },
  ];
  collect();
  const before = memory();
  // Announce the hour again and again: every rebuild must replace, never add to, what is held.
  const announcer = setInterval(() => {
    notifyHourIngested(state, lastHour).catch((error: unknown) => console.error(error));
  }, 30_000);
  let r: CannonResult;
  try {
    r = await fire(origin, mix.map(request), SOAK_SECONDS);
  } finally {
    clearInterval(announcer);
  }
  collect();
  const after = memory();
  const gcNote = typeof globalThis.gc === 'function' ? 'after gc' : 'no --expose-gc: includes garbage';
  // One call in the mix (the unknown city) answers 404 by design; every other request must be 2xx.
  const notFound = r.statusCodeStats?.['404']?.count ?? 0;
  return [
    {
      name: `soak ${SOAK_SECONDS} s mixed`,
      value: Math.round(r.requests.average),
      unit: 'req/s',
      note: `${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx - notFound} unexpected non-2xx (+${notFound} expected 404s)`,
    },
    { name: 'soak p99', value: r.latency.p99, unit: 'ms' },
    {
      name: 'soak RSS before → after',
      value: Math.round(after.rssMb),
      unit: 'MB',
      note: `from ${before.rssMb.toFixed(0)} MB`,
    },
    {
      name: 'soak heap before → after',
      value: Math.round(after.heapMb),
      unit: 'MB',
      note: `from ${before.heapMb.toFixed(0)} MB, ${gcNote}`,
    },
  ];
}
