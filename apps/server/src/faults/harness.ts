import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PUBLIC_API_KEY, signParams } from '@lantian/contracts';
import SqliteDatabase from 'better-sqlite3';

/**
 * The fault suite's parts: a PostgreSQL cluster and a Redis of its own (never the machine's shared
 * ones), the server and the CLI as child processes, a steady mixed load, and the matrix it prints.
 */

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverSrc = path.join(root, 'apps/server/src');
const dist = path.join(root, 'apps/server/dist');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Every answer must come within this, fault or no fault. */
export const ANSWER_BOUND_MS = 10_000;

/** Settings every server child gets: bounded waits short enough for the suite, limits out of the way of the load. */
export const FAULT_ENV: Record<string, string> = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'info',
  HOST: '127.0.0.1',
  DEMO_DATA: 'off',
  DB_CONNECT_TIMEOUT_MS: '2000',
  DB_STATEMENT_TIMEOUT_MS: '3000',
  REDIS_COMMAND_TIMEOUT_MS: '1000',
  REDIS_CONNECT_TIMEOUT_MS: '1000',
  SHUTDOWN_TIMEOUT_MS: '3000',
  // The load is one client address writing fast; per-address limits are not what is under test here.
  SHORT_URL_RATE_LIMIT_MAX: '10000000',
  RATE_LIMIT_PUBLIC_MAX: '10000000',
  SMS_PROVIDER: 'off',
};

const made: string[] = [];

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** For a file's afterAll, once its processes are stopped. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The built bundle when it is newer than the sources (CI runs the suite after `npm run build`), else
 * the sources through tsx's loader — in the same process, so that a SIGKILL reaches the server itself
 * (the `tsx` command would leave its child running).
 */
function entry(name: 'server' | 'cli'): string[] {
  const bundle = path.join(dist, `${name}.js`);
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= newestMtime(serverSrc)) return [process.execPath, bundle];
  return [process.execPath, '--import', 'tsx', path.join(serverSrc, `${name}.ts`)];
}

// ——— PostgreSQL ———————————————————————————————————————————————————————————————

/**
 * A throw-away cluster in a temp dir, run as the `postgres` user when we are root (PostgreSQL
 * refuses to run as root), on a free port with its socket in the temp dir.
 */
export class PgCluster {
  readonly dir: string;
  readonly data: string;
  private constructor(
    readonly port: number,
    dir: string,
  ) {
    this.dir = dir;
    this.data = path.join(dir, 'data');
  }

  static async create(): Promise<PgCluster> {
    const dir = tempDir('lantian-faults-pg-');
    const cluster = new PgCluster(await freePort(), dir);
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
    }
    cluster.run('initdb', ['-D', cluster.data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    appendFileSync(
      path.join(cluster.data, 'postgresql.conf'),
      [
        `port = ${cluster.port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'max_connections = 60',
        'shared_buffers = 16MB',
        'fsync = on',
        '',
      ].join('\n'),
    );
    cluster.start();
    return cluster;
  }

  private run(bin: string, args: string[]): string {
    const command = path.join(PG_BIN, bin);
    const asRoot = process.getuid?.() === 0;
    return execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    }).toString();
  }

  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  start(): void {
    this.run('pg_ctl', [
      'start',
      '-w',
      '-t',
      '30',
      '-D',
      this.data,
      '-l',
      path.join(this.dir, 'log'),
      '-o',
      '-c fsync=on',
    ]);
  }

  restartFast(): void {
    this.run('pg_ctl', ['restart', '-w', '-t', '30', '-m', 'fast', '-D', this.data, '-l', path.join(this.dir, 'log')]);
  }

  stop(): void {
    try {
      this.run('pg_ctl', ['stop', '-w', '-t', '30', '-m', 'immediate', '-D', this.data]);
    } catch {
      // Already down.
    }
  }

  createDatabase(name: string): string {
    this.run('createdb', ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', name]);
    return this.url(name);
  }

  /** The postmaster's pid and every process it started: this cluster's, never the machine's shared one. */
  pids(): number[] {
    const postmaster = Number(readFileSync(path.join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children: number[] = [];
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid === postmaster) children.push(Number(name));
      } catch {
        // Gone meanwhile.
      }
    }
    return [postmaster, ...children];
  }

  signal(signal: NodeJS.Signals, pids = this.pids()): number[] {
    for (const pid of pids) {
      try {
        process.kill(pid, signal);
      } catch {
        // Gone meanwhile.
      }
    }
    return pids;
  }
}

// ——— Redis ————————————————————————————————————————————————————————————————————

export class RedisServer {
  private child: ChildProcess | undefined;
  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async create(): Promise<RedisServer> {
    const redis = new RedisServer(await freePort(), tempDir('lantian-faults-redis-'));
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir],
      { stdio: 'ignore' },
    );
    this.child = child;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (await canConnect(this.port)) return;
      await sleep(50);
    }
    throw new Error('redis-server did not start');
  }

  kill(): void {
    this.child?.kill('SIGKILL');
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// ——— The server and the CLI ———————————————————————————————————————————————————

export interface ServerOptions {
  env: Record<string, string>;
  /** A file-size limit in KiB (RLIMIT_FSIZE via `ulimit -f`): a full disk for SQLite. */
  fileSizeLimitKb?: number;
}

export class ServerProcess {
  private child: ChildProcess | undefined;
  log = '';
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  private constructor(
    readonly port: number,
    /** Read at every start: a case may change them between starts (lift a limit). */
    public options: ServerOptions,
  ) {}

  static async start(options: ServerOptions): Promise<ServerProcess> {
    const server = new ServerProcess(await freePort(), options);
    await server.start();
    return server;
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.exit = undefined;
    const from = this.log.length;
    const [command, ...args] = entry('server') as [string, ...string[]];
    const env = { ...process.env, ...FAULT_ENV, ...this.options.env, PORT: String(this.port) };
    const limit = this.options.fileSizeLimitKb;
    // Node ignores SIGXFSZ itself, so a write past the limit fails with EFBIG instead of killing the process.
    const child =
      limit === undefined
        ? spawn(command, args, { cwd: root, env })
        : spawn('bash', ['-c', `ulimit -f ${limit} && exec "$0" "$@"`, command, ...args], { cwd: root, env });
    this.child = child;
    child.stdout?.on('data', (d) => (this.log += d));
    child.stderr?.on('data', (d) => (this.log += d));
    child.on('exit', (code, signal) => (this.exit = { code, signal }));
    const deadline = Date.now() + 60_000;
    while (!this.log.slice(from).includes('is running at')) {
      if (this.exit !== undefined)
        throw new Error(`server exited at start-up (${JSON.stringify(this.exit)}):\n${this.log}`);
      if (Date.now() > deadline) throw new Error(`server did not start:\n${this.log}`);
      await sleep(50);
    }
  }

  get alive(): boolean {
    return this.child !== undefined && this.exit === undefined;
  }

  kill(): void {
    this.child?.kill('SIGKILL');
  }

  async stop(): Promise<void> {
    if (!this.alive) return;
    const exited = new Promise((resolve) => this.child?.once('exit', resolve));
    this.child?.kill('SIGTERM');
    await Promise.race([exited, sleep(5_000)]);
    if (this.alive) this.kill();
  }

  /** Log lines (pino JSON) whose msg matches. */
  lines(msg: RegExp): number {
    return this.log.split('\n').filter((line) => {
      try {
        const parsed = JSON.parse(line) as { msg?: unknown };
        return typeof parsed.msg === 'string' && msg.test(parsed.msg);
      } catch {
        return false;
      }
    }).length;
  }
}

export function startCli(args: string[], env: Record<string, string>): ChildProcess & { output: () => string } {
  const [command, ...rest] = entry('cli') as [string, ...string[]];
  const child = spawn(command, [...rest, ...args], {
    cwd: root,
    env: { ...process.env, ...FAULT_ENV, LOG_LEVEL: 'silent', IMPORT_ARCHIVE_URL: '', IMPORT_STATIONS_URL: '', ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return Object.assign(child, { output: () => output });
}

export function waitExit(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

// ——— Load ——————————————————————————————————————————————————————————————————————

export type Outcome = '2xx' | '503' | 'refused' | 'other';

export interface Sample {
  at: number;
  ms: number;
  outcome: Outcome;
  status: number;
  kind: 'write' | 'read';
  detail?: string;
}

/**
 * A steady mixed load: each worker alternates writes (a new short link through the signed
 * `getShortUrl` call, a write the public API answers) and reads (following a link made earlier,
 * and /readyz). Every write answered 2xx is remembered, to be found in the database afterwards.
 */
export class Load {
  readonly samples: Sample[] = [];
  /** url → id of every link the server answered as created. */
  readonly written = new Map<string, string>();
  private running = false;
  private loops: Promise<void>[] = [];
  private counter = 0;

  constructor(
    private readonly base: () => string,
    private readonly tag: string,
    private readonly workers = 4,
    private readonly pauseMs = 40,
  ) {}

  start(): void {
    this.running = true;
    this.loops = Array.from({ length: this.workers }, (_, w) => this.loop(w));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  private async loop(worker: number): Promise<void> {
    let turn = 0;
    while (this.running) {
      turn++;
      if (turn % 3 === 0 && this.written.size > 0) await this.read(worker);
      else await this.write();
      await sleep(this.pauseMs);
    }
  }

  private async request(kind: Sample['kind'], url: string, init: RequestInit): Promise<Response | undefined> {
    const started = Date.now();
    try {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(ANSWER_BOUND_MS * 3),
      });
      const body = await response.text();
      const ms = Date.now() - started;
      let outcome: Outcome = 'other';
      if (response.status < 400) outcome = '2xx';
      else if (response.status === 503 && isUnavailableEnvelope(body) && response.headers.has('retry-after')) {
        outcome = '503';
      }
      this.samples.push({
        at: started,
        ms,
        outcome,
        status: response.status,
        kind,
        ...(outcome === 'other' ? { detail: body.slice(0, 200) } : {}),
      });
      return Object.assign(response, { bodyText: body });
    } catch (err) {
      const ms = Date.now() - started;
      // The server was not there (refused) or went away mid-request (reset): expected only where a case kills it.
      const code = (err as { cause?: { code?: string } }).cause?.code ?? '';
      const refused = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'].includes(code);
      this.samples.push({
        at: started,
        ms,
        outcome: refused ? 'refused' : 'other',
        status: 0,
        kind,
        detail: String((err as { cause?: unknown }).cause ?? err),
      });
      return undefined;
    }
  }

  private async write(): Promise<void> {
    const url = `/city/faults?${this.tag}=${++this.counter}`;
    const params = { url };
    const headers = await signParams(params, DEFAULT_PUBLIC_API_KEY);
    const response = await this.request('write', `${this.base()}/api/getShortUrl`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(params).toString(),
    });
    if (response?.status === 200) {
      const parsed = JSON.parse((response as Response & { bodyText: string }).bodyText) as { data: { id: string } };
      this.written.set(url, parsed.data.id);
    }
  }

  private async read(worker: number): Promise<void> {
    if (worker % 2 === 0) {
      const ids = [...this.written.values()];
      const id = ids[Math.floor(Math.random() * ids.length)];
      await this.request('read', `${this.base()}/s/${id}`, {});
    } else {
      await this.request('read', `${this.base()}/readyz`, {});
    }
  }

  /** The samples between two instants. */
  between(from: number, to: number): Sample[] {
    return this.samples.filter((s) => s.at >= from && s.at < to);
  }
}

function isUnavailableEnvelope(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; msg?: unknown };
    return parsed.code === 50300 && typeof parsed.msg === 'string' && parsed.msg !== '';
  } catch {
    return false;
  }
}

/** Polls until `check` holds; returns the milliseconds it took. */
export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`not within ${timeoutMs} ms: ${what}`);
}

export async function isReady(base: string): Promise<boolean> {
  const response = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5_000) });
  await response.text();
  return response.status === 200;
}

// ——— The matrix ————————————————————————————————————————————————————————————————

export interface MatrixRow {
  fault: string;
  requests: number;
  ok: number;
  unavailable: number;
  refused: number;
  other: number;
  maxMs: number;
  recoveredMs: number | string;
  writes: number;
}

export function matrixRow(
  fault: string,
  samples: readonly Sample[],
  recoveredMs: number | string,
  writes: number,
): MatrixRow {
  const count = (o: Outcome) => samples.filter((s) => s.outcome === o).length;
  return {
    fault,
    requests: samples.length,
    ok: count('2xx'),
    unavailable: count('503'),
    refused: count('refused'),
    other: count('other'),
    maxMs: samples.reduce((m, s) => Math.max(m, s.ms), 0),
    recoveredMs,
    writes,
  };
}

export const MATRIX_FILE = path.join(os.tmpdir(), 'lantian-faults-matrix.jsonl');

export function recordRow(row: MatrixRow): void {
  mkdirSync(path.dirname(MATRIX_FILE), { recursive: true });
  appendFileSync(MATRIX_FILE, `${JSON.stringify(row)}\n`);
}

export function formatMatrix(rows: readonly MatrixRow[]): string {
  const header = ['fault', 'requests', '2xx', '503', 'refused', 'other', 'max ms', 'recovered after', 'writes kept'];
  const body = rows.map((r) => [
    r.fault,
    String(r.requests),
    String(r.ok),
    String(r.unavailable),
    String(r.refused),
    String(r.other),
    String(r.maxMs),
    typeof r.recoveredMs === 'number' ? `${(r.recoveredMs / 1000).toFixed(1)} s` : r.recoveredMs,
    String(r.writes),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** Which of `urls` have a short link in the SQLite file (writes answered as created must all be there). */
export function storedShortUrls(file: string, urls: readonly string[]): Promise<Set<string>> {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const found = new Set<string>();
    const statement = db.prepare('select 1 from short_urls where url = ?');
    for (const url of urls) if (statement.get(url) !== undefined) found.add(url);
    return Promise.resolve(found);
  } finally {
    db.close();
  }
}
