import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { StreamView } from '@lantian/contracts';
import { relayBackoffSeconds, relayFailureReason } from '@lantian/domain';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Live streams: one ffmpeg per watched channel pulls the camera's RTSP (over TCP) and writes HLS —
 * one-second segments, a rolling six-segment playlist, old segments deleted — into its own folder,
 * which the routes serve to signed-in operators. A relay starts on the first play, lives while the
 * players keep fetching (each fetch is a `touch`), and is stopped after `idleSeconds` without one.
 * A relay that dies is started again with a growing delay (1 s, 2 s, 4 s … 30 s) as long as someone
 * watches; until it is live again its state is `offline` with the reason read from ffmpeg's errors.
 * A camera that does not answer is `offline` after `connectSeconds`, never "connecting" for ever.
 * The video is copied, not re-encoded: cameras send H.264, which HLS carries and browsers play.
 *
 * Server processes of one machine (SERVER_PROCESSES) share the folder: a relay's folder names its
 * owner (`owner`, the pid) and its state (`state.json`); another process serves its files, answers its
 * state and marks viewers in `viewed` (whose time the owner's idle check reads), instead of starting a
 * second ffmpeg for the same channel.
 */

export interface RelaySettings {
  dir: string;
  ffmpeg: string;
  idleSeconds: number;
  connectSeconds: number;
  /** This process's id as written in the folders it owns (tests stand for a second process). */
  pid?: number;
}

interface Relay {
  key: string;
  url: string;
  dir: string;
  proc: ChildProcess | null;
  state: StreamView['state'];
  reason: string | null;
  since: number;
  lastViewed: number;
  failures: number;
  stderr: string;
  timers: NodeJS.Timeout[];
  stopping: boolean;
}

const PLAYLIST = 'index.m3u8';
const SEGMENT = /^seg\d{5}\.ts$/;

export class RelayManager {
  private readonly relays = new Map<string, Relay>();
  private sweeper: NodeJS.Timeout | null = null;

  private get ownPid(): number {
    return this.settings.pid ?? process.pid;
  }

  constructor(
    private readonly settings: RelaySettings,
    private readonly log: FastifyBaseLogger,
    private readonly playlistUrl: (key: string) => string,
  ) {}

  /** Starts the stream if needed (or keeps it) and answers its state. */
  async ensure(key: string, rtspUrl: string): Promise<StreamView> {
    this.startSweeper();
    let relay = this.relays.get(key);
    if (relay === undefined && this.foreign(key)) {
      this.touch(key);
      return this.foreignView(key);
    }
    if (relay !== undefined && relay.url !== rtspUrl) {
      await this.stop(key);
      relay = undefined;
    }
    if (relay === undefined) {
      relay = {
        key,
        url: rtspUrl,
        dir: join(this.settings.dir, key),
        proc: null,
        state: 'connecting',
        reason: null,
        since: Date.now(),
        lastViewed: Date.now(),
        failures: 0,
        stderr: '',
        timers: [],
        stopping: false,
      };
      this.relays.set(key, relay);
      await this.spawn(relay);
    }
    relay.lastViewed = Date.now();
    return this.viewOf(relay);
  }

  /** The state without starting anything. */
  view(key: string): StreamView {
    const relay = this.relays.get(key);
    if (relay !== undefined) return this.viewOf(relay);
    return this.foreign(key) ? this.foreignView(key) : { state: 'idle', reason: null, url: null, since: null };
  }

  /** A player fetched the playlist or a segment: the relay is still wanted. */
  touch(key: string): void {
    const relay = this.relays.get(key);
    if (relay !== undefined) {
      relay.lastViewed = Date.now();
      return;
    }
    if (!this.foreign(key)) return;
    const viewed = join(this.settings.dir, key, 'viewed');
    try {
      const now = new Date();
      if (existsSync(viewed)) utimesSync(viewed, now, now);
      else writeFileSync(viewed, '');
    } catch {
      // The owner removed the folder meanwhile: nothing left to keep alive.
    }
  }

  /** The path of a file of a running relay's HLS output (this process's or another's), or undefined. */
  file(key: string, name: string): string | undefined {
    if (name !== PLAYLIST && !SEGMENT.test(name)) return undefined;
    if (!this.relays.has(key) && !this.foreign(key)) return undefined;
    const path = join(this.settings.dir, key, name);
    return existsSync(path) ? path : undefined;
  }

  /** Whether another live process of this machine runs the relay of `key`. */
  private foreign(key: string): boolean {
    try {
      const pid = Number(readFileSync(join(this.settings.dir, key, 'owner'), 'utf8'));
      if (!Number.isInteger(pid) || pid <= 0 || pid === this.ownPid) return false;
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  private foreignView(key: string): StreamView {
    try {
      const saved = JSON.parse(readFileSync(join(this.settings.dir, key, 'state.json'), 'utf8')) as {
        state: StreamView['state'];
        reason: string | null;
        since: number;
      };
      if (saved.state === 'offline') return { state: 'offline', reason: saved.reason, url: null, since: saved.since };
      return { state: saved.state, reason: null, url: this.playlistUrl(key), since: saved.since };
    } catch {
      return { state: 'connecting', reason: null, url: this.playlistUrl(key), since: null };
    }
  }

  /** The last time any process's player fetched this relay's files. */
  private lastViewed(relay: Relay): number {
    try {
      return Math.max(relay.lastViewed, statSync(join(relay.dir, 'viewed')).mtimeMs);
    } catch {
      return relay.lastViewed;
    }
  }

  /** The relay's ffmpeg process id (tests). */
  pid(key: string): number | undefined {
    return this.relays.get(key)?.proc?.pid;
  }

  async stop(key: string): Promise<void> {
    const relay = this.relays.get(key);
    if (relay === undefined) return;
    this.relays.delete(key);
    relay.stopping = true;
    for (const t of relay.timers) clearTimeout(t);
    await this.kill(relay);
    await rm(relay.dir, { recursive: true, force: true });
  }

  async close(): Promise<void> {
    if (this.sweeper !== null) clearInterval(this.sweeper);
    this.sweeper = null;
    await Promise.all([...this.relays.keys()].map((key) => this.stop(key)));
  }

  private viewOf(relay: Relay): StreamView {
    const since = Math.floor(relay.since / 1000);
    if (relay.state === 'offline') return { state: 'offline', reason: relay.reason, url: null, since };
    return { state: relay.state, reason: null, url: this.playlistUrl(relay.key), since };
  }

  private startSweeper(): void {
    if (this.sweeper !== null) return;
    const every = Math.max(250, Math.min(5000, (this.settings.idleSeconds * 1000) / 4));
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const relay of [...this.relays.values()]) {
        if (now - this.lastViewed(relay) > this.settings.idleSeconds * 1000) {
          this.log.info({ stream: relay.key }, 'video relay idle: stopped');
          void this.stop(relay.key);
        }
      }
    }, every);
    this.sweeper.unref();
  }

  private set(relay: Relay, state: StreamView['state'], reason: string | null): void {
    if (relay.state !== state) relay.since = Date.now();
    relay.state = state;
    relay.reason = reason;
    try {
      writeFileSync(
        join(relay.dir, 'state.json'),
        JSON.stringify({ state, reason, since: Math.floor(relay.since / 1000) }),
      );
    } catch {
      // The folder is being removed (the relay stops): its state no longer matters to anyone.
    }
  }

  private async spawn(relay: Relay): Promise<void> {
    await rm(relay.dir, { recursive: true, force: true });
    await mkdir(relay.dir, { recursive: true });
    if (relay.stopping) return;
    writeFileSync(join(relay.dir, 'owner'), String(this.ownPid));
    relay.stderr = '';
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-rtsp_transport',
      'tcp',
      // Socket I/O timeout (µs): a camera that stops sending ends the relay instead of freezing it.
      '-timeout',
      String(this.settings.connectSeconds * 1_000_000),
      '-i',
      relay.url,
      '-map',
      '0:v:0',
      '-c:v',
      'copy',
      '-an',
      '-f',
      'hls',
      '-hls_time',
      '1',
      '-hls_list_size',
      '6',
      '-hls_flags',
      'delete_segments+omit_endlist+temp_file',
      '-hls_segment_filename',
      join(relay.dir, 'seg%05d.ts'),
      join(relay.dir, PLAYLIST),
    ];
    let proc: ChildProcess;
    try {
      proc = spawn(this.settings.ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (err) {
      this.set(relay, 'offline', '服务器未安装 ffmpeg，无法转发视频');
      this.log.error({ err }, 'ffmpeg could not start');
      return;
    }
    relay.proc = proc;
    this.set(relay, relay.failures > 0 ? relay.state : 'connecting', relay.reason);
    proc.stderr?.on('data', (chunk: Buffer) => {
      relay.stderr = (relay.stderr + chunk.toString('utf8')).slice(-2000);
    });
    proc.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') relay.stderr = 'ffmpeg missing';
    });
    const started = Date.now();
    const poll = setInterval(() => {
      if (relay.proc !== proc) return clearInterval(poll);
      if (existsSync(join(relay.dir, PLAYLIST))) {
        clearInterval(poll);
        relay.failures = 0;
        this.set(relay, 'live', null);
      } else if (Date.now() - started > this.settings.connectSeconds * 1000) {
        clearInterval(poll);
        relay.stderr += '\nconnection timed out';
        proc.kill('SIGKILL');
      }
    }, 200);
    relay.timers.push(poll);
    proc.on('exit', (code, signal) => {
      clearInterval(poll);
      if (relay.proc === proc) relay.proc = null;
      if (relay.stopping) return;
      relay.failures += 1;
      const reason =
        relay.stderr === 'ffmpeg missing' ? '服务器未安装 ffmpeg，无法转发视频' : relayFailureReason(relay.stderr);
      this.set(relay, 'offline', reason);
      const delay = relayBackoffSeconds(relay.failures);
      this.log.warn(
        { stream: relay.key, code, signal, failures: relay.failures, retryIn: delay, stderr: relay.stderr.slice(-300) },
        'video relay ended',
      );
      const retry = setTimeout(() => {
        if (relay.stopping || this.relays.get(relay.key) !== relay) return;
        void this.spawn(relay).catch((err: unknown) => this.log.error({ err }, 'video relay restart failed'));
      }, delay * 1000);
      retry.unref();
      relay.timers.push(retry);
    });
  }

  private async kill(relay: Relay): Promise<void> {
    const proc = relay.proc;
    relay.proc = null;
    if (proc === null || proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => proc.kill('SIGKILL'), 2000);
      proc.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      proc.kill('SIGTERM');
    });
  }
}
