/**
 * The gateway bench's load generator, run as a child process (`fork` from gateway.bench.ts): 1,000
 * simulated data loggers (数采仪), one real TCP connection each, sending real HJ 212-2017 frames
 * (encodeFrame/buildDataPacket of packages/domain) and timing each frame until its 9014 answer.
 *
 * Why a child process and not the bench's own process or a worker thread: the machine has 2 cores.
 * Building 5,000 frames/s (CRC, CP validation) and parsing 5,000 answers/s costs a real share of a
 * core; on the server's event loop it would be counted as the gateway's latency, and a worker thread
 * of the same process would still share its GC pauses and heap (and the RSS we report). As a process
 * of its own the OS schedules it on the other core, the server's memory figures are the server's
 * alone, and latencies are measured on the generator's clock, not on the loop being measured.
 *
 * Driven over IPC, one phase at a time (see the `Command` and `Reply` types):
 * - connect: opens every connection (in groups, as a fleet reconnecting would);
 * - sustain: open loop — frames sent on a fixed schedule (`rate` per second over all devices, each
 *   device in turn, so every device sends `rate / devices` per second) whatever the answers do; a
 *   slow server shows as latency and unanswered frames, not as a lower offered rate;
 * - ceiling: closed loop — each device keeps `window` frames unanswered, sending the next one as an
 *   answer arrives: the most the gateway + store commit per second;
 * - exit.
 */
import net from 'node:net';
import {
  buildDataPacket,
  encodeFrame,
  formatQn,
  SIMULATED_FACTORS,
  SIMULATED_RANGES,
  simulatedReading,
} from '@lantian/domain';

export interface LoadDevice {
  mn: string;
  pw: string;
}

export type Command =
  | { type: 'connect'; port: number; host: string; devices: LoadDevice[] }
  | {
      type: 'sustain';
      /** Frames per second over all devices. */
      rate: number;
      warmupSeconds: number;
      seconds: number;
      /** The first frame's DataTime (epoch seconds); each next frame of a device is one second later. */
      dataTimeStart: number;
      /** Every n-th answered frame is reported back for a read-after-answer check. */
      sampleEvery: number;
    }
  | { type: 'ceiling'; seconds: number; window: number }
  | { type: 'exit' };

/** Latency figures of a phase, in milliseconds. */
export interface LatencyReport {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
}

export interface PhaseReport {
  /** Frames sent during the measured window (warm-up excluded). */
  sent: number;
  /** Answers received during the measured window. */
  answeredInWindow: number;
  /** Measured frames still unanswered after the drain. */
  unanswered: number;
  /** Seconds of the measured window. */
  seconds: number;
  /** Answers per second of every whole second of the window. */
  perSecond: number[];
  /** Send→9014 of the frames sent in the measured window. */
  latency: LatencyReport;
  /** Frames the generator could not send on time (its own event loop late by more than 100 ms). */
  generatorLagMs: number;
}

export type Reply =
  | { type: 'connected'; count: number; ms: number; failed: number }
  | { type: 'sample'; mn: string; dataTime: number; factor: string; value: number; answeredAt: number }
  | { type: 'report'; phase: 'sustain' | 'ceiling'; report: PhaseReport }
  | { type: 'error'; message: string };

const FACTORS: readonly string[] = SIMULATED_FACTORS.A01;
const FACTOR0 = FACTORS[0] ?? 'a34004';
/** Histogram of latencies: 0.1 ms buckets up to 120 s (beyond, the overflow bucket). */
const BUCKET_MS = 0.1;
const BUCKETS = 1_200_000;
/** How long the frames of a phase may still be answered after it: beyond, they count as unanswered. */
const DRAIN_MS = 60_000;

class Histogram {
  private readonly buckets = new Uint32Array(BUCKETS + 1);
  count = 0;
  max = 0;

  add(ms: number): void {
    const i = Math.min(BUCKETS, Math.floor(ms / BUCKET_MS));
    this.buckets[i] = (this.buckets[i] ?? 0) + 1;
    this.count += 1;
    if (ms > this.max) this.max = ms;
  }

  report(): LatencyReport {
    const at = (q: number) => {
      const rank = Math.ceil(q * this.count);
      let seen = 0;
      for (let i = 0; i <= BUCKETS; i++) {
        seen += this.buckets[i] ?? 0;
        if (seen >= rank) return (i + 1) * BUCKET_MS;
      }
      return this.max;
    };
    const q = (p: number) => (this.count === 0 ? 0 : Math.min(this.max, at(p)));
    return { count: this.count, p50: q(0.5), p90: q(0.9), p99: q(0.99), p999: q(0.999), max: this.max };
  }
}

interface InFlight {
  sentAt: number;
  dataTime: number;
  value0: number;
  measured: boolean;
  sample: boolean;
}

interface Logger {
  index: number;
  mn: string;
  pw: string;
  socket: net.Socket;
  buffer: string;
  seq: number;
  inFlight: Map<string, InFlight>;
}

const send = (reply: Reply) => process.send?.(reply);

let loggers: Logger[] = [];
/** What the current phase does with an answer. */
let onAnswer: (logger: Logger, entry: InFlight, at: number) => void = () => undefined;
let dataTimeStart = Math.floor(Date.now() / 1000);
let qnBase = Date.now();
let sampleEvery = 0;
let sentTotal = 0;

function frameOf(logger: Logger, measured: boolean): { qn: string; frame: string; entry: InFlight } {
  logger.seq += 1;
  const dataTime = dataTimeStart + logger.seq;
  // The simulator's value model (plausible, smooth, within each factor's range) and a last-digit
  // jitter: values jumping about at random would cross the default alarm rules' limits (humidity
  // ≤ 100 %) again and again, values repeated for a minute would trip the stuck-sensor rule, and the
  // bench would measure an alarm storm instead of the gateway.
  const values = FACTORS.map((factor, k) => {
    const range = SIMULATED_RANGES[factor as keyof typeof SIMULATED_RANGES] ?? { min: 0, max: 100, decimals: 1 };
    const base = simulatedReading({ deviceType: 'A01', factor, t: dataTime, seed: 2026, deviceIndex: logger.index });
    const jitter = (((logger.seq * 7 + k * 3) % 5) - 2) * 10 ** -range.decimals;
    const rtd = Number(Math.min(range.max, Math.max(range.min, base + jitter)).toFixed(range.decimals));
    return { factor, rtd, flag: 'N' as const };
  });
  // A QN unique per device and frame (HJ 212 matches the answer to the request by it).
  const qn = formatQn(qnBase + logger.seq);
  const frame = encodeFrame(
    buildDataPacket({ st: '22', cn: '2011', pw: logger.pw, mn: logger.mn, dataTime, qn, values }),
  );
  sentTotal += 1;
  return {
    qn,
    frame,
    entry: {
      sentAt: 0,
      dataTime,
      value0: values[0]?.rtd ?? 0,
      measured,
      sample: sampleEvery > 0 && sentTotal % sampleEvery === 0,
    },
  };
}

function sendFrame(logger: Logger, measured: boolean): void {
  const { qn, frame, entry } = frameOf(logger, measured);
  entry.sentAt = performance.now();
  logger.inFlight.set(qn, entry);
  logger.socket.write(frame);
}

function attach(logger: Logger): void {
  logger.socket.setEncoding('latin1');
  logger.socket.setNoDelay(true);
  logger.socket.on('data', (chunk: string) => {
    const at = performance.now();
    logger.buffer += chunk;
    let end = logger.buffer.indexOf('\r\n');
    while (end >= 0) {
      const line = logger.buffer.slice(0, end);
      logger.buffer = logger.buffer.slice(end + 2);
      end = logger.buffer.indexOf('\r\n');
      if (!line.includes('CN=9014')) continue;
      const i = line.indexOf('QN=');
      if (i < 0) continue;
      const qn = line.slice(i + 3, i + 20);
      const entry = logger.inFlight.get(qn);
      if (entry === undefined) continue;
      logger.inFlight.delete(qn);
      onAnswer(logger, entry, at);
      if (entry.sample) {
        send({
          type: 'sample',
          mn: logger.mn,
          dataTime: entry.dataTime,
          factor: FACTOR0,
          value: entry.value0,
          answeredAt: Date.now(),
        });
      }
    }
  });
  logger.socket.on('error', () => undefined);
}

async function connect(command: Extract<Command, { type: 'connect' }>): Promise<void> {
  const started = performance.now();
  let failed = 0;
  const open = (device: LoadDevice, index: number) =>
    new Promise<Logger | null>((resolve) => {
      const socket = net.connect(command.port, command.host, () => {
        socket.off('error', fail);
        resolve({ ...device, index, socket, buffer: '', seq: 0, inFlight: new Map() });
      });
      const fail = () => {
        failed += 1;
        resolve(null);
      };
      socket.once('error', fail);
    });
  // Groups of 100: the server's accept backlog is finite, as is a real fleet's reconnection rate.
  for (let i = 0; i < command.devices.length; i += 100) {
    const group = await Promise.all(command.devices.slice(i, i + 100).map((d, k) => open(d, i + k)));
    for (const logger of group) {
      if (logger === null) continue;
      attach(logger);
      loggers.push(logger);
    }
  }
  send({ type: 'connected', count: loggers.length, ms: performance.now() - started, failed });
}

/** Waits until the measured frames are answered (or the drain time is up); returns how many were not. */
async function drain(): Promise<number> {
  const until = performance.now() + DRAIN_MS;
  const pending = () => {
    let n = 0;
    for (const logger of loggers) for (const entry of logger.inFlight.values()) if (entry.measured) n += 1;
    return n;
  };
  while (pending() > 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 50));
  const left = pending();
  for (const logger of loggers) logger.inFlight.clear();
  return left;
}

async function sustain(command: Extract<Command, { type: 'sustain' }>): Promise<void> {
  dataTimeStart = command.dataTimeStart;
  qnBase = Date.now();
  sampleEvery = command.sampleEvery;
  const histogram = new Histogram();
  const total = command.warmupSeconds + command.seconds;
  const start = performance.now();
  const measureFrom = start + command.warmupSeconds * 1000;
  const measureTo = measureFrom + command.seconds * 1000;
  const perSecond = new Array<number>(Math.ceil(command.seconds)).fill(0);
  let answeredInWindow = 0;
  let sentMeasured = 0;
  let generatorLagMs = 0;
  onAnswer = (_logger, entry, at) => {
    if (entry.measured) histogram.add(at - entry.sentAt);
    if (at >= measureFrom && at < measureTo) {
      answeredInWindow += 1;
      const s = Math.floor((at - measureFrom) / 1000);
      if (s < perSecond.length) perSecond[s] = (perSecond[s] ?? 0) + 1;
    }
  };
  let sent = 0;
  let cursor = 0;
  let lastTick = start;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      if (now - lastTick > 100) generatorLagMs += now - lastTick;
      lastTick = now;
      const elapsed = Math.min(now - start, total * 1000);
      const due = Math.floor((elapsed / 1000) * command.rate);
      while (sent < due) {
        const logger = loggers[cursor];
        cursor = (cursor + 1) % loggers.length;
        sent += 1;
        if (logger === undefined || logger.socket.destroyed) continue;
        const measured = now >= measureFrom && now < measureTo;
        if (measured) sentMeasured += 1;
        sendFrame(logger, measured);
      }
      if (now - start >= total * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  const unanswered = await drain();
  onAnswer = () => undefined;
  send({
    type: 'report',
    phase: 'sustain',
    report: {
      sent: sentMeasured,
      answeredInWindow,
      unanswered,
      seconds: command.seconds,
      perSecond: perSecond.slice(0, Math.floor(command.seconds)),
      latency: histogram.report(),
      generatorLagMs,
    },
  });
}

async function ceiling(command: Extract<Command, { type: 'ceiling' }>): Promise<void> {
  sampleEvery = 0;
  const histogram = new Histogram();
  const start = performance.now();
  const end = start + command.seconds * 1000;
  const perSecond = new Array<number>(Math.ceil(command.seconds)).fill(0);
  let answeredInWindow = 0;
  let sent = 0;
  let running = true;
  onAnswer = (logger, entry, at) => {
    histogram.add(at - entry.sentAt);
    if (at < end) {
      answeredInWindow += 1;
      const s = Math.floor((at - start) / 1000);
      if (s < perSecond.length) perSecond[s] = (perSecond[s] ?? 0) + 1;
    }
    if (running && at < end && !logger.socket.destroyed) {
      sent += 1;
      sendFrame(logger, true);
    }
  };
  for (const logger of loggers) {
    for (let i = 0; i < command.window; i++) {
      sent += 1;
      sendFrame(logger, true);
    }
  }
  await new Promise((r) => setTimeout(r, command.seconds * 1000));
  running = false;
  const unanswered = await drain();
  onAnswer = () => undefined;
  send({
    type: 'report',
    phase: 'ceiling',
    report: {
      sent,
      answeredInWindow,
      unanswered,
      seconds: command.seconds,
      perSecond: perSecond.slice(0, Math.floor(command.seconds)),
      latency: histogram.report(),
      generatorLagMs: 0,
    },
  });
}

process.on('message', (command: Command) => {
  const task =
    command.type === 'connect'
      ? connect(command)
      : command.type === 'sustain'
        ? sustain(command)
        : command.type === 'ceiling'
          ? ceiling(command)
          : (async () => {
              for (const logger of loggers) logger.socket.destroy();
              loggers = [];
              process.disconnect();
            })();
  task.catch((err: unknown) => send({ type: 'error', message: err instanceof Error ? err.message : String(err) }));
});
