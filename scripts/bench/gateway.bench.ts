/**
 * The device core's speed goals (issue 14), through the product's own code:
 * - gateway + store: 1,000 simulated data loggers on real TCP connections send real HJ 212-2017
 *   real-time frames (CN=2011, the ten factors of a micro-station, answer wanted) at 5,000 frames/s
 *   (≈ 50,000 values/s) to the gateway the server starts (`app.start()`, HJ212_PORT=0), batching
 *   pipeline, telemetry commit, raw packet log, roll-up and online timers and alarm listeners all as
 *   in production. Goal: ≥ 5,000 packets/s sustained, p99 packet-to-queryable ≤ 2 s, memory flat.
 *   Each device sends 5 frames/s whose DataTime advances one second per frame: every frame is new
 *   rows (no upsert of the same key), and a device's hour fills in 12 minutes, so the hour roll-ups
 *   the server runs every 30 s come ~5× as often as with real loggers.
 *   Packet-to-queryable is send → 9014 answer: the pipeline answers only from `committed`, called
 *   after `target.ingest` (the values' transaction) has resolved (pipeline.ts `run`), so the answer's
 *   arrival is an upper bound of the commit time; a sample of answered frames is read back
 *   (`telemetry.series`) the moment the answer arrives, to show the value is there.
 * - the map: every device of the scope (`GET /device/map` and `reads.map` behind it), and the latest
 *   values of 1,000 devices (`reads.latestMany`) — goal ≤ 20 ms;
 * - a device's 30 days of minute data (`GET /device/series`, `reads.series`, `telemetry.series`) —
 *   goal ≤ 50 ms.
 *
 * The load generator runs in a child process (gateway-load.ts explains why). SQLite always (a fresh
 * file under os.tmpdir(), removed afterwards); PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set (a fresh schema, dropped afterwards).
 *
 * BENCH_GATEWAY_SECONDS (default 60; the goal is 600) is the measured sustained run, after a 5 s
 * warm-up; BENCH_GATEWAY_RATE (default 5,000 frames/s); BENCH_GATEWAY_CEILING_SECONDS (default 0:
 * skipped) adds a closed-loop run after it (each device keeps 3 frames unanswered).
 * Figures depend on what else the (2-core) machine runs: the load average is printed with them.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { formatChinaDateTime, SIMULATED_FACTORS } from '@lantian/domain';
import pg from 'pg';
import { SYSTEM_ACTOR } from '../../apps/server/src/modules/operator/audit';
import { devices, type IngestPacket } from '../../apps/server/src/modules/operator/devices';
import { gateway } from '../../apps/server/src/modules/operator/gateway';
import { NATIONWIDE } from '../../apps/server/src/platform/db/area-scope';
import type { TestApp } from '../../apps/server/src/testing/app';
import { adminToken, createPlatformApp, platformCall } from '../../apps/server/src/testing/platform';
import type { Command, LoadDevice, PhaseReport, Reply } from './gateway-load';
import type { BenchResult } from './index';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_GATEWAY_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_GATEWAY_RATE ?? 5000);
const CEILING_SECONDS = Number(process.env.BENCH_GATEWAY_CEILING_SECONDS ?? 0);
const WARMUP_SECONDS = 5;
const DEVICES = 1000;
const SITES = 10;
const PASSWORD = 'bench2026';
const TYPE = 'A01';
const FACTORS: readonly string[] = SIMULATED_FACTORS[TYPE];
const SERIES_DAYS = 30;
/** Every n-th answered frame is read back at once (≈ 10 reads/s at the default rate). */
const SAMPLE_EVERY = Math.max(1, Math.round(RATE / 10));
const MB = 1024 * 1024;

/** The load generator child, one request and the reply that ends it at a time. */
class LoadGenerator {
  private readonly child: ChildProcess;
  private waiting: { type: Reply['type']; resolve: (reply: Reply) => void; reject: (err: Error) => void } | null = null;
  onSample: (reply: Extract<Reply, { type: 'sample' }>) => void = () => undefined;

  constructor() {
    // fork() passes on the parent's execArgv: the child runs TypeScript through tsx like this file.
    this.child = fork(path.join(here, 'gateway-load.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (reply: Reply) => {
      if (reply.type === 'sample') this.onSample(reply);
      else if (reply.type === 'error') this.waiting?.reject(new Error(`load generator: ${reply.message}`));
      else if (this.waiting?.type === reply.type) {
        const { resolve } = this.waiting;
        this.waiting = null;
        resolve(reply);
      }
    });
    this.child.on('exit', (code) => {
      if (code !== 0 && code !== null) this.waiting?.reject(new Error(`load generator exited with ${code}`));
    });
  }

  request<T extends Reply['type']>(command: Command, until: T): Promise<Extract<Reply, { type: T }>> {
    return new Promise((resolve, reject) => {
      this.waiting = { type: until, resolve: resolve as (reply: Reply) => void, reject };
      this.child.send(command);
    });
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null || !this.child.connected) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.send({ type: 'exit' } satisfies Command);
    const timer = setTimeout(() => this.child.kill(), 5000);
    await exited;
    clearTimeout(timer);
  }
}

interface Opened {
  app: TestApp;
  drop(): Promise<void>;
}

async function openApp(kind: 'sqlite' | 'postgres'): Promise<Opened> {
  // HJ212_PORT=0: `app.start()` opens the gateway on a free port, as the server does on 9212.
  // Errors (a failed commit, a failed roll-up) are printed: they are part of the result.
  const env: Record<string, string> = {
    HJ212_PORT: '0',
    HJ212_HOST: '127.0.0.1',
    // No demo data: its first-start seed writes the SQLite file from a worker thread (a second writer,
    // "database is locked" for the gateway's commits) and takes a core; a device deployment runs without.
    DEMO_DATA: 'off',
    LOG_LEVEL: process.env.BENCH_GATEWAY_LOG_LEVEL ?? 'error',
  };
  let drop: () => Promise<void> = async () => undefined;
  if (kind === 'postgres') {
    const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
    const schema = `bench_gw_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const withPath = new URL(url);
    withPath.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = withPath.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    };
  }
  const app = await createPlatformApp(env);
  // The app's temporary directory under os.tmpdir() (the SQLite file and its WAL live there).
  const dir = path.dirname(app.config.webDistDir);
  const dropSchema = drop;
  return {
    app,
    drop: async () => {
      await dropSchema();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Median and p99 of an async call in ms: at least 5 and at most `samples` calls, about `budgetMs` long. */
async function timed(name: string, fn: () => Promise<unknown>, note: string, samples = 50, budgetMs = 10_000) {
  await fn();
  await fn();
  const times: number[] = [];
  const until = performance.now() + budgetMs;
  while (times.length < samples && (times.length < 5 || performance.now() < until)) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return [
    { name: `${name} p50`, value: at(0.5), unit: 'ms', note: `${note}, ${times.length} calls` },
    { name: `${name} p99`, value: at(0.99), unit: 'ms' },
  ] satisfies BenchResult[];
}

/** Runs `fn` and reports how long it took and the longest time a 10-ms timer could not run meanwhile. */
async function stalling<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number; stallMs: number }> {
  let previous = performance.now();
  let stallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - previous);
    previous = now;
  }, 10);
  const started = performance.now();
  const result = await fn();
  const ms = performance.now() - started;
  await new Promise((r) => setTimeout(r, 30));
  clearInterval(ticker);
  return { result, ms, stallMs };
}

/** Least-squares slope of (t seconds, y) in y-units per minute. */
function slopePerMinute(points: ReadonlyArray<{ t: number; y: number }>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mt = points.reduce((s, p) => s + p.t, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - mt) * (p.y - my);
    den += (p.t - mt) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 60;
}

async function benchDatabase(kind: 'sqlite' | 'postgres'): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const push = (name: string, value: number, unit: string, note?: string) =>
    results.push({ name: `${kind}: ${name}`, value, unit, ...(note === undefined ? {} : { note }) });
  const { app, drop } = await openApp(kind);
  const load = new LoadGenerator();
  try {
    const core = app.use(devices);
    const gw = app.use(gateway);
    const editor = { actor: SYSTEM_ACTOR, ip: null, scope: NATIONWIDE };
    const token = await adminToken(app);

    // --- 1,000 devices, through the registry service (audited, as the console's /device/save) ---
    let started = performance.now();
    const siteIds: string[] = [];
    for (let s = 0; s < SITES; s++) {
      const site = await core.registry.createSite(
        {
          siteCode: `BENCH-${s}`,
          name: `压测站点 ${s}`,
          areaCode: '110105',
          lon: 116.4 + s / 100,
          lat: 39.9 + s / 100,
          address: '',
        },
        editor,
      );
      siteIds.push(site.siteId);
    }
    const fleet: LoadDevice[] = [];
    for (let i = 0; i < DEVICES; i++) {
      const mn = `BENCH${String(i).padStart(6, '0')}`;
      await core.registry.create(
        {
          mn,
          name: `压测微站 ${i}`,
          type: TYPE,
          siteId: siteIds[i % SITES] ?? '',
          password: PASSWORD,
          installDate: null,
          status: 'active',
          factors: FACTORS.map((code) => ({ code, upper: null, lower: null })),
          config: { intervalSeconds: null, noiseZone: null },
        },
        editor,
      );
      fleet.push({ mn, pw: PASSWORD });
    }
    await core.reload();
    push(
      `register ${DEVICES.toLocaleString('en-US')} devices`,
      (performance.now() - started) / 1000,
      's',
      'registry.create one by one, audited',
    );
    const ids = fleet.map((d) => core.byMn(d.mn)?.id ?? 0);
    const seriesDevice = ids[0] ?? 0;

    // --- 30 days of minute data of one device, through the telemetry ingest (before the run: the
    //     run's real-time rows come after `seriesEnd`, so the window holds exactly 30 × 1,440 minutes) ---
    // The run's DataTimes stay inside the current wall-clock hour (they end at "now", or start at the
    // hour's start and run a little ahead): an hour is rolled up once it has ended, so writing into an
    // hour that has already ended would make every 30-s roll-up pass recompute 1,000 device-hours that
    // are still filling — an artefact. The top-of-the-hour pass is measured on its own after the run.
    const nowSeconds = Math.floor(Date.now() / 1000);
    const perDevice = Math.ceil(((WARMUP_SECONDS + SECONDS) * RATE) / DEVICES);
    const hourStart = Math.floor(nowSeconds / 3600) * 3600;
    const dataTimeStart = Math.max(hourStart, Math.floor((nowSeconds - perDevice) / 60) * 60);
    const seriesEnd = dataTimeStart;
    const seriesFrom = seriesEnd - SERIES_DAYS * 86_400;
    started = performance.now();
    let batch: IngestPacket[] = [];
    for (let t = seriesFrom + 60; t <= seriesEnd; t += 60) {
      batch.push({
        deviceId: seriesDevice,
        cn: '2051',
        dataTime: t,
        receivedAt: t + 5,
        values: FACTORS.map((factor, k) => ({
          factor,
          value: 10 + k + ((t / 60) % 97) / 10,
          min: null,
          max: null,
          flag: 'N',
        })),
      });
      if (batch.length === 1000) {
        await core.telemetry.ingest(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await core.telemetry.ingest(batch);
    const seriesValues = SERIES_DAYS * 1440 * FACTORS.length;
    push(
      `ingest ${SERIES_DAYS} days of minute data, one device`,
      Math.round(seriesValues / ((performance.now() - started) / 1000)),
      'values/s',
      `${seriesValues.toLocaleString('en-US')} values, telemetry.ingest in batches of 1,000 packets`,
    );

    // --- the server's start: gateway port, start-up roll-up (the 720 new hours too), timers ---
    started = performance.now();
    await app.start();
    push('app.start() (incl. roll-up of the 30 days)', (performance.now() - started) / 1000, 's');
    const port = gw.service.stats().tcp.port;
    if (port === null) throw new Error('the gateway did not open its port');

    const connected = await load.request({ type: 'connect', port, host: '127.0.0.1', devices: fleet }, 'connected');
    // The client sees a connection before the server's loop has accepted it: wait for the gateway's count.
    const until = performance.now() + 30_000;
    while (gw.service.stats().tcp.connections < connected.count && performance.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
    }
    push(
      `open ${DEVICES.toLocaleString('en-US')} TCP connections`,
      connected.ms,
      'ms',
      `${connected.count} open, ${connected.failed} failed; gateway counts ${gw.service.stats().tcp.connections}`,
    );

    // Server-side figures over the measured window (it starts WARMUP_SECONDS after the request and
    // lasts SECONDS). `probe` runs from a timer AND from every commit: when the gateway saturates,
    // the loop can go tens of seconds without running a timer (see the report), but it commits.
    const memory: Array<{ t: number; rss: number; heap: number }> = [];
    const commits = {
      count: 0,
      packets: 0,
      ms: 0,
      maxMs: 0,
      measuring: false,
      /** Per 10 s of the window: does a commit get slower as the tables grow? */
      buckets: [] as Array<{ count: number; ms: number }>,
    };
    let maxQueued = 0;
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    type Snapshot = { at: number; packets: number; values: number; cpu: NodeJS.CpuUsage };
    const snapshot = (): Snapshot => ({
      at: performance.now(),
      packets: gw.stats.packets,
      values: gw.stats.values,
      cpu: process.cpuUsage(),
    });
    let first: Snapshot | null = null;
    let last: Snapshot | null = null;
    let elu = performance.eventLoopUtilization();
    let from = Number.POSITIVE_INFINITY;
    let to = Number.POSITIVE_INFINITY;
    let lastProbe = 0;
    const probe = () => {
      const now = performance.now();
      if (now < from || last !== null || now - lastProbe < 250) return;
      lastProbe = now;
      if (first === null) {
        first = snapshot();
        elu = performance.eventLoopUtilization();
        loopDelay.enable();
        commits.measuring = true;
      }
      const m = process.memoryUsage();
      memory.push({ t: (now - first.at) / 1000, rss: m.rss / MB, heap: m.heapUsed / MB });
      maxQueued = Math.max(maxQueued, gw.pipeline.queued);
      if (now >= to) {
        last = snapshot();
        elu = performance.eventLoopUtilization(elu);
        loopDelay.disable();
        commits.measuring = false;
      }
    };
    const sampler = setInterval(probe, 250);

    // Commit timing (instrumentation only: the pipeline calls `core.telemetry.ingest` at each commit).
    const telemetry = core.telemetry;
    const ingest = telemetry.ingest.bind(telemetry);
    telemetry.ingest = async (packets) => {
      const t = performance.now();
      try {
        return await ingest(packets);
      } finally {
        const ms = performance.now() - t;
        if (commits.measuring) {
          commits.count += 1;
          commits.packets += packets.length;
          commits.ms += ms;
          commits.maxMs = Math.max(commits.maxMs, ms);
          if (first !== null && last === null) {
            const i = Math.floor((t - first.at) / 10_000);
            const bucket = commits.buckets[i] ?? { count: 0, ms: 0 };
            bucket.count += 1;
            bucket.ms += ms;
            commits.buckets[i] = bucket;
          }
        }
        probe();
      }
    };

    // Read-after-answer samples: the value must be queryable when its 9014 arrives.
    const samples = { checked: 0, found: 0, reads: [] as Promise<void>[] };
    load.onSample = (s) => {
      const id = core.byMn(s.mn)?.id;
      if (id === undefined) return;
      samples.reads.push(
        core.telemetry.series('minute', id, [s.factor], s.dataTime - 1, s.dataTime).then((rows) => {
          samples.checked += 1;
          if (rows.some((r) => r.value !== null && Math.abs(r.value - s.value) < 1e-9)) samples.found += 1;
        }),
      );
    };

    const load1 = loadavg()[0] ?? 0;
    const wallHourAtStart = Math.floor(Date.now() / 3_600_000);
    from = performance.now() + WARMUP_SECONDS * 1000;
    to = from + SECONDS * 1000;
    const sustained = (
      await load.request(
        {
          type: 'sustain',
          rate: RATE,
          warmupSeconds: WARMUP_SECONDS,
          seconds: SECONDS,
          dataTimeStart,
          sampleEvery: SAMPLE_EVERY,
        },
        'report',
      )
    ).report;
    clearInterval(sampler);
    load.onSample = () => undefined;
    await Promise.all(samples.reads);
    const a: Snapshot = first ?? snapshot();
    const b: Snapshot = last ?? snapshot();
    reportSustained(push, sustained, {
      load1,
      crossedHour: Math.floor(Date.now() / 3_600_000) !== wallHourAtStart,
      memory,
      maxQueued,
      committedValues: b.values - a.values,
      committedPackets: b.packets - a.packets,
      cpu: { user: b.cpu.user - a.cpu.user, system: b.cpu.system - a.cpu.system },
      elu: elu.utilization,
      wallMs: b.at - a.at,
      loopDelayP99: loopDelay.percentile(99) / 1e6,
      loopDelayMax: loopDelay.max / 1e6,
      commits,
      samples,
    });

    if (CEILING_SECONDS > 0) {
      const before = { ...commits };
      commits.measuring = true;
      const ceiling = (await load.request({ type: 'ceiling', seconds: CEILING_SECONDS, window: 3 }, 'report')).report;
      commits.measuring = false;
      const n = commits.count - before.count;
      push(
        'ceiling, packets/s (closed loop, 3 in flight per device)',
        Math.round(ceiling.answeredInWindow / ceiling.seconds),
        'packets/s',
        `${CEILING_SECONDS} s; p99 ${ceiling.latency.p99.toFixed(0)} ms; ${n} commits of ${Math.round((commits.packets - before.packets) / Math.max(1, n))} packets, mean ${((commits.ms - before.ms) / Math.max(1, n)).toFixed(0)} ms`,
      );
    }
    telemetry.ingest = ingest;

    // --- the top of the hour: the roll-up pass over every device's hour, as the 30-s timer runs it
    //     once the wall clock passes the hour's end (here forced with includeRunningHour) ---
    const roll = await stalling(() => core.telemetry.rollUp({ includeRunningHour: true }));
    push(
      "top-of-hour roll-up of the run's hours",
      roll.ms / 1000,
      's',
      `${roll.result} device-hours of ~${Math.min(3600, perDevice).toLocaleString('en-US')} samples × ${FACTORS.length} factors; no timer ran for ${(roll.stallMs / 1000).toFixed(1)} s`,
    );
    // The same pass over one hour of minute data (2051, 60 × 10 values a device), the everyday case:
    // written into the next hour so that no timer pass takes it first.
    const nextHour = hourStart + 3600;
    for (let m = 1; m <= 60; m += 1) {
      await core.telemetry.ingest(
        ids.map((deviceId) => ({
          deviceId,
          cn: '2051',
          dataTime: nextHour + m * 60 - 60 + 1,
          receivedAt: nowSeconds,
          values: FACTORS.map((factor, k) => ({ factor, value: 20 + k + (m % 7), min: null, max: null, flag: 'N' })),
        })),
      );
    }
    const rollMinutes = await stalling(() => core.telemetry.rollUp({ includeRunningHour: true }));
    push(
      'top-of-hour roll-up, one hour of minute data',
      rollMinutes.ms / 1000,
      's',
      `${rollMinutes.result} device-hours of 60 samples × ${FACTORS.length} factors; no timer ran for ${(rollMinutes.stallMs / 1000).toFixed(1)} s`,
    );

    // --- reads, on the tables the run filled ---
    const map = await platformCall(app, { url: '/device/map', token });
    const mapCount = (map.json() as { data: unknown[] }).data.length;
    results.push(
      ...(
        await timed(
          'GET /device/map',
          () => platformCall(app, { url: '/device/map', token }),
          `${mapCount} devices, nationwide admin, server.inject`,
        )
      ).map(prefix(kind)),
      ...(
        await timed('reads.map (the service behind it)', () => core.reads.map({}, NATIONWIDE), `${mapCount} devices`)
      ).map(prefix(kind)),
      ...(
        await timed(
          `latest values of ${DEVICES.toLocaleString('en-US')} devices (reads.latestMany)`,
          () => core.reads.latestMany(ids),
          `${(await core.reads.latestMany(ids)).size} devices × ${FACTORS.length} factors`,
        )
      ).map(prefix(kind)),
    );
    const startTime = formatChinaDateTime(seriesFrom);
    const endTime = formatChinaDateTime(seriesEnd);
    const seriesQuery = { deviceId: String(seriesDevice), resolution: 'minute' as const, startTime, endTime };
    const points = (await core.reads.series(seriesQuery, NATIONWIDE)).factors.reduce((n, f) => n + f.points.length, 0);
    results.push(
      ...(
        await timed(
          `${SERIES_DAYS} days of minute data, all factors (reads.series)`,
          () => core.reads.series(seriesQuery, NATIONWIDE),
          `${points.toLocaleString('en-US')} points`,
          20,
        )
      ).map(prefix(kind)),
      ...(
        await timed(
          `${SERIES_DAYS} days of minute data, all factors (telemetry.series, SQL only)`,
          () => core.telemetry.series('minute', seriesDevice, FACTORS, seriesFrom, seriesEnd),
          'rows as the repository returns them',
          20,
        )
      ).map(prefix(kind)),
      ...(
        await timed(
          `${SERIES_DAYS} days of minute data, one factor (GET /device/series)`,
          () =>
            platformCall(app, {
              url: '/device/series',
              token,
              query: { ...seriesQuery, factor: FACTORS[0] ?? 'a34004' },
            }),
          `${(SERIES_DAYS * 1440).toLocaleString('en-US')} points, server.inject`,
          20,
        )
      ).map(prefix(kind)),
      ...(
        await timed(
          `${SERIES_DAYS} days of minute data, one factor (reads.series)`,
          () => core.reads.series({ ...seriesQuery, factor: FACTORS[0] ?? 'a34004' }, NATIONWIDE),
          `${(SERIES_DAYS * 1440).toLocaleString('en-US')} points`,
          20,
        )
      ).map(prefix(kind)),
    );
  } finally {
    await load.close();
    await app.close();
    await drop();
  }
  return results;
}

const prefix =
  (kind: string) =>
  (r: BenchResult): BenchResult => ({ ...r, name: `${kind}: ${r.name}` });

function reportSustained(
  push: (name: string, value: number, unit: string, note?: string) => void,
  r: PhaseReport,
  s: {
    load1: number;
    crossedHour: boolean;
    memory: Array<{ t: number; rss: number; heap: number }>;
    maxQueued: number;
    committedValues: number;
    committedPackets: number;
    cpu: NodeJS.CpuUsage;
    elu: number;
    wallMs: number;
    loopDelayP99: number;
    loopDelayMax: number;
    commits: {
      count: number;
      packets: number;
      ms: number;
      maxMs: number;
      buckets: Array<{ count: number; ms: number }>;
    };
    samples: { checked: number; found: number };
  },
) {
  const perSecond = [...r.perSecond].sort((a, b) => a - b);
  const tenth = (list: readonly number[]) => {
    const slice = list.slice(0, 10);
    return slice.length === 0 ? 0 : slice.reduce((x, y) => x + y, 0) / slice.length;
  };
  push(
    'sustained, packets/s answered',
    Math.round(r.answeredInWindow / r.seconds),
    'packets/s',
    `offered ${Math.round(r.sent / r.seconds)}/s by ${DEVICES} devices for ${r.seconds} s; first 10 s ${tenth(r.perSecond).toFixed(0)}/s, last 10 s ${tenth([...r.perSecond].reverse()).toFixed(0)}/s, slowest second ${perSecond[0] ?? 0}; load avg ${s.load1.toFixed(2)} at start${s.crossedHour ? '; the run crossed the top of the hour: the hour roll-up of every device ran inside it' : ''}`,
  );
  push(
    'sustained, values/s committed',
    Math.round(s.committedValues / (Math.max(1, s.wallMs) / 1000)),
    'values/s',
    `gateway stats: ${s.committedPackets.toLocaleString('en-US')} packets, ${s.committedValues.toLocaleString('en-US')} values in ${(s.wallMs / 1000).toFixed(1)} s`,
  );
  push('packet → 9014 (queryable) p50', r.latency.p50, 'ms');
  push('packet → 9014 (queryable) p99', r.latency.p99, 'ms', 'goal ≤ 2,000 ms');
  push('packet → 9014 (queryable) p99.9', r.latency.p999, 'ms');
  push('packet → 9014 (queryable) max', r.latency.max, 'ms', `${r.latency.count.toLocaleString('en-US')} answers`);
  push(
    'unanswered packets',
    r.unanswered,
    'packets',
    `of ${r.sent.toLocaleString('en-US')} sent in the window, after up to 60 s more; generator late ${r.generatorLagMs.toFixed(0)} ms`,
  );
  push(
    'values read back right after their 9014',
    s.samples.found,
    'found',
    `of ${s.samples.checked} sampled answers (telemetry.series at answer time)`,
  );
  const first = s.memory[0];
  const last = s.memory[s.memory.length - 1];
  const max = (key: 'rss' | 'heap') => Math.max(...s.memory.map((m) => m[key]));
  push(
    'heap used start → end',
    last?.heap ?? 0,
    'MB',
    `start ${(first?.heap ?? 0).toFixed(0)}, max ${max('heap').toFixed(0)}, trend ${slopePerMinute(s.memory.map((m) => ({ t: m.t, y: m.heap }))).toFixed(1)} MB/min over ${s.memory.length} samples`,
  );
  push(
    'RSS start → end',
    last?.rss ?? 0,
    'MB',
    `start ${(first?.rss ?? 0).toFixed(0)}, max ${max('rss').toFixed(0)}, trend ${slopePerMinute(s.memory.map((m) => ({ t: m.t, y: m.rss }))).toFixed(1)} MB/min`,
  );
  push(
    'server CPU (user+system)',
    Math.round(((s.cpu.user + s.cpu.system) / 1000 / Math.max(1, s.wallMs)) * 100),
    '% of a core',
    `event loop utilisation ${(s.elu * 100).toFixed(0)} %, loop delay p99 ${s.loopDelayP99.toFixed(0)} ms, max ${s.loopDelayMax.toFixed(0)} ms`,
  );
  const n = Math.max(1, s.commits.count);
  const mean = (b: { count: number; ms: number } | undefined) => (b === undefined ? 0 : b.ms / Math.max(1, b.count));
  const full = s.commits.buckets.filter((b, i) => b !== undefined && i < Math.floor(s.wallMs / 10_000));
  push(
    'commit (telemetry.ingest) mean',
    s.commits.ms / n,
    'ms',
    `${s.commits.count} commits of ${Math.round(s.commits.packets / n)} packets on average, max ${s.commits.maxMs.toFixed(0)} ms; first 10 s ${mean(full[0]).toFixed(0)} ms, last 10 s ${mean(full[full.length - 1]).toFixed(0)} ms; ${((s.commits.ms / Math.max(1, s.wallMs)) * 100).toFixed(0)} % of the wall time; pipeline queue max ${s.maxQueued}`,
  );
}

export async function run(): Promise<BenchResult[]> {
  const kinds: Array<'sqlite' | 'postgres'> =
    (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) ? ['sqlite', 'postgres'] : ['sqlite'];
  const results: BenchResult[] = [];
  for (const kind of kinds) results.push(...(await benchDatabase(kind)));
  return results;
}
