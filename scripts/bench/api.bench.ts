/**
 * The public API under load (issue 17): requests/s, p99 and the server's CPU time per request of
 * every current-hour and history call, at 10 and 100 connections, against the ceiling — a bare
 * Fastify route answering a constant — in the same run. Signatures stay on (every request carries
 * a fresh nonce, timestamp and sign, as the web client sends them); their cost is measured apart.
 * Then the history calls cold (the first answer of a period, built from the database) and the
 * scaling of the current-hour calls from one server process to two (node:cluster).
 *
 * Each server runs in a process of its own (api-server.ts) so that its CPU time is read apart from
 * autocannon's, which runs in a worker thread here. On a 2-core machine the load generator takes a
 * core of its own: the ceiling is as much autocannon's as Fastify's, which is why the CPU time per
 * request is printed beside every rate.
 *
 * BENCH_API_SECONDS (10) per run; BENCH_API_CONNECTIONS ("10,100"); BENCH_REDIS_URL adds a scaling
 * run with the instances sharing Redis, as a deployment of several instances must.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signParams } from '@lantian/contracts';
import { formatChinaDateTime, SECONDS_PER_DAY, SECONDS_PER_HOUR } from '@lantian/domain';
import { BENCH_API_KEY, prepareBenchDatabase, SERIES_CITY } from './bench-app';
import { type CannonRequest, fire, request, signed } from './cannon';
import type { BenchResult } from './index';
import { type PublicCall, publicCalls } from './public-calls';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_API_CONNECTIONS ?? '10,100').split(',').map(Number);
const here = path.dirname(fileURLToPath(import.meta.url));

interface Server {
  origin: string;
  pids: number[];
  stop(): void;
}

function startServer(env: Record<string, string>): Promise<Server> {
  const child: ChildProcess = fork(path.join(here, 'api-server.ts'), [], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.once('message', (message: { origin: string; pids: number[] }) =>
      resolve({ origin: message.origin, pids: message.pids, stop: () => child.kill() }),
    );
  });
}

/** CPU seconds (user + system) the processes have used, from /proc (Linux); NaN elsewhere. */
function cpuSeconds(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return Number.NaN;
    }
  }
  return ticks / 100;
}

interface Measured {
  rate: number;
  p99: number;
  cpuUs: number;
  non2xx: number;
  errors: number;
}

async function measure(server: Server, requests: CannonRequest[], connections: number): Promise<Measured> {
  await fire(server.origin, requests, 1, { connections }); // warm: answers prepared, code optimised
  const before = cpuSeconds(server.pids);
  const r = await fire(server.origin, requests, SECONDS, { connections });
  const cpu = cpuSeconds(server.pids) - before;
  const total = r.requests.total ?? r.requests.average * SECONDS;
  return {
    rate: r.requests.average,
    p99: r.latency.p99,
    cpuUs: (cpu * 1e6) / Math.max(1, total),
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;

/** A signed POST as the web client sends it, asking for `encoding`; the signature is made by the caller. */
function postSigned(
  origin: string,
  path: string,
  params: Record<string, string>,
  signature: Record<string, string>,
  encoding: string,
): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { ...signature, 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': encoding },
    body: new URLSearchParams(params).toString(),
  });
}

/** One signed call over HTTP as the browser makes it; answers the milliseconds it took (signing not timed). */
async function timedCall(origin: string, call: PublicCall): Promise<number> {
  const signature = await signParams(call.params, BENCH_API_KEY);
  const started = performance.now();
  const res = await postSigned(origin, call.path, call.params, signature, 'br');
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${call.path} answered ${res.status}`);
  return ms;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/**
 * History calls cold: each request asks for a period no earlier request asked for (the end moves
 * by an hour or a day), so every answer is built from the database and nothing is served as kept.
 */
async function coldHistory(server: Server, lastHour: number): Promise<BenchResult[]> {
  const at = (seconds: number) => formatChinaDateTime(seconds);
  const series: { name: string; goal: string; call: (i: number) => PublicCall }[] = [
    {
      name: 'cold: 30 days of hours (getCityHoursData)',
      goal: '≤ 10 ms',
      call: (i) => ({
        kind: 'history',
        label: '',
        method: 'POST',
        path: '/api/getCityHoursData',
        params: {
          city: SERIES_CITY,
          startTime: at(lastHour - i * SECONDS_PER_HOUR - 30 * SECONDS_PER_DAY),
          endTime: at(lastHour - i * SECONDS_PER_HOUR),
        },
      }),
    },
    {
      name: 'cold: a year of days (getCityDayData)',
      goal: '≤ 10 ms',
      call: (i) => ({
        kind: 'history',
        label: '',
        method: 'POST',
        path: '/api/getCityDayData',
        params: {
          city: SERIES_CITY,
          startTime: at(lastHour - (i + 365) * SECONDS_PER_DAY),
          endTime: at(lastHour - i * SECONDS_PER_DAY),
        },
      }),
    },
  ];
  const results: BenchResult[] = [];
  for (const { name, goal, call } of series) {
    await timedCall(server.origin, call(200)); // the code path warm, not the answer
    const times: number[] = [];
    for (let i = 0; i < 60; i++) times.push(await timedCall(server.origin, call(i)));
    times.sort((a, b) => a - b);
    results.push(
      { name: `${name} p50`, value: Number(quantile(times, 0.5).toFixed(2)), unit: 'ms', note: `goal ${goal}` },
      { name: `${name} p99`, value: Number(quantile(times, 0.99).toFixed(2)), unit: 'ms', note: 'over HTTP, signed' },
    );
  }
  return results;
}

/**
 * The national map's answer on the wire: getMapSiteData as GeoJSON (formatType 1) and as columns
 * (formatType 2, expanded by the client with expandMapSiteColumns), identity and each kept encoding.
 */
async function mapAnswerSizes(origin: string): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const formatType of ['1', '2']) {
    const params = { timeType: 'hour', dataType: 'aqi', mapType: 'site', formatType };
    for (const encoding of ['identity', 'gzip', 'br']) {
      const signature = await signParams(params, BENCH_API_KEY);
      const res = await postSigned(origin, '/api/getMapSiteData', params, signature, encoding);
      // fetch decodes; the bytes on the wire are the Content-Length the server sent.
      await res.arrayBuffer();
      const wire = Number(res.headers.get('content-length') ?? Number.NaN);
      results.push({
        name: `getMapSiteData national, formatType ${formatType}, ${encoding}`,
        value: Number((wire / 1024).toFixed(1)),
        unit: 'KB on the wire',
        note:
          formatType === '2' && encoding === 'br'
            ? 'goal < 150 KB (was 423 KB)'
            : (res.headers.get('content-encoding') ?? 'identity'),
      });
    }
  }
  return results;
}

/** Current-hour calls served by one process, then by two sharing the port (node:cluster). */
async function scaling(file: string, redisUrl?: string): Promise<BenchResult[]> {
  const call = publicCalls(0).find((c) => c.label === 'getCityCurrentData');
  if (call === undefined) throw new Error('no getCityCurrentData call');
  const rates: number[] = [];
  const label = redisUrl ? ', shared Redis' : ', state per process';
  const results: BenchResult[] = [];
  for (const workers of [1, 2]) {
    const server = await startServer({
      BENCH_KIND: 'app',
      BENCH_DB: file,
      BENCH_WORKERS: String(workers),
      ...(redisUrl ? { BENCH_REDIS_URL: redisUrl } : {}),
    });
    try {
      const m = await measure(server, [signed(request(call))], 100);
      rates.push(m.rate);
      results.push({
        name: `scale: getCityCurrentData, ${workers} process${workers > 1 ? 'es' : ''}${label}`,
        value: Math.round(m.rate),
        unit: 'req/s',
        note: `p99 ${m.p99} ms, ${m.cpuUs.toFixed(0)} µs server CPU per request, ${m.non2xx} non-2xx`,
      });
    } finally {
      server.stop();
    }
  }
  const [one = 1, two = 0] = rates;
  results.push({
    name: `scale: two processes ÷ one${label}`,
    value: Number((two / one).toFixed(2)),
    unit: '×',
    note: 'goal ≥ 1.7 (autocannon shares the 2 cores)',
  });
  return results;
}

export async function run(): Promise<BenchResult[]> {
  const database = await prepareBenchDatabase();
  const results: BenchResult[] = [];
  const servers: Server[] = [];
  try {
    const bare = await startServer({ BENCH_KIND: 'bare' });
    servers.push(bare);
    const app = await startServer({ BENCH_KIND: 'app', BENCH_DB: database.file, BENCH_SIGNATURE: 'on' });
    servers.push(app);
    const calls = publicCalls(database.lastHour);

    for (const connections of CONNECTIONS) {
      const at = `${connections} conn`;
      // Signed like the calls (the bare route ignores the headers): the generator then spends on a
      // ceiling request what it spends on every measured one, so the ratio compares servers, not the
      // generator's signing.
      const ceiling = await measure(
        bare,
        [signed(request({ label: '', method: 'GET', path: '/', params: {} }))],
        connections,
      );
      results.push({
        name: `ceiling: bare Fastify constant, ${at}`,
        value: Math.round(ceiling.rate),
        unit: 'req/s',
        note: `p99 ${ceiling.p99} ms, ${ceiling.cpuUs.toFixed(0)} µs server CPU per request (signed requests, ignored)`,
      });
      const constant = await measure(
        app,
        [signed(request({ label: '', method: 'POST', path: '/api/benchConstant', params: { city: SERIES_CITY } }))],
        connections,
      );
      results.push({
        name: `constant route inside the app, signed, ${at}`,
        value: Math.round(constant.rate),
        unit: 'req/s',
        note: `${percent(constant.rate, ceiling.rate)} of ceiling, p99 ${constant.p99} ms, ${constant.cpuUs.toFixed(0)} µs CPU/req: the app's hooks and the signature`,
      });
      for (const call of calls) {
        const m = await measure(app, [signed(request(call))], connections);
        const goal = call.kind === 'current' ? 'goal ≥ 80%, p99 ≤ 10 ms' : 'goal ≥ 40% warm';
        results.push({
          name: `${call.label}, ${at}`,
          value: Math.round(m.rate),
          unit: 'req/s',
          note: `${percent(m.rate, ceiling.rate)} of ceiling (${goal}), p99 ${m.p99} ms, ${m.cpuUs.toFixed(0)} µs CPU/req, ${m.non2xx} non-2xx, ${m.errors} errors`,
        });
      }
    }

    // What the signature and its nonce cost: the same call with the check off.
    const unsignedApp = await startServer({ BENCH_KIND: 'app', BENCH_DB: database.file, BENCH_SIGNATURE: 'off' });
    servers.push(unsignedApp);
    const current = calls.find((c) => c.label === 'getCityCurrentData');
    if (current !== undefined) {
      const on = await measure(app, [signed(request(current))], 10);
      // The same signed requests (the generator's work alike); this server does not check them.
      const off = await measure(unsignedApp, [signed(request(current))], 10);
      results.push({
        name: 'signature cost: getCityCurrentData signed ÷ unsigned',
        value: Number(((1 - on.rate / off.rate) * 100).toFixed(1)),
        unit: '% fewer req/s',
        note: `goal ≤ 10%; ${Math.round(on.rate)} vs ${Math.round(off.rate)} req/s, ${on.cpuUs.toFixed(0)} vs ${off.cpuUs.toFixed(0)} µs CPU/req`,
      });
    }

    results.push(...(await mapAnswerSizes(app.origin)));
    results.push(...(await coldHistory(app, database.lastHour)));
    for (const server of servers.splice(0)) server.stop();
    results.push(...(await scaling(database.file)));
    if (process.env.BENCH_REDIS_URL) results.push(...(await scaling(database.file, process.env.BENCH_REDIS_URL)));
  } finally {
    for (const server of servers) server.stop();
    database.remove();
  }
  return results;
}
