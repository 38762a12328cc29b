/**
 * `npm run bench -- analysis`: the calls of the analysis sections (城市分析, 排名分析) for one city and
 * one year, over HTTP and signed as the browser sends them. Issue 18's goal: every analysis answer
 * for one city-year ≤ 50 ms warm. Measured twice: with the response cache off, so every answer is
 * built from the database (the code warm, the answer not: the strict reading of "warm"), and with
 * it on, as production serves a repeated call (kept bytes).
 */
import { signParams } from '@lantian/contracts';
import { chinaParts, formatChinaDateTime, SECONDS_PER_DAY } from '@lantian/domain';
import { BENCH_API_KEY, listen, openBenchApp, prepareBenchDatabase, SERIES_CITY } from './bench-app';
import type { BenchResult } from './index';

interface Call {
  name: string;
  path: string;
  params: Record<string, string>;
}

function calls(lastHour: number): Call[] {
  const at = (seconds: number) => formatChinaDateTime(seconds);
  const { year, month } = chinaParts(lastHour);
  const city = SERIES_CITY;
  return [
    { name: 'calendar of a year', path: '/api/cityAna/getCityCalendar', params: { city, year: String(year) } },
    { name: 'yearly attainment', path: '/api/getYearlyStandard', params: { city, year: String(year) } },
    {
      name: 'monthly attainment',
      path: '/api/getMonthlyStandard',
      params: { city, month: `${year}-${String(month).padStart(2, '0')}` },
    },
    { name: 'months of a year', path: '/api/getCityMonthData', params: { city, year: String(year) } },
    { name: 'years', path: '/api/getCityYearData', params: { city } },
    { name: 'ozone day scheme', path: '/api/getO3DaySchemeData', params: { city, time: at(lastHour) } },
    {
      name: 'AQI and weather, 7 days',
      path: '/api/getMeteoAnaData',
      params: { city, startTime: at(lastHour - 7 * SECONDS_PER_DAY), endTime: at(lastHour) },
    },
    {
      name: 'rank over 30 days',
      path: '/api/getRankAnalysis',
      params: { city, timeType: 'day', periods: '30' },
    },
    {
      name: 'a year of days',
      path: '/api/getCityDayData',
      params: { city, startTime: at(lastHour - 365 * SECONDS_PER_DAY), endTime: at(lastHour) },
    },
    { name: 'national day ranking', path: '/api/getCityRank', params: { timeType: 'day' } },
  ];
}

async function timed(origin: string, call: Call, encoding: string): Promise<number> {
  const signature = await signParams(call.params, BENCH_API_KEY);
  const started = performance.now();
  const res = await fetch(`${origin}${call.path}`, {
    method: 'POST',
    headers: { ...signature, 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': encoding },
    body: new URLSearchParams(call.params).toString(),
  });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${call.path} answered ${res.status}`);
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function run(): Promise<BenchResult[]> {
  const database = await prepareBenchDatabase();
  const results: BenchResult[] = [];
  try {
    for (const cache of ['off', 'on'] as const) {
      const bench = await openBenchApp({
        file: database.file,
        signature: true,
        env: cache === 'off' ? { RESPONSE_CACHE_MS: '0' } : {},
      });
      try {
        const origin = await listen(bench.app.server);
        for (const call of calls(database.lastHour)) {
          // Without the cache each answer would also be brotli-compressed at the kept quality on every
          // request, a cost production pays once per hour: identity measures the answer's making.
          const encoding = cache === 'off' ? 'identity' : 'br';
          await timed(origin, call, encoding); // first call: code paths and SQLite pages warm
          const times: number[] = [];
          for (let i = 0; i < 20; i++) times.push(await timed(origin, call, encoding));
          results.push({
            name: `${call.name} (${call.path.replace('/api/', '')}), cache ${cache}`,
            value: Number(median(times).toFixed(2)),
            unit: 'ms p50',
            note: cache === 'off' ? 'goal ≤ 50 ms warm; built from the database each time' : 'kept answer',
          });
        }
      } finally {
        await bench.close();
      }
    }
  } finally {
    database.remove();
  }
  return results;
}
